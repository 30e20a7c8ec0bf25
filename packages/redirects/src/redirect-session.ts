import { PlatformError, type HttpResponse } from '@site-identity/http';
import { serverText } from '@site-identity/http/internal';
import { RedirectsError } from './redirects-error';

/**
 * How the hosted page hands the answer back: in the redirect URI's `fragment`
 * (default), its `query`, or as a `web_message` posted to the parent window.
 *
 * @example
 * ```ts
 * import type { ResponseMode } from '@site-identity/redirects';
 *
 * const mode: ResponseMode = 'web_message';
 * ```
 * @see https://openid.net/specs/oauth-v2-form-post-response-mode-1_0.html
 */
export type ResponseMode = 'fragment' | 'query' | 'web_message';

/**
 * Whether the hosted page may show a login form (`login`) or must answer at once
 * (`none`, used with a session token for a silent login).
 *
 * @example
 * ```ts
 * import type { Prompt } from '@site-identity/redirects';
 *
 * const prompt: Prompt = 'none';
 * ```
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthRequest
 */
export type Prompt = 'login' | 'none';

/**
 * The authorization request of an `auth` intent (authorization code + PKCE).
 *
 * @example
 * ```ts
 * import type { AuthRequest } from '@site-identity/redirects';
 * declare const clientId: string;
 * declare const codeChallenge: string;
 * declare const state: string;
 *
 * const authRequest: AuthRequest = {
 *   clientId, redirectUri: 'https://shop.example/callback', codeChallenge, codeChallengeMethod: 'S256',
 *   responseMode: 'fragment', responseType: 'code', scope: 'offline_access', state,
 * };
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.3
 */
export interface AuthRequest {
  readonly redirectUri: string;
  readonly clientId: string;
  readonly codeChallenge: string;
  readonly codeChallengeMethod: 'S256';
  readonly responseMode: ResponseMode;
  readonly responseType: 'code';
  readonly scope: 'offline_access';
  readonly state: string;
  readonly sessionToken?: string;
  /** An identity-provider connection id (social or SSO login). */
  readonly idp?: string;
}

/** Fields the platform may add to an intent; kept open so that new ones pass through. */
type Open = { readonly [field: string]: unknown };

/**
 * The intents a redirect session can carry, by name. A request carries exactly one.
 *
 * @example
 * ```ts
 * import type { RedirectIntents } from '@site-identity/redirects';
 *
 * const checkout: RedirectIntents['ecomCheckout'] = { checkoutId: 'a1b2' };
 * ```
 */
export interface RedirectIntents {
  /** Hosted login with authorization code + PKCE. */
  auth: { readonly authRequest: AuthRequest };
  /** The hosted login page, without a code flow (pre-warm). */
  login: Open;
  /** The platform's logout page. */
  logout: { readonly clientId: string } & Open;
  bookingsCheckout: { readonly timezone?: string; readonly slotAvailability?: unknown } & Open;
  ecomCheckout: { readonly checkoutId: string } & Open;
  eventsCheckout: { readonly eventSlug?: string; readonly reservationId?: string } & Open;
  paidPlansCheckout: { readonly planId: string; readonly checkoutData?: string } & Open;
  storesProduct: { readonly productSlug: string } & Open;
  bookingsBook: { readonly resourceId?: string } & Open;
}

/**
 * Where the hosted flow returns to (`postFlowUrl`) and other pages it links to.
 *
 * @example
 * ```ts
 * import type { RedirectCallbacks } from '@site-identity/redirects';
 *
 * const callbacks: RedirectCallbacks = { postFlowUrl: 'https://shop.example/' };
 * ```
 */
export interface RedirectCallbacks extends Open {
  readonly postFlowUrl?: string;
  readonly thankYouPageUrl?: string;
  readonly cartPageUrl?: string;
  readonly loginUrl?: string;
}

/**
 * What every redirect session request may carry besides its one intent.
 *
 * @example
 * ```ts
 * import type { RedirectSessionOptions } from '@site-identity/redirects';
 *
 * const options: RedirectSessionOptions = { prompt: 'login', callbacks: { postFlowUrl: location.href } };
 * ```
 */
export interface RedirectSessionOptions {
  readonly prompt?: Prompt;
  readonly callbacks?: RedirectCallbacks;
  readonly preferences?: Open;
  readonly origin?: string;
}

type ExactlyOne<T> = {
  [K in keyof T]: { readonly [P in K]: T[K] } & { readonly [P in Exclude<keyof T, K>]?: never };
}[keyof T];

/**
 * The body of `POST /_api/redirects-api/v1/redirect-session`: exactly one intent
 * of {@link RedirectIntents} plus {@link RedirectSessionOptions}. What
 * `createRedirectSession` of `@site-identity/redirects/redirect-session` takes.
 *
 * @example
 * ```ts
 * import type { RedirectSessionRequest } from '@site-identity/redirects';
 * declare const clientId: string;
 *
 * const request: RedirectSessionRequest = {
 *   logout: { clientId },
 *   callbacks: { postFlowUrl: 'https://shop.example/' },
 * };
 * ```
 */
export type RedirectSessionRequest = ExactlyOne<RedirectIntents> & RedirectSessionOptions;

/**
 * A redirect session: where to send the browser (`fullUrl`), the same split into
 * `urlDetails`, and the platform's session token for it.
 *
 * @example
 * ```ts
 * import type { RedirectSession, Redirects } from '@site-identity/redirects';
 * import { createRedirectSession } from '@site-identity/redirects/redirect-session';
 * declare const redirects: Redirects;
 *
 * const session: RedirectSession = await createRedirectSession(redirects, { login: {} });
 * window.location.assign(session.fullUrl);
 * ```
 */
export interface RedirectSession {
  readonly id?: string;
  readonly fullUrl: string;
  readonly urlDetails?: {
    readonly endpoint?: string;
    readonly searchParams?: Readonly<Record<string, string>>;
  };
  readonly sessionToken?: string;
}

/**
 * The redirect session in a platform answer; `NO_REDIRECT_URL` when it has no `fullUrl`,
 * carrying the answer's request id (on the error and on its `PlatformError` cause).
 */
export function readRedirectSession({
  data,
  requestId,
}: Pick<HttpResponse, 'data' | 'requestId'>): RedirectSession {
  const session = (data as { redirectSession?: unknown } | null)?.redirectSession as
    RedirectSession | undefined;
  if (!session?.fullUrl || typeof session.fullUrl !== 'string') {
    throw new RedirectsError('No redirect URL found', {
      code: 'NO_REDIRECT_URL',
      requestId,
      cause: new PlatformError(
        `No fullUrl in the answer, request-id: ${(requestId && serverText(requestId)) || 'unknown'}`,
        {
          kind: 'system',
          code: 'INVALID_RESPONSE',
          requestId,
        },
      ),
    });
  }
  return session;
}
