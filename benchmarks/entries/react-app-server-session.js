// The React app of react-app.js with the session on the server: the same
// instances plus the browser-side token source of @site-identity/server, which
// asks GET /auth/session instead of holding a refresh token.
export * from './react-app.js';
export { serverSessionSource } from '@site-identity/server/browser';
