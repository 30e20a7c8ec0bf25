import { packageBuild } from '../../config/tsup.base';

// Rollup's tree-shaking pass would drop the directive; esbuild's own is enough here.
export default packageBuild({
  entry: ['src/index.ts', 'src/popup.ts', 'src/mfa.ts', 'src/member.ts'],
  splitting: true,
  banner: { js: "'use client';" },
  treeshake: false,
});
