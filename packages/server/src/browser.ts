/**
 * The browser side of `@site-identity/server`: a token source for
 * `createTokenManager` that asks the server's `GET {basePath}/session` for a fresh
 * access token instead of holding a refresh token. Kept apart from the server
 * entry so that a page bundles only this.
 *
 * @packageDocumentation
 */
export {
  serverSessionSource,
  SERVER_SESSION_PLACEHOLDER,
  type ServerSessionSource,
  type ServerSessionSourceOptions,
} from './server-session-source';
