import { borrow, lend } from '@site-identity/http/internal';
import type { RedirectsContext } from './redirects-context';
import { invalidArgument } from './values';

/** The key of what a redirect client lends the separate imports that extend it (`/popup`). */
const INTERNALS = '@site-identity/redirects:internals';

/** `client` with the context of its calls attached, out of sight (not enumerable, read-only). */
export const withInternals = <T extends object>(client: T, ctx: RedirectsContext): T =>
  lend(client, INTERNALS, ctx);

/** The context of a redirect client made by `createRedirects`; `INVALID_ARGUMENT` for anything else. */
export const internalsOf = (redirects: unknown): RedirectsContext =>
  borrow(
    redirects,
    INTERNALS,
    'redirects',
    'a redirect client made by createRedirects of @site-identity/redirects',
    invalidArgument,
  ) as RedirectsContext;
