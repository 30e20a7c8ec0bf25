import type { FetchLike, HttpResponse } from '@site-identity/http';
import { postJson, signalOf } from '@site-identity/http/internal';
import type { MemberAuthTokens } from './ports';
import { rejectingWithMemberAuthError } from './account-error';
import { invalidArgument } from './member-auth-error';

/** What one POST takes besides its path and body. */
export interface CallOptions {
  /** The call's own `Authorization` (external login's `<accessToken>,<apiKey>`), instead of the manager's access token. */
  readonly authorization?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The member client's requests: each a single POST through http's `postJson` (the
 * library's one platform call, no ky), authorised with the token manager's access
 * token (asked for with the call's signal; a failure to get one rejects with the
 * manager's own error, and nothing is sent) unless the call gives its own
 * `authorization`, with the 10 s time-out of every platform call. Never retried (a POST is not safe to repeat);
 * failures reject with a `PlatformError`.
 */
export interface PlatformCalls {
  /** The checked API base, without a trailing slash (the members API's GET is under it). */
  readonly base: string;
  /** The client's `fetch` (`undefined`: the global one, looked up per request). */
  readonly fetch: FetchLike | undefined;
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
  const request: PlatformCalls['request'] = async (path, body, { authorization, signal } = {}) =>
    postJson({
      url: `${base}/_api/iam${path}`,
      body,
      authorization: authorization ?? (await tokens.getAccessToken({ signal })),
      fetch,
      signal,
    });
  return {
    base,
    fetch,
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
