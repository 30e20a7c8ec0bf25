import {
  REQUEST_ID_HEADER,
  statusTextOf,
  type FetchLike as HttpFetchLike,
  type PlatformError,
} from '@site-identity/http';
import {
  absoluteUrl,
  attempt,
  exchange,
  invalid,
  isRecord,
  optionalFunction,
  readCapped,
  RETRYABLE_STATUSES,
  serverText,
  signalOf,
  timeoutMs as checkTimeout,
} from '@site-identity/http/internal';
import {
  invalidArgument,
  TokenEndpointError,
  type GrantType,
  type TokensErrorCode,
} from './tokens-error';
import { authorizedClientGrant } from './authorized-client-grant';
import { grantHeaders } from './grant-headers';
import { anonymousGrant, refreshGrant, required, type GrantRequest } from './grant-request';
import { expiresInOf, tokensFromAnswer } from './token-set';
import { endpointReason, grantSecrets } from './endpoint-reason';
import type { RefreshToken, Tokens } from './types';
import type { SignalOption } from './tokens-error';

/**
 * The platform's token endpoint, the default `tokenUrl`.
 *
 * @example
 * ```ts
 * import { createTokenEndpoint, DEFAULT_TOKEN_URL } from '@site-identity/tokens';
 * const endpoint = createTokenEndpoint({ clientId: 'my-client-id', tokenUrl: DEFAULT_TOKEN_URL });
 * ```
 */
export const DEFAULT_TOKEN_URL = 'https://www.wixapis.com/oauth2/token';

/**
 * The `fetch` seam: called with a `Request`; defaults to `globalThis.fetch`,
 * looked up per request (so MSW and other interceptors see every call).
 *
 * @example
 * ```ts
 * import type { FetchLike } from '@site-identity/tokens';
 * const logged: FetchLike = (request) => (console.log(request.method, request.url), fetch(request));
 * ```
 */
export type FetchLike = HttpFetchLike;

/**
 * Options of {@link createTokenEndpoint}.
 *
 * @example
 * ```ts
 * import type { TokenEndpointOptions } from '@site-identity/tokens';
 * const options: TokenEndpointOptions = { clientId: 'my-client-id', now: () => Date.now() };
 * ```
 */
export interface TokenEndpointOptions {
  /** The site's OAuth client id. */
  readonly clientId: string;
  /** Default {@link DEFAULT_TOKEN_URL}. */
  readonly tokenUrl?: string;
  /** Default `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** The clock, in epoch milliseconds, for `expiresAt`. Default `Date.now()`. */
  readonly now?: () => number;
  /** Time-out of a token request in milliseconds. Default 10 000. */
  readonly timeoutMs?: number;
  /**
   * Extra headers on every token request (e.g. `client-binding`): a record, or a
   * function called once per request that returns one. `accept`, `content-type` and
   * `authorization` stay the library's.
   */
  readonly tokenRequestHeaders?: TokenRequestHeaders;
}

/**
 * Extra headers of token requests (such as `client-binding`): a record of header
 * values, or a function called once per request that returns one. Each header is
 * checked when a request is made: an unsafe name, a line break inside a value, or a
 * value that is not a string rejects that request with `TokensError`
 * `INVALID_ARGUMENT` naming the header (`tokenRequestHeaders["client-binding"] must be
 * a header-safe string; got …`), and nothing is sent. A value is sent trimmed of
 * surrounding white space, as `fetch` sends it. `accept`, `content-type` and
 * `authorization` are the library's, set where the request is built: extra headers by
 * those names are never sent.
 *
 * @example
 * ```ts
 * import { createTokenManager, type TokenRequestHeaders } from '@site-identity/tokens';
 *
 * const binding = { current: 'device-1' };
 * const tokenRequestHeaders: TokenRequestHeaders = () => ({ 'client-binding': binding.current });
 * const manager = createTokenManager({ clientId: 'my-client-id', tokenRequestHeaders });
 * ```
 */
export type TokenRequestHeaders =
  Readonly<Record<string, string>> | (() => Readonly<Record<string, string>>);

/**
 * The four grants of the platform's token endpoint. Each resolves with a new
 * token set (`expiresAt` = now in seconds + `expires_in`) or rejects with a
 * {@link TokenEndpointError}; a malformed answer is one too.
 *
 * @example
 * ```ts
 * import type { TokenEndpoint } from '@site-identity/tokens';
 * declare const endpoint: TokenEndpoint;
 * const visitor = await endpoint.anonymous(); // role 'visitor'
 * const renewed = await endpoint.refresh(visitor.refreshToken); // role kept
 * ```
 */
export interface TokenEndpoint {
  /** Anonymous visitor tokens (role `visitor`). */
  anonymous(options?: SignalOption): Promise<Tokens>;
  /**
   * Renews the access token. The role of a `RefreshToken` is kept; a bare string
   * counts as a visitor's. Without a new refresh token in the answer the old one stays.
   */
  refresh(refreshToken: RefreshToken | string, options?: SignalOption): Promise<Tokens>;
  /** Exchanges an authorization code and its PKCE verifier for member tokens. */
  exchangeCode(
    request: {
      code: string;
      codeVerifier: string;
      redirectUri: string;
    } & SignalOption,
  ): Promise<Tokens>;
  /**
   * Member tokens from an access token plus a second token (`authorized_client`);
   * with `sessionToken` (a sign-on's), tied to that site session.
   */
  authorizedClient(
    request: {
      memberId: string;
      accessToken: string;
      secondToken: string;
      sessionToken?: string;
    } & SignalOption,
  ): Promise<Tokens>;
}

/** `tokenRequestHeaders` checked: a record, a function returning one, or nothing. */
function checkedExtra(extra: unknown): TokenRequestHeaders | undefined {
  if (extra === undefined || typeof extra === 'function' || isRecord(extra))
    return extra as TokenRequestHeaders | undefined;
  throw invalid(
    {
      name: 'tokenRequestHeaders',
      expected: 'a record of header values or a function returning one',
      value: extra,
    },
    invalidArgument,
  );
}

/** The code of a failed grant: what came (a status) or what happened (no answer). */
function failureCode(
  grantType: GrantType,
  status: number | undefined,
  kind: string,
): TokensErrorCode {
  if (status === undefined) return kind === 'timeout' ? 'TIMEOUT' : 'NETWORK_ERROR';
  if (status === 200) return 'INVALID_RESPONSE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 408) return 'TIMEOUT';
  if (status >= 500) return 'SERVER_ERROR';
  return grantType === 'refresh_token' && (status === 400 || status === 401)
    ? 'INVALID_GRANT'
    : 'REQUEST_REJECTED';
}

/**
 * The failures of answers that issued an access token with a lifetime out of range
 * (`expires_in` not a whole number of seconds from 1 to a year): the endpoint meant
 * it and will say it again, unlike a transient malformed answer. @internal
 */
const lifetimeRefusals = new WeakSet();

/** Whether `error` is the failure of an answer whose access token's lifetime was out of range. @internal */
export const isLifetimeRefusal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && lifetimeRefusals.has(error);

/** The largest answer of the token endpoint read: 64 KiB, far more than a token set needs. @internal */
export const MAX_ANSWER_BYTES = 65_536;

/**
 * What a grant's request came to: the endpoint's answer (the response, and its body as
 * JSON, `undefined` when it is not JSON), or the `cause` when no answer came.
 */
interface GrantAnswer {
  readonly response?: Response;
  readonly data?: unknown;
  readonly cause?: PlatformError;
}

/**
 * Reads an answer of the token endpoint, within the request's time-out. Whatever the
 * status, the answer is the endpoint's: {@link grantFailure} judges it by its status, as
 * an OAuth endpoint's error (RFC 6749 §5.2) is meant to be; the platform's error
 * envelope, which the library's other calls read, says nothing a grant's caller acts on.
 * A body that cannot be read is a network failure (`exchange` wraps it); one over
 * {@link MAX_ANSWER_BYTES} is read no further and is no answer.
 */
async function readGrantAnswer(response: Response): Promise<GrantAnswer> {
  const bytes = await readCapped(response, MAX_ANSWER_BYTES);
  // An answer over the limit is not read whole: no token set (`INVALID_RESPONSE` for a 200).
  const text = bytes && new TextDecoder().decode(bytes);
  return {
    response,
    data: text === undefined ? undefined : attempt(() => JSON.parse(text) as unknown),
  };
}

/** What {@link grantFailure} names besides the answer: the grant, where it went, what to redact. */
interface GrantFailureContext {
  /** The grant that was asked for. */
  readonly grantType: GrantType;
  /** The endpoint as messages name it: host and path, never a query. */
  readonly url: string;
  /** The values the request carried that no message may show (the endpoint's reason is redacted of them). */
  readonly secrets: readonly string[];
}

/**
 * The error of a grant that gave no token set: the {@link TokenEndpointError} that
 * says what came (an answer: kind `application` for a 4xx as http gives it, `system`
 * for a 200 that is not a token set, else `http`; the endpoint's `error_description` as
 * `description`), or what happened when no answer came (`cause`); when the caller's
 * signal aborted the request, http's one abort error as `exchange` gave it.
 */
function grantFailure(
  { response, data, cause }: GrantAnswer,
  { grantType, url, secrets }: GrantFailureContext,
): PlatformError {
  if (cause?.kind === 'aborted') return cause;
  const status = response?.status;
  const requestId = response?.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const kind =
    cause?.kind ??
    (status === 200 ? 'system' : status! >= 400 && status! < 500 ? 'application' : 'http');
  const reason = (data as { error_description?: unknown } | undefined)?.error_description;
  // No answer: the cause names the request and the network's reason; an answer: its
  // status and status text, from where.
  const what = response
    ? `${status === 200 ? 'the answer is not a token set' : `${status} ${statusTextOf(status!, response.statusText)}`} from POST ${url}`
    : cause?.message;
  const shownId = requestId && serverText(requestId);
  const id = shownId ? `, request id: ${shownId}` : '';
  // The endpoint's own words (`invalid_client: unknown client`), capped and never interpreted.
  const said = response && status !== 200 ? endpointReason(data, secrets) : undefined;
  const because = said ? ` (the endpoint says: ${said})` : '';
  return new TokenEndpointError(`Failed to fetch tokens from OAuth API: ${what}${because}${id}`, {
    detail: cause?.detail ?? { method: 'POST', url },
    code: failureCode(grantType, status, kind),
    grantType,
    kind,
    status,
    requestId,
    // http's meaning: network, time-out, 408, 429, 502, 503, 504.
    retryable: cause ? cause.retryable : RETRYABLE_STATUSES.includes(status!),
    description: typeof reason === 'string' ? reason : undefined,
    response,
    cause,
  });
}

/**
 * The checked options of {@link createTokenEndpoint}: what every grant is sent with. The
 * token URL is always given: the endpoint's default, or the manager's from its `apiBaseUrl`.
 */
function endpointSettings(options: TokenEndpointOptions & { readonly tokenUrl: string }) {
  const clientId = required(options?.clientId, 'clientId');
  const { now = () => Date.now() } = options;
  // Parsed once: each request is sent to a copy of it.
  const tokenUrl = absoluteUrl(options.tokenUrl, 'tokenUrl', invalidArgument);
  // The fields are checked in this order: fetch, now, timeoutMs, then tokenRequestHeaders.
  return {
    clientId,
    tokenUrl,
    // How messages name the endpoint: host and path, never a query.
    url: tokenUrl.origin + tokenUrl.pathname,
    fetch: optionalFunction(options.fetch, 'fetch', invalidArgument),
    now: optionalFunction(now, 'now', invalidArgument),
    timeoutMs: checkTimeout(options.timeoutMs ?? 10_000, 'timeoutMs', invalidArgument),
    extra: checkedExtra(options.tokenRequestHeaders),
  };
}

/**
 * POSTs one grant: `{ clientId, grantType, ...fields }`, or `fields` alone for
 * `authorized_client`, which speaks snake_case and is authorised by its header.
 */
async function sendGrant(
  settings: ReturnType<typeof endpointSettings>,
  { grantType, role, fields, options, previous, authorization }: GrantRequest,
): Promise<Tokens> {
  const signal = signalOf(options, invalidArgument);
  const body =
    grantType === 'authorized_client'
      ? fields
      : { clientId: settings.clientId, grantType, ...fields };
  // The extra headers, checked, with the library's own set over them.
  const headers = grantHeaders(settings.extra, authorization);
  // exchange rejects with PlatformErrors only (every failure wrapped): kept as the cause.
  const answer: GrantAnswer = await exchange(
    { method: 'POST', url: settings.tokenUrl, body, headers, signal },
    settings,
    { read: readGrantAnswer },
  ).catch((cause: unknown) => ({ cause: cause as PlatformError }));
  // Only a 200 carries a token set; another 2xx is not the endpoint's answer.
  const tokens =
    answer.response?.status === 200
      ? tokensFromAnswer(answer.data, {
          role,
          nowMs: settings.now(),
          previousRefreshToken: previous,
        })
      : undefined;
  if (tokens) return tokens;
  const failure = grantFailure(answer, {
    grantType,
    url: settings.url,
    secrets: grantSecrets(body, authorization),
  });
  const issued = answer.response?.status === 200 && isRecord(answer.data) && answer.data;
  if (issued && issued.access_token && expiresInOf(issued.expires_in) === undefined)
    lifetimeRefusals.add(failure);
  throw failure;
}

/**
 * Creates a client of the platform's OAuth token endpoint: one JSON POST per
 * call, a time-out, and no automatic retry (a rotated refresh token is
 * single-use). It sends through http's one request path (the core of `send`),
 * without ky, so that visitor tokens stay a few kilobytes; failures become a {@link TokenEndpointError}.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 RFC 6749 §6 (refreshing an access token)
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.5 RFC 7636 §4.5 (code verifier in the token request)
 * @example
 * ```ts
 * import { createTokenEndpoint } from '@site-identity/tokens';
 * declare const code: string;
 * declare const codeVerifier: string;
 *
 * const endpoint = createTokenEndpoint({ clientId: 'my-client-id' });
 * const tokens = await endpoint.exchangeCode({ code, codeVerifier, redirectUri: 'https://example.com/callback' });
 * tokens.refreshToken.role; // 'member'
 * ```
 */
export function createTokenEndpoint(options: TokenEndpointOptions): TokenEndpoint {
  const { grant, exchangeCode } = createGrants({
    ...options,
    tokenUrl: options?.tokenUrl ?? DEFAULT_TOKEN_URL,
  });
  return {
    anonymous: async (options) => grant(anonymousGrant(options)),
    async refresh(refreshToken, options) {
      const token = typeof refreshToken === 'string' ? { value: refreshToken } : refreshToken;
      const value = required(token?.value, 'refreshToken');
      return grant(refreshGrant({ value, role: (token as RefreshToken).role }, options));
    },
    exchangeCode,
    authorizedClient: async (request) => grant(authorizedClientGrant(request)(request.accessToken)),
  };
}

/**
 * `grant`, which sends any grant request with the endpoint's settings (a token
 * manager's renewals and visitor tokens, whose refresh token its session checked;
 * the endpoint's checked calls; the `authorized_client` grant of
 * `@site-identity/tokens/authorized-client`), and the code exchange, its input
 * checked. @internal
 */
export function createGrants(options: TokenEndpointOptions & { readonly tokenUrl: string }) {
  const settings = endpointSettings(options);
  const grant = (request: GrantRequest) => sendGrant(settings, request);
  const exchangeCode: TokenEndpoint['exchangeCode'] = async (request) => {
    const fields = {
      redirectUri: required(request?.redirectUri, 'redirectUri'),
      code: required(request.code, 'code'),
      codeVerifier: required(request.codeVerifier, 'codeVerifier'),
    };
    return grant({ grantType: 'authorization_code', role: 'member', fields, options: request });
  };
  return { grant, exchangeCode };
}
