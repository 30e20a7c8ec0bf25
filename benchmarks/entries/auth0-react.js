// @auth0/auth0-react: provider, hook and route guard.
export { Auth0Provider, useAuth0, withAuthenticationRequired } from '@auth0/auth0-react';
