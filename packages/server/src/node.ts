/**
 * The `node:http` side of `@site-identity/server`: a Web `Request` from an
 * `IncomingMessage`, and a Web `Response` written to a `ServerResponse`, so that
 * `handle` and `getSession` serve a plain Node server. Kept apart from the main
 * entry so that other runtimes never see `node:` types.
 *
 * @packageDocumentation
 */
export { sendWebResponse, toWebRequest, type NodeRequestOptions } from './node-adapter';
