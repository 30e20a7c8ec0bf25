import { attempt } from '@site-identity/http/internal';
import { isFilled } from './input-checks';
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

/** The window's session storage; `undefined` without a window or where reading it throws (sandboxed frame). */
const defaultStorage = (): VerificationStorage | undefined => attempt(() => window.sessionStorage);

/**
 * The store of one client's e-mail verification flow. Storage is the truth; memory
 * holds the flow only when storage is missing or refused the last write, so a record
 * cleared elsewhere (logout) stays cleared.
 */
export function createVerificationStore(
  clientId: string,
  storage: () => VerificationStorage | undefined = defaultStorage,
): VerificationStore {
  const key = verificationKey(clientId);
  let memory: VerificationRecord | undefined;

  return {
    read: () =>
      memory ??
      attempt(() => {
        // unreadable or malformed: no flow
        const { stateToken, since } = JSON.parse(storage()!.getItem(key)!) as VerificationRecord;
        return isFilled(stateToken) && typeof since === 'number'
          ? { stateToken, since }
          : undefined;
      }),
    write(stateToken) {
      // kept in memory (for this page at least) unless storage takes it
      memory = { stateToken, since: Date.now() };
      attempt(() => {
        storage()!.setItem(key, JSON.stringify(memory));
        memory = undefined;
      });
    },
    clear() {
      memory = undefined;
      attempt(() => storage()?.removeItem(key));
    },
  };
}
