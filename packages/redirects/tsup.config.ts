import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: ['src/index.ts', 'src/popup.ts', 'src/prewarm.ts'],
  splitting: true,
  // The separate imports name the main entry's types by the package's own name.
  external: ['@site-identity/redirects'],
});
