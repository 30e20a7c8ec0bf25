import { engineSettings } from './engine-settings';
import type { SessionObserver } from './inspection-events';
import { createListeners } from './listeners';
import type { MaybePromise } from './record';
import { createSessionRecord, RECORD_AS_FOUND, REPAIRING_READ } from './session-record';
import { serves, type RenewalAsk } from './renewal-decision';
import { LOADING, type SessionListener } from './session';
import {
  INITIAL_SESSION,
  reduceSession,
  type Session,
  type SessionAction,
} from './session-transition';
import { waitUntil } from './session-wait';
import { createTabWiring } from './tab-wiring';
import type { TokenManagerOptions } from './token-manager-types';
import { TokensError } from './tokens-error';
import type { Tokens } from './types';

/**
 * The one writer of a tab's session: it holds the {@link Session}, changes it only
 * through the reducer ({@link reduceSession}) over actions that are data (`dispatch`)
 * and runs the effects each transition returns: publish to subscribers, post to the
 * other tabs, write the record. It reads the record (`load`, `reread`), hears the other
 * tabs and the storage (through its tab wiring), and lets waits watch the session; it
 * reports each transition to the inspection's observer once one is attached. Its
 * settings come from the manager's options (checked here); `moved` hears when the
 * session held moved or the record was read. @internal
 */
export function createSessionEngine(options: TokenManagerOptions, moved: () => void) {
  const settings = engineSettings(options);
  const { now, leewaySeconds } = settings;
  /** The inspection's observer, once `inspect` attached one. */
  let observer: SessionObserver | undefined;
  const listeners = createListeners<Parameters<SessionListener>>();
  /** Checks run whenever the session changes. */
  const waiting = new Set<() => void>();
  let session = INITIAL_SESSION;
  /** The read that ends loading (or the one after the page was restored). */
  let loading: unknown;
  const tabs = createTabWiring({
    settings,
    hear: (message) => void dispatch({ type: 'heard', message }),
    // A hostile or broken message is never adopted: the inspection hears of it, without its content.
    refused: (why) =>
      observer?.failed(
        new TokensError(`A message from another tab was refused: ${why}`, {
          code: 'TAB_MESSAGE_REFUSED',
        }),
      ),
    // Another tab changed the record: adopt a later session; a corrupt one never replaces ours.
    storageChanged: () => void reread(REPAIRING_READ),
    // No token is served until the record was read again and the clock said whether they are valid.
    restored() {
      if (!session.loaded) return;
      void dispatch({ type: 'restoring' });
      loading = reread(REPAIRING_READ);
    },
  });
  const { reread, runRecordEffect } = createSessionRecord({
    settings,
    held: () => session.held,
    tabs: tabs.current,
    dispatch,
    report(error) {
      observer?.failed(error);
      settings.onError(error);
    },
    handedOff: (held) => observer?.handedOff(held),
  });

  /** The one writer: the reducer's transition for `action`, then its effects, each reported. */
  function dispatch(action: SessionAction): MaybePromise<unknown> {
    const before = session;
    const { session: next, effects } = reduceSession(before, action);
    session = next;
    const { held, snapshot } = next;
    // The first read of a synchronous storage ends loading before anyone listened.
    const published = snapshot !== before.snapshot && !(before.snapshot === LOADING && !loading);
    // A sign-out named again (no tokens before or after) corrects the snapshot: no second event.
    const event = before.held.tokens || held.tokens ? effects.event : undefined;
    if (published) listeners.tell(snapshot, event);
    observer?.step({ before, next, event: effects.event, published, action });
    if (next.loaded && (!before.loaded || held !== before.held)) moved();
    for (const check of [...waiting]) check();
    if (effects.tell) tabs.current()?.post(effects.tell);
    return runRecordEffect(held, effects);
  }

  return {
    ...settings,
    get session(): Session {
      return session;
    },
    tabs: tabs.current,
    dispatch,
    reread,
    /** The inspection's observer, when one is attached. */
    observed: () => observer,
    /** Attaches the inspection's observer, made once with the manager's clock. */
    observe: <O extends SessionObserver>(create: (now: () => number) => O): O =>
      (observer ??= create(now)) as O,
    /** Resolves once `done()` holds, checked whenever the session changes (and, with a `bound`, at once). */
    until: (done: () => boolean, bound?: number) => waitUntil(waiting, done, bound),
    /** The tokens held once the record was read, when they serve `ask` as they are. */
    usable(ask?: RenewalAsk): Tokens | undefined {
      const { held } = session;
      const clock = { nowMs: now(), leewaySeconds };
      return session.loaded && serves(held, clock, ask) ? held.tokens! : undefined;
    },
    /** Reads storage once: at once from a synchronous one (no event), else publishing when it answers. */
    load(): unknown {
      if (session.loaded) return;
      tabs.start();
      return (loading ??= reread(RECORD_AS_FOUND));
    },
    subscribe: listeners.add,
    dispose(): void {
      tabs.stop();
      listeners.clear();
      observer = undefined;
    },
  };
}

/** The session engine of {@link createSessionEngine}. @internal */
export type SessionEngine = ReturnType<typeof createSessionEngine>;
