// @wix/sdk: a client with the OAuth strategy (visitor tokens, hosted login, member login).
export { createClient, OAuthStrategy } from '@wix/sdk';
