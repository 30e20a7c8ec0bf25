// Visitor tokens only: the token manager (with http and ky).
export { createTokenManager } from '@site-identity/tokens';
