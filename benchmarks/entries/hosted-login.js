// Hosted login: redirects (PKCE, callback, silent login) over the token manager.
export { createRedirects } from '@site-identity/redirects';
export { createTokenManager } from '@site-identity/tokens';
