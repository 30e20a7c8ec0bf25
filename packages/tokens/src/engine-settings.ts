import {
  attempt,
  nonNegative,
  optionalFunction,
  requiredString,
} from '@site-identity/http/internal';
import { invalidArgument, type TokensError } from './tokens-error';
import { memoryStorage, webStorage, type TokenStorage } from './storage';
import type { TokenManagerOptions } from './token-manager-types';

/** What a tab waits beyond the holder's requests: storage, the channel, a busy page. @internal */
export const LOCK_MARGIN_MS = 2_000;

/** The session engine's settings from the manager's options, checked. @internal */
export function engineSettings(options: TokenManagerOptions) {
  const {
    clientId,
    now = () => Date.now(),
    leewaySeconds = 60,
    crossTab = true,
    onError = (error: TokensError) => console.warn(`[site-identity] ${error.message}`),
  } = options;
  // The time-out of a request as the endpoint takes it (checked there): 10 s when left out.
  const lockTimeoutMs = options.lockTimeoutMs ?? 2 * (options.timeoutMs ?? 10_000) + LOCK_MARGIN_MS;
  nonNegative(leewaySeconds, 'leewaySeconds', invalidArgument);
  nonNegative(lockTimeoutMs, 'lockTimeoutMs', invalidArgument);
  optionalFunction(onError, 'onError', invalidArgument);
  let storage = options.storage;
  // By default `localStorage`, or memory where there is none or it is disabled (sandboxed
  // frame, blocked cookies).
  const store = (): TokenStorage =>
    (storage ??= attempt(() => localStorage && webStorage(localStorage)) || memoryStorage());
  const key =
    options.storageKey === undefined
      ? `site-identity:${clientId}:tokens`
      : requiredString(options.storageKey, 'storageKey', invalidArgument);
  return { clientId, now, leewaySeconds, crossTab, lockTimeoutMs, onError, store, key };
}

/** The settings of {@link engineSettings}. @internal */
export type EngineSettings = ReturnType<typeof engineSettings>;
