// Visitor tokens only: the token manager (with http's send; ky is not in it).
export { createTokenManager } from '@site-identity/tokens';
