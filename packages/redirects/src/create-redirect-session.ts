// The separate import `@site-identity/redirects/redirect-session`: a redirect session for
// any intent (checkouts, bookings, a product page), for apps that send visitors to the
// platform's hosted pages (hosted login does not need it).
import type {
  RedirectIntents,
  RedirectSession,
  RedirectSessionRequest,
  Redirects,
} from '@site-identity/redirects';
import { invalid, isRecord } from '@site-identity/http/internal';
import { postRedirectSession } from './auth-url';
import { internals } from './internals';
import { invalidArgument } from './redirects-error';

/** The names of the intents, for the one-intent check. */
const INTENTS: ReadonlyArray<keyof RedirectIntents> = [
  'auth',
  'login',
  'logout',
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'storesProduct',
  'bookingsBook',
];

/** Checks that `request` carries exactly one intent; the error names the ones it carries. */
function checkRequest(request: unknown): void {
  const given = INTENTS.filter((name) => name in Object(request));
  if (given.length !== 1)
    throw invalid(
      {
        name: 'request',
        expected: `an object with exactly one intent of ${INTENTS.join(', ')}`,
        value: request,
        shown: isRecord(request)
          ? `an object with ${given.join(' and ') || 'none of them'}`
          : undefined,
      },
      invalidArgument,
    );
}

/**
 * Creates a redirect session for the redirect client it is given: POSTs `request`
 * (exactly one intent of `RedirectIntents`, such as `ecomCheckout` or
 * `bookingsCheckout`, plus `prompt`, `callbacks`, `preferences`, `origin`) to
 * `/_api/redirects-api/v1/redirect-session`, authorised with the token manager's
 * current access token, and resolves with the session: the hosted page's
 * `fullUrl` to open, its `urlDetails` and `sessionToken`. A separate import, so
 * that an app that only signs members in does not download it.
 *
 * Rejects with a `RedirectsError`: `INVALID_ARGUMENT` (a `redirects` that
 * `createRedirects` did not make, a request without exactly one intent, a `signal`
 * that is not an `AbortSignal`; nothing is sent), `NO_REDIRECT_URL` (an answer
 * without `fullUrl`, with its `requestId`); with a `PlatformError` of
 * `@site-identity/http` for a failed call (`ABORTED` when `signal` aborts it); or
 * with the token manager's own error when it has no access token (nothing is sent).
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createRedirectSession } from '@site-identity/redirects/redirect-session';
 *
 * const redirects = createRedirects({ tokens: createTokenManager({ clientId: 'my-client-id' }) });
 *
 * const session = await createRedirectSession(redirects, {
 *   ecomCheckout: { checkoutId: 'a1b2' },
 *   callbacks: { postFlowUrl: location.href },
 * });
 * location.assign(session.fullUrl);
 * ```
 */
export async function createRedirectSession(
  redirects: Redirects,
  request: RedirectSessionRequest,
  options?: { readonly signal?: AbortSignal | undefined },
): Promise<RedirectSession> {
  const ctx = internals.borrow(redirects);
  checkRequest(request);
  return postRedirectSession(ctx, request, { call: options });
}
