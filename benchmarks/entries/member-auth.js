// Full member auth: register, login, verification, recovery, MFA over redirects and tokens.
export { createMemberAuth } from '@site-identity/member-auth';
export { createRedirects } from '@site-identity/redirects';
export { createTokenManager } from '@site-identity/tokens';
