import { optionsOf, untilAborted, signalOf } from '@site-identity/http/internal';
import { createRedirectSession } from './auth-url';
import { OAUTH_FLOW_TIMEOUT_MS, PREWARM_INTERVAL_MS } from './constants';
import { storageOf, windowOf } from './environment';
import { loadHiddenFrame } from './hidden-frame';
import { checkTimeout, type RedirectsContext } from './redirects-context';
import type { PrewarmOptions } from './redirects-types';
import { readPrewarmStamp, writePrewarmStamp } from './stored-records';
import { invalidArgument } from './values';

/** Loads the hosted login page in a hidden frame, unless it was within 7 days (or `force`). */
async function warm(ctx: RedirectsContext, force: boolean, timeoutMs: number): Promise<void> {
  const { options, clientId, now, logger } = ctx;
  const win = windowOf(options);
  const local = storageOf(options, 'local');
  const stamp = readPrewarmStamp(local, clientId);
  if (!win || (!force && stamp <= now() && now() - stamp < PREWARM_INTERVAL_MS)) return;
  let fullUrl: string;
  try {
    ({ fullUrl } = await createRedirectSession(ctx, { login: {} }));
  } catch (error) {
    logger.warn('No redirect URL found', error);
    return;
  }
  if (await loadHiddenFrame(win, fullUrl, timeoutMs)) writePrewarmStamp(local, clientId, now());
}

/**
 * `prewarm`: never rejects; bad options and failures are reported to the logger.
 * The caller's signal ends its own wait (resolved, like every pre-warm); the run,
 * shared by callers, goes on.
 */
export async function prewarm(
  ctx: RedirectsContext,
  prewarmOptions?: PrewarmOptions,
): Promise<void> {
  const failed = (error: unknown) => ctx.logger.warn('Session pre-warm failed', error);
  let given: Partial<PrewarmOptions>;
  let timeoutMs: number;
  try {
    given = optionsOf<PrewarmOptions>(prewarmOptions, 'options', invalidArgument);
    timeoutMs = checkTimeout(given.timeoutMs ?? OAUTH_FLOW_TIMEOUT_MS);
    signalOf(given, invalidArgument);
  } catch (error) {
    failed(error);
    return;
  }
  // An aborted signal gives up before the run starts (or stops waiting for one in flight).
  const run = () =>
    ctx.once('prewarm', () => warm(ctx, given.force === true, timeoutMs).catch(failed));
  await untilAborted(run, given, invalidArgument).catch(() => undefined);
}
