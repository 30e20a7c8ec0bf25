/**
 * The codes of a `PkceError`.
 *
 * @example
 * ```ts
 * import type { KnownPkceErrorCode } from '@site-identity/pkce';
 *
 * const inputProblems: KnownPkceErrorCode[] = ['INVALID_REDIRECT_URI', 'INVALID_ORIGINAL_URI'];
 * ```
 */
export type KnownPkceErrorCode =
  | 'INVALID_VERIFIER_LENGTH'
  | 'INVALID_VERIFIER'
  | 'INVALID_REDIRECT_URI'
  | 'INVALID_ORIGINAL_URI'
  | 'CRYPTO_UNAVAILABLE';

/**
 * A `PkceError`'s `code`: one of {@link KnownPkceErrorCode}, open for later additions.
 *
 * @example
 * ```ts
 * import type { PkceErrorCode } from '@site-identity/pkce';
 *
 * const code: PkceErrorCode = 'INVALID_VERIFIER';
 * ```
 */
export type PkceErrorCode = KnownPkceErrorCode | (string & {});

/** What the constructor reads when JavaScript calls it without an init: no fields. */
const NO_INIT = {} as PkceErrorInit;

/**
 * The one error this package throws: bad input (a verifier length outside
 * 43..128, a verifier with characters outside RFC 7636's set, a redirect URI that
 * is not an absolute http(s) URL) or a runtime without Web Crypto. Each message
 * names the parameter, what was expected and what came; it never contains the
 * verifier itself.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 * @example
 * ```ts
 * import { generateCodeVerifier, isPkceError } from '@site-identity/pkce';
 *
 * try {
 *   generateCodeVerifier(200);
 * } catch (error) {
 *   if (isPkceError(error)) console.log(error.code); // 'INVALID_VERIFIER_LENGTH'
 * }
 * ```
 */
export class PkceError extends Error {
  override name = 'PkceError' as const;

  /** The brand {@link isPkceError} recognises across realms and in subclasses. */
  get [Symbol.for('site-identity.PkceError')](): true {
    return true;
  }
  /** Machine-readable reason. */
  readonly code: PkceErrorCode;

  constructor(message: string, input: PkceErrorInit) {
    const { code, cause } = input ?? NO_INIT;
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
  }
}

/**
 * What a {@link PkceError} is built from.
 *
 * @example
 * ```ts
 * import { PkceError, type PkceErrorInit } from '@site-identity/pkce';
 *
 * const init: PkceErrorInit = { code: 'CRYPTO_UNAVAILABLE' };
 * throw new PkceError('Web Crypto is unavailable', init);
 * ```
 */
export interface PkceErrorInit {
  readonly code: PkceErrorCode;
  /** The underlying error, when there is one. */
  readonly cause?: unknown;
}

/**
 * Whether `value` is a `PkceError`, also one from another copy of this package,
 * another realm or a subclass (it checks the brand, or from an older copy the
 * `name`, and the `code`; not the prototype).
 *
 * @example
 * ```ts
 * import { isPkceError } from '@site-identity/pkce';
 *
 * const describe = (error: unknown) => (isPkceError(error) ? error.code : 'unexpected');
 * ```
 */
export function isPkceError(value: unknown): value is PkceError {
  const candidate = value as Record<PropertyKey, unknown> | null;
  return (
    typeof value === 'object' &&
    (candidate?.[Symbol.for('site-identity.PkceError')] === true ||
      candidate?.name === 'PkceError') &&
    typeof candidate?.code === 'string'
  );
}

/**
 * How a message shows a value it refused, in the words of `describeValue` of
 * `@site-identity/http` (this package depends on nothing): a string quoted (cut at
 * 60 characters), a number as it is, anything else by its kind. @internal
 */
export function shown(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value === ''
        ? 'an empty string'
        : JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    case 'function':
    case 'symbol':
      return `a ${typeof value}`;
    default:
      return String(value);
  }
}
