import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: [
    'src/index.ts',
    'src/auto-refresh.ts',
    'src/inspection.ts',
    'src/authorized-client.ts',
    'src/token-request-headers.ts',
  ],
  splitting: true,
  // The separate imports name the main entry's types by the package's own name.
  external: ['@site-identity/tokens'],
});
