import { describeValue } from '@site-identity/http/internal';
import type { RedirectsContext } from './redirects-context';
import { invalidArgument } from './values';

/**
 * The key of what a redirect client lends the separate imports that extend it
 * (`@site-identity/redirects/popup`). `Symbol.for`: the same key in every build of
 * the package an app loads.
 */
const INTERNALS = /* @__PURE__ */ Symbol.for('@site-identity/redirects:internals');

/** `client` with the context of its calls attached, out of sight (not enumerable, read-only). */
export function withInternals<T extends object>(client: T, ctx: RedirectsContext): T {
  return Object.defineProperty(client, INTERNALS, { value: ctx });
}

/** The context of a redirect client made by `createRedirects`; `INVALID_ARGUMENT` for anything else. */
export function internalsOf(redirects: unknown): RedirectsContext {
  const ctx =
    typeof redirects === 'object' && redirects !== null
      ? (redirects as { [INTERNALS]?: RedirectsContext })[INTERNALS]
      : undefined;
  if (!ctx)
    throw invalidArgument(
      `redirects must be a redirect client made by createRedirects of @site-identity/redirects; got ${describeValue(redirects)}`,
    );
  return ctx;
}
