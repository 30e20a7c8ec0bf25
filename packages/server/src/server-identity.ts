import { flowCookie } from './flow-cookie';
import { sessionGetter } from './get-session';
import { platformClients } from './platform-clients';
import { createRenewal, type RenewalTiming } from './renewal';
import { sessionResolver } from './resolve-session';
import { routes } from './routes';
import { serverConfig } from './server-config';
import type { ServerIdentity, ServerIdentityOptions } from './server-identity-types';
import { sessionCookie } from './session-cookie';
import { memberReader } from './session-member';

/**
 * A claim outlives the token request's time-out; a result answers late requests for
 * a minute; a waiter gives up after 17 s and looks every 25 ms (docs/server-session.md).
 */
const RENEWAL_TIMING: RenewalTiming = {
  claimMs: 15_000,
  resultMs: 60_000,
  waitMs: 17_000,
  pollMs: 25,
};

/**
 * Creates the session of a site on a server, on Web `Request`/`Response` (Next.js
 * route handlers and proxy, Astro, Remix, Hono, `node:http` through an adapter):
 *
 * - `handle(request)` answers `GET /login` (hosted login: PKCE flow in a short-lived
 *   cookie; query `returnTo`, `prompt`, `idp`), `GET /callback` (state check, code
 *   exchange, session cookie, redirect to a same-origin `returnTo` only), `POST /login`
 *   (form post of `email` and `password`, finished by a top-level redirect with the
 *   session token; every other `LoginResult` state redirects to the failure page with
 *   `loginState` and `errorCode`, or answers JSON for `Accept: application/json`),
 *   `POST /logout` (clears the session, redirects to the platform's logout URL) and
 *   `GET /session` (the snapshot as JSON; with `exposeAccessToken`, a fresh access
 *   token too — never the refresh token). Any other path: `null`.
 * - `getSession(request)`: the snapshot, a valid access token for server-side calls
 *   (visitor tokens minted for a new visitor) and the `Set-Cookie` headers to add.
 *
 * The cookie is `HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure` except on
 * `http://localhost`, AES-256-GCM sealed with `secret` (or the first of `secrets`),
 * chunked past 4 kB. A tampered, expired or undecryptable cookie is a visitor.
 * Renewal follows the token engine's rules — a member is lost only when the platform
 * rejects the refresh token — once per session in this process, and once across
 * instances through `coordinator`.
 *
 * @throws {@link ServerIdentityError} `INVALID_ARGUMENT` for a bad option.
 *
 * @example
 * ```ts
 * import { createServerIdentity } from '@site-identity/server';
 *
 * const identity = createServerIdentity({ clientId: 'my-client-id', secret: process.env.SESSION_SECRET! });
 *
 * // A route handler for /auth/*:
 * export const GET = async (request: Request) =>
 *   (await identity.handle(request)) ?? new Response('Not found', { status: 404 });
 * // Server rendering, with the request at hand:
 * declare const request: Request;
 * const { snapshot, accessToken, headers } = await identity.getSession(request);
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1 RFC 6265 §4.1 (Set-Cookie)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 RFC 9700 §4.14.2 (refresh token rotation)
 */
export function createServerIdentity(options: ServerIdentityOptions): ServerIdentity {
  const config = serverConfig(options);
  const { clientId, basePath, cookieName, sealer, now } = config;
  const platform = platformClients(config);
  const session = sessionCookie({
    name: cookieName,
    sealer,
    maxAgeSeconds: config.sessionMaxAgeSeconds,
    now,
  });
  const renew = createRenewal({
    coordinator: config.coordinator,
    sealer,
    renew: platform.renew,
    now,
    timing: RENEWAL_TIMING,
  });
  const resolve = sessionResolver({
    session,
    visitorTokens: platform.visitorTokens,
    renew,
    now,
    leewaySeconds: config.leewaySeconds,
  });
  const handle = routes({
    clientId,
    basePath,
    exposeAccessToken: config.exposeAccessToken,
    resolve,
    clientsFor: platform.clientsFor,
    exchangeCode: platform.exchangeCode,
    retire: platform.retire,
    session,
    flows: flowCookie({ name: cookieName, path: basePath, sealer, now }),
  });
  const readMember = memberReader({ clientsFor: platform.clientsFor, now });
  return {
    handle,
    getSession: sessionGetter(resolve, readMember) as ServerIdentity['getSession'],
  };
}
