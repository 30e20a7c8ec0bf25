import { fail } from './redirects-error';
import { attempt } from './values';

/**
 * What `loginWithRedirect` keeps in session storage until the hosted page
 * returns: enough to exchange the code, and where to go afterwards.
 */
export interface FlowRecord {
  readonly state: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  /** As stored: `completeLogin` goes there only when it is a string on the callback's origin. */
  readonly originalUri?: unknown;
}

/** The fields of a {@link FlowRecord}: what is stored of a flow (never its code challenge). */
const FLOW_FIELDS: Array<keyof FlowRecord> = [
  'state',
  'codeVerifier',
  'redirectUri',
  'originalUri',
];

/** `site-identity:<clientId>:<name>`: every key this library writes for a client starts with `site-identity:<clientId>:`. */
const recordKey = (clientId: string, name: string): string => `site-identity:${clientId}:${name}`;

const flowKey = (clientId: string, state: string): string => recordKey(clientId, `flow:${state}`);

/** Stores `flow` under its state, so parallel flows in several tabs never clash. */
export function saveFlow(storage: Storage | undefined, clientId: string, flow: FlowRecord): void {
  try {
    // Without a storage this throws too.
    storage!.setItem(flowKey(clientId, flow.state), JSON.stringify(flow, FLOW_FIELDS));
  } catch (cause) {
    throw fail('STORAGE_UNAVAILABLE', 'Session storage refused the login flow', cause);
  }
}

/** Removes a stored flow, if any. */
export function dropFlow(storage: Storage | undefined, clientId: string, state: string): void {
  attempt(() => storage?.removeItem(flowKey(clientId, state)));
}

/**
 * Reads and removes, synchronously, the flow stored for `state`: a state is good
 * for one use. `undefined` when there is none or the record is not one of ours.
 */
export function takeFlow(
  storage: Storage | undefined,
  clientId: string,
  state: string,
): FlowRecord | undefined {
  const raw = attempt(() => storage?.getItem(flowKey(clientId, state)));
  dropFlow(storage, clientId, state);
  // Nothing stored (`null`), a storage that throws (`undefined`) or text that is not
  // JSON reads as a record without fields.
  const record = Object(attempt((): unknown => JSON.parse(raw!))) as Record<string, unknown>;
  return typeof record.codeVerifier === 'string' && typeof record.redirectUri === 'string'
    ? ({ ...record, state } as FlowRecord)
    : undefined;
}

/** Removes every record of `clientId` from `storage` (flows, e-mail verification state, …). */
export function clearRecords(storage: Storage | undefined, clientId: string): void {
  // A storage that cannot be read holds nothing of ours.
  attempt(() => {
    // Every key is read before the first is removed (removing may reorder the keys).
    const keys = Array.from({ length: storage!.length }, (_, i) => storage!.key(i));
    for (const key of keys) if (key?.startsWith(recordKey(clientId, ''))) storage!.removeItem(key);
  });
}

/** Reads the pre-warm time stamp (epoch ms); 0 when there is none. */
export function readPrewarmStamp(storage: Storage | undefined, clientId: string): number {
  const value = Number(attempt(() => storage?.getItem(recordKey(clientId, 'prewarm'))));
  return Number.isFinite(value) ? value : 0;
}

/** Writes the pre-warm time stamp (epoch ms); without one the next page load pre-warms again. */
export function writePrewarmStamp(
  storage: Storage | undefined,
  clientId: string,
  at: number,
): void {
  attempt(() => storage?.setItem(recordKey(clientId, 'prewarm'), String(at)));
}
