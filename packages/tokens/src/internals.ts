import { lending } from '@site-identity/http/internal';
import type { GrantRequest } from './grant-request';
import type { SessionObserver } from './inspection-events';
import { invalidArgument } from './tokens-error';
import type { Tokens } from './types';

/**
 * What a token manager lends its separate imports: `observe` attaches the
 * inspection's observer (made once, with the manager's clock: `inspect`), and `grant`
 * sends a grant request with the manager's endpoint settings (`authorizedClient`). @internal
 */
export interface ManagerInternals {
  observe<O extends SessionObserver>(create: (now: () => number) => O): O;
  grant(request: GrantRequest): Promise<Tokens>;
}

/**
 * The package's one lend/borrow pair: `createTokenManager` lends, each separate
 * import that takes the manager (`/inspection`, `/authorized-client`) borrows first
 * (`INVALID_ARGUMENT` for anything `createTokenManager` did not make). @internal
 */
export const internals = /* @__PURE__ */ lending<ManagerInternals>({
  key: '@site-identity/tokens:internals',
  name: 'manager',
  what: 'a token manager made by createTokenManager of @site-identity/tokens',
  make: invalidArgument,
});
