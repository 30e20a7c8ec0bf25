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
 * The member's answer to a push sign-in request, as {@link decidePush} takes it.
 *
 * @example
 * ```ts
 * const decision: PushDecision = { email: 'ada@example.com', status: 'APPROVED', now: Date.now() };
 * ```
 */
export interface PushDecision {
  /** The request's transaction id; absent, the newest pending request (of `email`, if given). */
  readonly transactionId?: unknown;
  /** The member's e-mail, when the request is not named by its transaction id. */
  readonly email?: unknown;
  /** The member's answer on the device. */
  readonly status: 'APPROVED' | 'DENIED';
  /** The time of the answer (ms since the epoch): an expired request is no longer pending. */
  readonly now: number;
}

/**
 * The member's answer on the device: approves or denies a pending push request,
 * named by its transaction id or by the member's e-mail (the newest pending one).
 * Throws `PUSH_NOT_FOUND` when there is none.
 *
 * @example
 * ```ts
 * decidePush(state, { email: 'ada@example.com', status: 'APPROVED', now: Date.now() });
 * ```
 */
export function decidePush(
  state: PlatformState,
  { transactionId, email, status, now }: PushDecision,
): PushTransaction {
  const memberEmail = typeof email === 'string' ? email.trim().toLowerCase() : undefined;
  const pending = [...state.push.values()].filter(
    (transaction) =>
      transaction.status === 'PENDING' &&
      transaction.expiresAt > now &&
      (transactionId === undefined || transaction.transactionId === transactionId) &&
      (memberEmail === undefined || transaction.email === memberEmail),
  );
  const transaction = pending.at(-1);
  if (transaction === undefined) {
    throw new MockPlatformError(
      `no pending push request for ${JSON.stringify(transactionId ?? email ?? 'anyone')}`,
      { code: 'PUSH_NOT_FOUND' },
    );
  }
  transaction.status = status;
  return transaction;
}
