// @auth0/auth0-spa-js: the client factory.
export { createAuth0Client } from '@auth0/auth0-spa-js';
