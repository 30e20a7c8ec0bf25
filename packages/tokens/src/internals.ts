import { borrow, lend } from '@site-identity/http/internal';
import { invalidArgument } from './errors';
import type { GrantRequest } from './grant-request';
import type { SessionObserver } from './inspection-events';
import type { Tokens } from './types';

/** The key of what a token manager lends the separate imports that extend it. */
const INTERNALS = '@site-identity/tokens:internals';

/**
 * What a token manager lends its separate imports: `observe` attaches the
 * inspection's observer (made once, with the manager's clock: `inspect`), and `grant`
 * sends a grant request with the manager's endpoint settings (`authorizedClient`). @internal
 */
export interface ManagerInternals {
  observe<O extends SessionObserver>(create: (now: () => number) => O): O;
  grant(request: GrantRequest): Promise<Tokens>;
}

/** `manager` with its internals attached, out of sight (not enumerable, read-only). @internal */
export const withInternals = <T extends object>(manager: T, internals: ManagerInternals): T =>
  lend(manager, INTERNALS, internals);

/** The internals of a token manager made by `createTokenManager`; `INVALID_ARGUMENT` for anything else. @internal */
export const internalsOf = (manager: unknown): ManagerInternals =>
  borrow(
    manager,
    INTERNALS,
    'manager',
    'a token manager made by createTokenManager of @site-identity/tokens',
    invalidArgument,
  ) as ManagerInternals;
