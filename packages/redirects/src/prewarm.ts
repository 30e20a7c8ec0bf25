// The separate import `@site-identity/redirects/prewarm`: session pre-warm, for apps
// that ask for it (hosted login does not need it).
import type { Redirects } from '@site-identity/redirects';
import { optionsOf, untilAborted, signalOf } from '@site-identity/http/internal';
import { postRedirectSession } from './auth-url';
import { OAUTH_FLOW_TIMEOUT_MS, PREWARM_INTERVAL_MS } from './constants';
import { storageOf, windowOf } from './environment';
import { reported } from './failure-listeners';
import { loadHiddenFrame } from './hidden-frame';
import { internals } from './internals';
import { checkTimeout, type RedirectsContext } from './redirects-context';
import { readPrewarmStamp, writePrewarmStamp } from './stored-records';
import { invalidArgument } from './redirects-error';

/**
 * Options of {@link prewarm}.
 *
 * @example
 * ```ts
 * import type { PrewarmOptions } from '@site-identity/redirects/prewarm';
 *
 * const options: PrewarmOptions = { force: true };
 * ```
 */
export interface PrewarmOptions {
  /** Pre-warm even within 7 days of the last run. Default `false`. */
  readonly force?: boolean;
  /** How long the hidden frame may take to load. Default 120000 ms. */
  readonly timeoutMs?: number;
  /** Ends this caller's wait (the promise resolves, as a pre-warm always does); the run goes on. */
  readonly signal?: AbortSignal | undefined;
}

/** Loads the hosted login page in a hidden frame, unless it was within 7 days (or `force`). */
async function warm(ctx: RedirectsContext, force: boolean, timeoutMs: number): Promise<void> {
  const { options, clientId } = ctx;
  const now = options.now ?? Date.now;
  const win = windowOf(options);
  const local = storageOf(options, 'local');
  const age = now() - readPrewarmStamp(local, clientId);
  if (!win || (!force && age >= 0 && age < PREWARM_INTERVAL_MS)) return;
  // Its failure is told to the listeners of `callFailures` (the devtools), and warned of:
  // to the client's `logger`, else `console`.
  const session = await reported(ctx, 'prewarm', postRedirectSession(ctx, { login: {} })).catch(
    (error: unknown) => {
      (ctx.options.logger ?? console).warn('No redirect URL found', error);
    },
  );
  if (session && (await loadHiddenFrame(win, session.fullUrl, timeoutMs)))
    writePrewarmStamp(local, clientId, now());
}

/**
 * Session pre-warm: loads the platform's hosted login page in a hidden frame, so
 * that its assets are cached before the member signs in. It runs at most once per
 * 7 days (`PREWARM_INTERVAL_MS` of `@site-identity/redirects`; `force` runs it anyway), stamped in local
 * storage as `site-identity:<clientId>:prewarm`; calls at once share one run. A
 * separate import that takes the redirect client, so that apps that do not
 * pre-warm do not carry it.
 *
 * It never fails the page: bad options and failures (no redirect URL, a frame that
 * does not load within `timeoutMs`) are reported to the client's `logger` and the
 * promise resolves. Only a `redirects` that `createRedirects` did not make rejects,
 * with `RedirectsError` `INVALID_ARGUMENT`. Without a browser window it does nothing.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * import { prewarm } from '@site-identity/redirects/prewarm';
 *
 * const redirects = createRedirects({ tokens: createTokenManager({ clientId: 'my-client-id' }) });
 * // Once the page is idle:
 * requestIdleCallback(() => void prewarm(redirects));
 * ```
 */
export async function prewarm(redirects: Redirects, options?: PrewarmOptions): Promise<void> {
  const ctx = internals.borrow(redirects);
  const failed = (error: unknown) =>
    (ctx.options.logger ?? console).warn('Session pre-warm failed', error);
  try {
    const given = optionsOf<PrewarmOptions>(options, 'options', invalidArgument);
    const timeoutMs = checkTimeout(given.timeoutMs ?? OAUTH_FLOW_TIMEOUT_MS);
    signalOf(given, invalidArgument);
    // An aborted signal gives up before the run starts (or stops waiting for one in flight);
    // the run, shared by callers, goes on. Giving up is not reported.
    const run = () =>
      ctx.once('prewarm', () => warm(ctx, given.force === true, timeoutMs).catch(failed));
    await untilAborted(run, given, invalidArgument).catch(() => undefined);
  } catch (error) {
    // Bad options are reported, never thrown.
    failed(error);
  }
}
