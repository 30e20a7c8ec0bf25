import { DEFAULT_TIMEOUT_MS, type FetchLike, type HttpResponse } from '@site-identity/http';
import { authorize, exchange, signalOf } from '@site-identity/http/internal';
import type { MemberAuthTokens } from './ports';
import { rejectingWithMemberAuthError } from './account-error';
import { invalidArgument } from './input-checks';

/** What one POST takes besides its path and body. */
export interface CallOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The member client's requests: each a single POST through http's `send` (no ky),
 * authorised with the token manager's access token unless the call sets its own
 * `authorization`, with the 10 s time-out of every platform call. Never retried (a
 * POST is not safe to repeat); failures reject with the `PlatformError` of `send`.
 */
export interface PlatformCalls {
  /**
   * POSTs `body` to `path` (under `/_api/iam`: `/authentication/v2/login`)
   * and resolves with the answer and its request id.
   */
  request(path: string, body: unknown, options?: CallOptions): Promise<HttpResponse>;
  /**
   * POSTs `body` with the `signal` of `call` (a `CallSignal`, checked: the
   * caller's argument as it came) and resolves with the fields of the parsed answer
   * (none for an answer that is not an object); rejects only with a `MemberAuthError`
   * (or the one abort error), as `toMemberAuthError` gives it.
   */
  post(path: string, body: unknown, call?: unknown): Promise<Readonly<Record<string, unknown>>>;
}

/**
 * The calls of one client: `base` is the checked API base, without a trailing slash;
 * a call's path is under the identity services' `/_api/iam` and starts with its
 * service (`/authentication`, `/recovery` or `/verification`).
 */
export function platformCalls(
  base: string,
  fetch: FetchLike | undefined,
  tokens: MemberAuthTokens,
): PlatformCalls {
  const request: PlatformCalls['request'] = (path, body, options) =>
    exchange(
      { method: 'POST', url: `${base}/_api/iam${path}`, body, ...options },
      { fetch, timeoutMs: DEFAULT_TIMEOUT_MS, getAuthorization: () => tokens.getAccessToken() },
      authorize,
    );
  return {
    request,
    post: (path, body, call) =>
      rejectingWithMemberAuthError(
        async () =>
          Object(
            (await request(path, body, { signal: signalOf(call, invalidArgument) })).data,
          ) as Readonly<Record<string, unknown>>,
      ),
  };
}
