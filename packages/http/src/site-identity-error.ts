/**
 * The one brand of every Site Identity error: a symbol of the global registry,
 * which every realm and every copy of the packages shares. Its value, read from
 * the prototype, is the names of the error's class chain.
 */
const BRAND = /* @__PURE__ */ Symbol.for('site-identity.error');

/**
 * What a {@link SiteIdentityError} is built from: its `code`, the `cause`, and the
 * fields of the subclass, which become the error's own properties. A `response`
 * is kept non-enumerable, so logging the error never dumps it.
 *
 * @example
 * ```ts
 * import { SiteIdentityError, type SiteIdentityErrorInit } from '@site-identity/http';
 *
 * const init: SiteIdentityErrorInit = { code: 'NOT_READY', cause: new Error('later') };
 * throw new SiteIdentityError('The client is not ready', init);
 * ```
 */
export interface SiteIdentityErrorInit {
  /** Machine-readable code, SCREAMING_SNAKE (or the platform's own). */
  readonly code: string;
  /** The underlying error, when there is one. */
  readonly cause?: unknown;
  /** The raw answer behind the error, kept non-enumerable. */
  readonly response?: Response | undefined;
}

/**
 * The one base class of every error Site Identity throws or reports: each
 * package's error (`PlatformError`, `TokensError`, `RedirectsError`, …) extends it.
 * Built one way everywhere, `new X(message, { code, cause, ...fields })`; built
 * from JavaScript without the init, it is an error without fields. Messages never
 * contain a token.
 *
 * A class names itself in its static `brand`; the brand every instance carries
 * lists the names of its class chain, so {@link isSiteIdentityError} recognises an
 * error of a subclass, from another realm (an iframe) or from another copy of the
 * package, without trusting `name` or the prototype.
 *
 * @example
 * ```ts
 * import { isSiteIdentityError } from '@site-identity/http';
 * declare const promise: Promise<unknown>;
 *
 * promise.catch((error: unknown) => {
 *   if (isSiteIdentityError(error)) console.warn(error.code, error.message);
 * });
 * ```
 */
export class SiteIdentityError extends Error {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static readonly brand: string = 'SiteIdentityError';

  // The brand of the error's class: a class names itself once, in its static `brand`.
  override name: string = (this.constructor as typeof SiteIdentityError).brand;

  /** What went wrong, for programs; the message is for people. */
  declare readonly code: string;

  /** The names of the class chain, most derived first: the one brand. */
  get [BRAND](): readonly string[] {
    const names: string[] = [];
    // Up the chain while it is a function: past Error, Function.prototype brands nothing.
    for (
      let type: unknown = this.constructor;
      typeof type === 'function';
      type = Object.getPrototypeOf(type)
    )
      if (Object.hasOwn(type, 'brand')) names.push((type as typeof SiteIdentityError).brand);
    return names;
  }

  constructor(message: string, init: SiteIdentityErrorInit) {
    // Called without its init (from JavaScript): an error without fields, not a TypeError.
    const given: Partial<SiteIdentityErrorInit> =
      typeof init === 'object' && init !== null ? init : {};
    const { cause, response, ...fields } = given;
    super(message, cause === undefined ? undefined : { cause });
    Object.assign(this, fields);
    if ('response' in given) Object.defineProperty(this, 'response', { value: response });
  }
}

/**
 * Whether `value` is a {@link SiteIdentityError}, or, given `name`, an error of the
 * class of that name or of a subclass (`isSiteIdentityError(error, 'PlatformError')`),
 * also one made in another realm or by another copy of the package: it reads the
 * brand, not the prototype, and the `code`, which must be a string.
 *
 * This is the one rule of every package's guard (`isPkceError`, `isTokensError`,
 * `isRedirectsError`, …): each is `isSiteIdentityError(value, '<its class>')`, so a
 * guard says yes exactly when the error is of that class or a subclass (as
 * `instanceof` would in one realm) and carries a string `code`.
 *
 * @example
 * ```ts
 * import { isSiteIdentityError } from '@site-identity/http';
 * declare const error: unknown;
 *
 * if (isSiteIdentityError(error) && error.code === 'ABORTED') console.log('stopped by its signal');
 * if (isSiteIdentityError(error, 'TokensError')) console.log('from @site-identity/tokens');
 * ```
 */
export function isSiteIdentityError(
  value: unknown,
  name = 'SiteIdentityError',
): value is SiteIdentityError {
  // Object(): null, undefined and primitives carry no brand.
  const branded = Object(value) as { [BRAND]?: unknown; code?: unknown };
  const names = branded[BRAND];
  return Array.isArray(names) && names.includes(name) && typeof branded.code === 'string';
}
