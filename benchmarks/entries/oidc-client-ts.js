// oidc-client-ts: the user manager.
export { UserManager } from 'oidc-client-ts';
