import { fail } from './redirects-error';

/**
 * What `loginWithRedirect` keeps in session storage until the hosted page
 * returns: enough to exchange the code, and where to go afterwards.
 */
export interface FlowRecord {
  readonly state: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly originalUri?: string;
}

/** `site-identity:<clientId>:` — every key this library writes for a client starts with it. */
export const recordPrefix = (clientId: string): string => `site-identity:${clientId}:`;

const flowKey = (clientId: string, state: string): string => `${recordPrefix(clientId)}flow:${state}`;

/** Stores `flow` under its state, so parallel flows in several tabs never clash. */
export function saveFlow(storage: Storage | undefined, clientId: string, flow: FlowRecord): void {
  const { state, codeVerifier, redirectUri, originalUri } = flow;
  try {
    if (!storage) throw new Error('No session storage');
    storage.setItem(flowKey(clientId, state), JSON.stringify({ state, codeVerifier, redirectUri, originalUri }));
  } catch (cause) {
    throw fail('STORAGE_UNAVAILABLE', 'The login flow could not be stored in session storage', cause);
  }
}

/** Removes a stored flow, if any. */
export function dropFlow(storage: Storage | undefined, clientId: string, state: string): void {
  try {
    storage?.removeItem(flowKey(clientId, state));
  } catch {
    // Nothing stored where nothing can be stored.
  }
}

/**
 * Reads and removes, synchronously, the flow stored for `state`: a state is good
 * for one use. `undefined` when there is none or the record is not one of ours.
 */
export function takeFlow(storage: Storage | undefined, clientId: string, state: string): FlowRecord | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(flowKey(clientId, state));
  } catch {
    return undefined;
  }
  if (raw == null) return undefined;
  dropFlow(storage, clientId, state);
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const { codeVerifier, redirectUri, originalUri } = (record ?? {}) as Record<string, unknown>;
  if (typeof codeVerifier !== 'string' || typeof redirectUri !== 'string') return undefined;
  return { state, codeVerifier, redirectUri, ...(typeof originalUri === 'string' ? { originalUri } : {}) };
}

/** Removes every record of `clientId` from `storage` (flows, e-mail verification state, …). */
export function clearRecords(storage: Storage | undefined, clientId: string): void {
  if (!storage) return;
  const prefix = recordPrefix(clientId);
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // A storage that cannot be read holds nothing of ours.
  }
}

/** Reads the pre-warm time stamp (epoch ms); 0 when there is none. */
export function readPrewarmStamp(storage: Storage | undefined, clientId: string): number {
  try {
    const value = Number(storage?.getItem(`${recordPrefix(clientId)}prewarm`));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Writes the pre-warm time stamp (epoch ms). */
export function writePrewarmStamp(storage: Storage | undefined, clientId: string, at: number): void {
  try {
    storage?.setItem(`${recordPrefix(clientId)}prewarm`, String(at));
  } catch {
    // Without a stamp the next page load pre-warms again; harmless.
  }
}
