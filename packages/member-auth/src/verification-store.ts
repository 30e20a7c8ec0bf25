/**
 * The part of the Web Storage API the verification store uses; `sessionStorage`
 * fits.
 *
 * @example
 * ```ts
 * import type { VerificationStorage } from '@site-identity/member-auth';
 *
 * const records = new Map<string, string>();
 * const storage: VerificationStorage = {
 *   getItem: (key) => records.get(key) ?? null,
 *   setItem: (key, value) => void records.set(key, value),
 *   removeItem: (key) => void records.delete(key),
 * };
 * ```
 */
export type VerificationStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The stored e-mail verification flow, as `getPendingVerification()` returns it.
 *
 * @example
 * ```ts
 * import type { VerificationRecord, MemberAuth } from '@site-identity/member-auth';
 * declare const auth: MemberAuth;
 * declare function showCodeForm(...args: unknown[]): unknown;
 *
 * const flow: VerificationRecord | undefined = auth.getPendingVerification();
 * if (flow) showCodeForm();
 * ```
 */
export interface VerificationRecord {
  /** The state token of the EMAIL_VERIFICATION_REQUIRED answer. */
  stateToken: string;
  /** When the flow started, epoch milliseconds. */
  since: number;
}

/** Reads, writes and clears the current e-mail verification flow. */
export interface VerificationStore {
  read(): VerificationRecord | undefined;
  write(stateToken: string): void;
  clear(): void;
}

/** The session storage key of a client's verification flow. */
export const verificationKey = (clientId: string): string =>
  `site-identity:${clientId}:verification`;

function defaultStorage(): VerificationStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // a sandboxed frame may refuse access
  }
}

/**
 * The store of the e-mail verification flow of `clientId`: in `storage` (default:
 * `window.sessionStorage`, looked up on each use) under
 * `site-identity:<clientId>:verification`, so the flow survives a reload of the
 * tab; in memory when there is no storage or it refuses to work.
 */
export function createVerificationStore(
  clientId: string,
  storage: () => VerificationStorage | undefined = defaultStorage,
): VerificationStore {
  const key = verificationKey(clientId);
  // Only when storage is missing or refused the last write: storage is the truth
  // otherwise, so a record cleared elsewhere (logout) stays cleared.
  let memory: VerificationRecord | undefined;

  return {
    read() {
      if (memory) return memory;
      try {
        const raw = storage()?.getItem(key);
        const record = raw ? (JSON.parse(raw) as Partial<VerificationRecord> | null) : undefined;
        if (
          typeof record?.stateToken === 'string' &&
          record.stateToken &&
          typeof record.since === 'number'
        ) {
          return { stateToken: record.stateToken, since: record.since };
        }
      } catch {
        // unreadable or malformed: no flow
      }
      return undefined;
    },
    write(stateToken) {
      const record = { stateToken, since: Date.now() };
      memory = undefined;
      try {
        const target = storage();
        if (!target) throw new Error('no storage');
        target.setItem(key, JSON.stringify(record));
      } catch {
        memory = record; // keeps the flow for this page at least
      }
    },
    clear() {
      memory = undefined;
      try {
        storage()?.removeItem(key);
      } catch {
        // nothing stored
      }
    },
  };
}
