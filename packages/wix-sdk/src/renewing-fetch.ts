import {
  attempt,
  invalid,
  keyedFlight,
  optionalFunction,
  optionsOf,
} from '@site-identity/http/internal';
import { strategyTokens, type StrategyTokens } from './auth-strategy';
import { invalidArgument } from './wix-sdk-error';

/**
 * A `fetch` as `@wix/sdk`'s `createClient({ fetch })` takes it.
 *
 * @example
 * ```ts
 * import type { FetchFunction } from '@site-identity/wix-sdk';
 *
 * const logged: FetchFunction = (input, init) => fetch(input, init);
 * ```
 */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Options of {@link createRenewingFetch}.
 *
 * @example
 * ```ts
 * import type { RenewingFetchOptions } from '@site-identity/wix-sdk';
 *
 * const options: RenewingFetchOptions = { fetch: (input, init) => fetch(input, init) };
 * ```
 */
export interface RenewingFetchOptions {
  /** The `fetch` that sends each request. Default: the global `fetch`, looked up per call. */
  readonly fetch?: FetchFunction;
}

/** How many of the session's recent access tokens are known as its own. */
const KNOWN_TOKENS = 8;

/** The path of the token endpoint: a 401 from it is an answer, never a reason to renew. */
const TOKEN_PATH = /\/oauth2\/token\/?$/;

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** Whether `input` is the token endpoint (a relative URL is read against the page's address). */
const isTokenEndpoint = (input: RequestInfo | URL): boolean =>
  TOKEN_PATH.test(
    attempt(() => new URL(urlOf(input), globalThis.location?.href).pathname) ?? urlOf(input),
  );

/** The `Authorization` the request carries (init's headers win over a `Request`'s, as in fetch). */
function sentAuthorization(input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  if (init?.headers !== undefined) return new Headers(init.headers).get('authorization');
  return input instanceof Request ? input.headers.get('authorization') : null;
}

/** The request again, with `authorization` in place of the token that was refused. */
function withAuthorization(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  authorization: string,
): [RequestInfo | URL, RequestInit] {
  const headers = new Headers(
    init?.headers ?? (input instanceof Request ? input.headers : undefined),
  );
  headers.set('authorization', authorization);
  return [input, { ...init, headers }];
}

/**
 * A `fetch` for `@wix/sdk`'s `createClient({ fetch })` that answers a module
 * call's 401 with one renewal of the session and one retry of that call with the
 * new token. Concurrent 401s for the same token share one renewal; a 401 for a
 * token the session already replaced is retried with the current one without
 * renewing; the retry's answer, a second 401 included, is returned as it is. It
 * never renews for the token endpoint itself, nor for a request whose
 * `Authorization` is not one of the session's own tokens (an API key). A renewal
 * that fails returns the 401 (the session keeps its tokens on a transient
 * failure, as the token manager does). A `Request` with a body is cloned before it
 * is sent, so that the retry sends the same body.
 *
 * @param tokens - The session's token manager (the one `createAuthStrategy` was given).
 * @param options - {@link RenewingFetchOptions}.
 * @throws WixSdkError `INVALID_ARGUMENT` when `tokens` is not a token manager or `options.fetch` not a function.
 * @example
 * ```ts
 * import { createClient } from '@wix/sdk';
 * import { items } from '@wix/data';
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createAuthStrategy, createRenewingFetch } from '@site-identity/wix-sdk';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const client = createClient({
 *   modules: { items },
 *   auth: createAuthStrategy(tokens),
 *   fetch: createRenewingFetch(tokens),
 * });
 * const { items: products } = await client.items.query('Products').find();
 * ```
 */
export function createRenewingFetch(
  tokens: StrategyTokens,
  options?: RenewingFetchOptions,
): FetchFunction {
  const manager = strategyTokens(tokens, 'tokens');
  const given = optionsOf<RenewingFetchOptions>(options, 'options', invalidArgument);
  const send: FetchFunction =
    optionalFunction(given.fetch, 'options.fetch', invalidArgument) ??
    ((input, init) => fetch(input, init));
  const once = keyedFlight();
  /** The session's recent access tokens, newest last. */
  const known: string[] = [];
  const remember = (token: string | undefined) => {
    if (!token || known.includes(token)) return;
    known.push(token);
    if (known.length > KNOWN_TOKENS) known.shift();
  };
  const current = () => manager.getSnapshot().tokens?.accessToken.value || undefined;
  remember(current());
  manager.subscribe((snapshot) => remember(snapshot.tokens?.accessToken.value));

  /** The token to retry with after `refused` was answered 401: one renewal per refused token. */
  async function replacement(refused: string): Promise<string | undefined> {
    remember(current());
    if (!known.includes(refused)) return undefined;
    const now = current();
    if (now && now !== refused) return now;
    const renewed = await once(refused, () => manager.refresh()).catch(() => undefined);
    return renewed?.accessToken.value;
  }

  return async function renewingFetch(input, init) {
    if (typeof input !== 'string' && !(input instanceof URL) && !(input instanceof Request))
      throw invalid(
        { name: 'input', expected: 'a URL string, a URL or a Request', value: input },
        invalidArgument,
      );
    const refused = sentAuthorization(input, init);
    // A Request's body is read by the first send: keep a copy for the retry.
    const spare =
      input instanceof Request && input.body !== null && !input.bodyUsed ? input.clone() : input;
    const response = await send(input, init);
    if (response.status !== 401 || !refused || isTokenEndpoint(input)) return response;
    const next = await replacement(refused);
    if (!next || next === refused) return response;
    // The refused answer is not read: its body is released before the retry.
    void response.body?.cancel().catch(() => undefined);
    return send(...withAuthorization(spare, init, next));
  };
}
