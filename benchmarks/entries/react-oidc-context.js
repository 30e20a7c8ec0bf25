// react-oidc-context: provider, hook and route guard.
export { AuthProvider, useAuth, withAuthenticationRequired } from 'react-oidc-context';
