import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: [
    'src/index.ts',
    'src/captcha.ts',
    'src/external-login.ts',
    'src/webauthn.ts',
    'src/push.ts',
    'src/current-member.ts',
    // Not public API: what the devtools use (the configuration rule, the refusals heard).
    'src/internal.ts',
  ],
  splitting: true,
  // The separate imports name the main entry's types by the package's own name.
  external: ['@site-identity/member-auth'],
});
