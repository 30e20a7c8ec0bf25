import { isSiteIdentityError, SiteIdentityError } from '@site-identity/http';
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
export class PkceError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'PkceError';
  declare name: 'PkceError';
  /** Machine-readable reason. */
  declare readonly code: PkceErrorCode;

  // Not useless: it narrows the init to a PkceErrorInit, so the type constrains what the error is built from.
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor
  constructor(message: string, init: PkceErrorInit) {
    super(message, init);
  }
}

/**
 * Whether `value` is a `PkceError`, also one from another copy of this package,
 * another realm or a subclass (it checks the one brand of `SiteIdentityError` and
 * the `code`; not the prototype).
 *
 * @example
 * ```ts
 * import { isPkceError } from '@site-identity/pkce';
 *
 * const describe = (error: unknown) => (isPkceError(error) ? error.code : 'unexpected');
 * ```
 */
export function isPkceError(value: unknown): value is PkceError {
  return isSiteIdentityError(value, 'PkceError');
}
