import { borrow } from '@site-identity/http/internal';
import type { RedirectsContext } from './redirects-context';
import { invalidArgument } from './values';

/**
 * The key of what a redirect client lends the separate imports that extend it (`/popup`,
 * `/prewarm`, `/redirect-session`): `createRedirects` attaches its context under it, out of sight.
 */
export const INTERNALS = '@site-identity/redirects:internals';

/** The context of a redirect client made by `createRedirects`; `INVALID_ARGUMENT` for anything else. */
export const internalsOf = (redirects: unknown): RedirectsContext =>
  borrow(
    redirects,
    INTERNALS,
    'redirects',
    'a redirect client made by createRedirects of @site-identity/redirects',
    invalidArgument,
  ) as RedirectsContext;
