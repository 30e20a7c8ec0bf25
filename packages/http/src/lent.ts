import { invalid, type Invalid } from './checks';

/**
 * Attaches `internals` to `client` under `Symbol.for(key)`, not enumerable and
 * read-only: what a separate import (a subpath entry that takes the client it
 * extends, such as `loginWithPopup(redirects)`) needs of the client, kept out of
 * its own keys. `Symbol.for`: the same key in every build of a package an app loads.
 *
 * @example
 * ```ts
 * import { lend } from '@site-identity/http/internal';
 *
 * const client = lend({ ping: () => 'pong' }, '@my/pkg:internals', { secret: 1 });
 * Object.keys(client); // ['ping']
 * ```
 */
export function lend<T extends object>(client: T, key: string, internals: unknown): T {
  return Object.defineProperty(client, Symbol.for(key), { value: internals });
}

/**
 * What {@link lend} attached to `client` under `key`; for anything else the
 * caller's invalid-argument error, `<name> must be <what>; got <what came>`.
 *
 * @example
 * ```ts
 * import { borrow } from '@site-identity/http/internal';
 * declare const given: unknown;
 *
 * const internals = borrow(
 *   given, '@my/pkg:internals', 'client', 'a client made by createClient', (message) => new TypeError(message),
 * ) as { secret: number };
 * ```
 */
export function borrow(
  client: unknown,
  key: string,
  name: string,
  what: string,
  make: Invalid,
): unknown {
  // Object(): null, undefined and primitives have nothing lent.
  const internals = (Object(client) as Record<symbol, unknown>)[Symbol.for(key)];
  if (internals === undefined) throw invalid(name, what, client, make);
  return internals;
}
