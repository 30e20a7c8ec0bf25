// @okta/okta-auth-js: the auth client.
export { OktaAuth } from '@okta/okta-auth-js';
