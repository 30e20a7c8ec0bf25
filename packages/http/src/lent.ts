import { invalid, type Invalid } from './checks';

/**
 * Where a package keeps what its client lends the separate imports that extend it,
 * and how a wrong client is refused.
 *
 * @example
 * ```ts
 * import type { LendingOptions } from '@site-identity/http/internal';
 *
 * const options: LendingOptions = {
 *   key: '@my/pkg:internals',
 *   name: 'client',
 *   what: 'a client made by createClient of @my/pkg',
 *   make: (message) => new TypeError(message),
 * };
 * ```
 */
export interface LendingOptions {
  /** The registry key (`Symbol.for(key)`): `<package name>:internals`. */
  readonly key: string;
  /** The parameter of the separate imports that takes the client (`manager`, `redirects`, …). */
  readonly name: string;
  /** What that parameter must be, for the message (`a redirect client made by createRedirects of …`). */
  readonly what: string;
  /** The package's invalid-argument error. */
  readonly make: Invalid;
}

/**
 * A package's one way to lend internals: its factory lends, its separate imports borrow.
 *
 * @example
 * ```ts
 * import type { Lending } from '@site-identity/http/internal';
 * declare const internals: Lending<{ secret: number }>;
 *
 * const client = internals.lend({ ping: () => 'pong' }, { secret: 1 });
 * internals.borrow(client).secret; // 1
 * ```
 */
export interface Lending<I> {
  /**
   * Attaches `internals` to `client`, not enumerable and read-only, and answers the
   * client: what the factory returns.
   */
  lend<T extends object>(client: T, internals: I): T;
  /**
   * What {@link Lending.lend} attached to `client`; for anything else the package's
   * invalid-argument error, `<name> must be <what>; got <what came>`.
   */
  borrow(client: unknown): I;
}

/**
 * The one lend/borrow pattern of every package whose separate imports take the
 * client they extend (`inspect(manager)`, `loginWithPopup(redirects)`,
 * `getMemberTokensForExternalLogin(memberAuth)`, …). The package's `internals.ts`
 * makes one `Lending` of its internals type; its factory calls `internals.lend`
 * once, on the client it returns; each separate import calls `internals.borrow`
 * first, on the client it was given. The internals sit under `Symbol.for(key)`,
 * out of the client's own keys, and are the same key in every build of a package
 * an app loads; a look-alike client is refused with the package's own error.
 *
 * @example
 * ```ts
 * import { lending } from '@site-identity/http/internal';
 *
 * const internals = lending<{ secret: number }>({
 *   key: '@my/pkg:internals',
 *   name: 'client',
 *   what: 'a client made by createClient of @my/pkg',
 *   make: (message) => new TypeError(message),
 * });
 * const client = internals.lend({ ping: () => 'pong' }, { secret: 1 });
 * Object.keys(client); // ['ping']
 * internals.borrow({}); // TypeError: client must be a client made by createClient of @my/pkg; got an object
 * ```
 */
export function lending<I>({ key, name, what, make }: LendingOptions): Lending<I> {
  const symbol = Symbol.for(key);
  return {
    lend: (client, internals) => Object.defineProperty(client, symbol, { value: internals }),
    borrow(client) {
      // Object(): null, undefined and primitives have nothing lent.
      const internals = (Object(client) as Record<symbol, unknown>)[symbol];
      if (internals === undefined) throw invalid({ name, expected: what, value: client }, make);
      return internals as I;
    },
  };
}
