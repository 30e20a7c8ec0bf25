import { lending } from '@site-identity/http/internal';
import type { RedirectsContext } from './redirects-context';
import { invalidArgument } from './redirects-error';

/**
 * The package's one lend/borrow pair: `createRedirects` lends its context, each
 * separate import that takes the client (`/popup`, `/prewarm`, `/redirect-session`,
 * and the internal entry's `callFailures`) borrows it first (`INVALID_ARGUMENT` for
 * anything `createRedirects` did not make).
 */
export const internals = /* @__PURE__ */ lending<RedirectsContext>({
  key: '@site-identity/redirects:internals',
  name: 'redirects',
  what: 'a redirect client made by createRedirects of @site-identity/redirects',
  make: invalidArgument,
});
