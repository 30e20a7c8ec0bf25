import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    popup: 'src/popup.ts',
    prewarm: 'src/prewarm.ts',
    // `redirect-session.ts` holds the request and answer types the main entry exports.
    'redirect-session': 'src/create-redirect-session.ts',
    // Not public API: what the devtools use (the calls' failures heard).
    internal: 'src/internal.ts',
  },
  splitting: true,
  // The separate imports name the main entry's types by the package's own name.
  external: ['@site-identity/redirects'],
});
