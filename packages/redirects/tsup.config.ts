import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: ['src/index.ts', 'src/popup.ts'],
  splitting: true,
  // The separate import names the main entry's types by the package's own name.
  external: ['@site-identity/redirects'],
});
