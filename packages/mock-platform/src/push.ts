import { MockPlatformError } from './mock-platform-error';
import type { MockMember } from './members';
import { randomToken } from './random';
import type { PlatformState, PushTransaction } from './state';

/** How long a push sign-in request waits for the member: two minutes. */
export const PUSH_TTL_MS = 2 * 60 * 1000;

/**
 * Sends a push sign-in request to a member's device: a pending transaction.
 *
 * @example
 * ```ts
 * const { transactionId } = startPush(state, member, Date.now());
 * ```
 */
export function startPush(state: PlatformState, member: MockMember, now: number): PushTransaction {
  const transaction: PushTransaction = {
    transactionId: randomToken('mock-push.'),
    memberId: member.id,
    email: member.email,
    status: 'PENDING',
    createdAt: now,
    expiresAt: now + PUSH_TTL_MS,
  };
  state.push.set(transaction.transactionId, transaction);
  return transaction;
}

/**
 * The member's answer on the device: approves or denies a pending push request,
 * named by its transaction id or by the member's e-mail (the newest pending one).
 * Throws `PUSH_NOT_FOUND` when there is none.
 *
 * @example
 * ```ts
 * decidePush(state, { email: 'ada@example.com' }, 'APPROVED', Date.now());
 * ```
 */
export function decidePush(
  state: PlatformState,
  which: { transactionId?: unknown; email?: unknown },
  status: 'APPROVED' | 'DENIED',
  now: number,
): PushTransaction {
  const email = typeof which.email === 'string' ? which.email.trim().toLowerCase() : undefined;
  const pending = [...state.push.values()].filter(
    (transaction) =>
      transaction.status === 'PENDING' &&
      transaction.expiresAt > now &&
      (which.transactionId === undefined || transaction.transactionId === which.transactionId) &&
      (email === undefined || transaction.email === email),
  );
  const transaction = pending.at(-1);
  if (transaction === undefined) {
    throw new MockPlatformError(
      `no pending push request for ${JSON.stringify(which.transactionId ?? which.email ?? 'anyone')}`,
      { code: 'PUSH_NOT_FOUND' },
    );
  }
  transaction.status = status;
  return transaction;
}
