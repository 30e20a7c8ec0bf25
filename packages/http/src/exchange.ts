import type { HttpResponse } from './http-types';
import { jsonHeaders, type authorize, type serialise } from './request-parts';
import type { SendRequest, SendSettings } from './send';
import { describeRequest, wrap } from './to-platform-error';

/** A request of {@link exchange}: as `send` takes it, with any headers `Headers` takes. @internal */
export type ExchangeRequest = Omit<SendRequest, 'headers'> & {
  readonly headers?: HeadersInit | undefined;
};

/**
 * The steps of {@link exchange} that differ by caller: how the answer is read, the body
 * serialised and the request authorised. @internal
 */
export interface ExchangeSteps<A> {
  /** Reads the answer (`where` names the request); `readAnswer` for a platform API. */
  readonly read: (response: Response, where: string) => Promise<A>;
  /** The body as JSON text; default `JSON.stringify` (a body built from checked strings). */
  readonly serialise?: typeof serialise;
  /** Sets the `Authorization` that `settings.getAuthorization` gives; none by default. */
  readonly authorize?: typeof authorize;
}

/**
 * The one request path of the library: `send` after its argument checks, and every
 * package's platform call (the token endpoint, the redirect sessions, the member
 * client), whose input its caller has checked. Applies the time-out together with the
 * caller's `signal`, builds the request (the body as JSON text, by `steps.serialise`;
 * headers; with `steps.authorize`, the `Authorization` that
 * `settings.getAuthorization` gives), calls `fetch`, and reads the answer with `steps.read`,
 * all within the time-out. Resolves with what `read` makes of the answer, or rejects
 * with the `PlatformError` that describes the failure (`network`, `timeout`, `aborted`,
 * one of building the request, or what `read` threw). Never retried.
 * `read` is `readAnswer` for a platform API (the platform's error, `INVALID_RESPONSE`);
 * the token endpoint, an OAuth endpoint, reads its own answers, so that visitor tokens
 * do not carry the platform's error parser.
 * A caller whose body may hold what JSON cannot carry (an app's input) passes
 * `serialise`, which refuses it with `INVALID_REQUEST_BODY`; one that builds its body
 * from checked strings (the token endpoint) leaves it out, as does one that sets its own
 * `Authorization` leave out `authorize`: its bundle never holds them. Internal: on the
 * subpath `@site-identity/http/internal`, not public API.
 *
 * @example
 * ```ts
 * import { authorize, exchange, readAnswer, serialise } from '@site-identity/http/internal';
 * declare const accessToken: string;
 *
 * const { data } = await exchange(
 *   { method: 'POST', url: 'https://www.wixapis.com/_api/redirects-api/v1/redirect-session', body: {} },
 *   { timeoutMs: 10_000, getAuthorization: () => accessToken },
 *   { read: readAnswer, serialise, authorize },
 * );
 * ```
 */
export async function exchange<A = HttpResponse>(
  request: ExchangeRequest,
  settings: SendSettings,
  steps: ExchangeSteps<A>,
): Promise<A> {
  const { read, serialise: serialiseWith = JSON.stringify, authorize: authorizeWith } = steps;
  const { method, signal } = request;
  const url = new URL(request.url);
  const timer = new AbortController();
  const timeout = setTimeout(
    () => timer.abort(new DOMException('The request timed out', 'TimeoutError')),
    settings.timeoutMs,
  );
  const stop = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  let onAbort: (() => void) | undefined;
  try {
    if (signal?.aborted) throw signal.reason;
    const body = serialiseWith(request.body);
    const headers = jsonHeaders(request.headers, body !== undefined);
    await authorizeWith?.(headers, settings.getAuthorization);
    // The caller's signal or the time-out, either of which may have ended the wait for authorization.
    if (stop.aborted) throw stop.reason;
    // A `fetch` that ignores the signal still cannot hold the caller past the time-out.
    const stopped = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(stop.reason);
      stop.addEventListener('abort', onAbort);
    });
    // `fetch` as given, else the global one as it is now (MSW patches it after import).
    const answer = async () =>
      read(
        await (settings.fetch ?? globalThis.fetch)(
          new Request(url, { method, headers, body, signal: stop }),
        ),
        describeRequest(method, url),
      );
    return await Promise.race([answer(), stopped]);
  } catch (error) {
    throw wrap(error, { method, url, timeoutMs: settings.timeoutMs, signal });
  } finally {
    clearTimeout(timeout);
    // No listener yet: removing `undefined` does nothing.
    stop.removeEventListener('abort', onAbort as () => void);
  }
}
