// @wix/sdk's createClient with our session: a token manager, createAuthStrategy and the renewing fetch.
export { createClient } from '@wix/sdk';
export { createTokenManager } from '@site-identity/tokens';
export { createAuthStrategy, createRenewingFetch } from '@site-identity/wix-sdk';
