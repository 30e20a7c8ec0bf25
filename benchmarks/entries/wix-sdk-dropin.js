// @wix/sdk's createClient with the drop-in OAuthStrategy of @site-identity/wix-sdk.
export { createClient } from '@wix/sdk';
export { OAuthStrategy } from '@site-identity/wix-sdk';
