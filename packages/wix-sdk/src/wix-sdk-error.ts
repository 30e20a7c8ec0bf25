import { isSiteIdentityError, SiteIdentityError } from '@site-identity/http';

/**
 * The codes of a `WixSdkError`.
 *
 * @example
 * ```ts
 * import type { KnownWixSdkErrorCode } from '@site-identity/wix-sdk';
 *
 * const flowProblems: KnownWixSdkErrorCode[] = ['MISSING_CODE_OR_STATE', 'INVALID_STATE'];
 * ```
 */
export type KnownWixSdkErrorCode =
  'INVALID_ARGUMENT' | 'MISSING_CODE_OR_STATE' | 'INVALID_STATE' | 'AUTHORIZATION_ERROR';

/**
 * A `WixSdkError`'s `code`: one of {@link KnownWixSdkErrorCode}, open for later additions.
 *
 * @example
 * ```ts
 * import type { WixSdkErrorCode } from '@site-identity/wix-sdk';
 *
 * const code: WixSdkErrorCode = 'INVALID_STATE';
 * ```
 */
export type WixSdkErrorCode = KnownWixSdkErrorCode | (string & {});

/**
 * The error this package throws itself: an argument of the wrong kind
 * (`INVALID_ARGUMENT`, naming the parameter, what was expected and what came),
 * or a hosted login callback that cannot be exchanged (`MISSING_CODE_OR_STATE`,
 * `INVALID_STATE`, `AUTHORIZATION_ERROR`). Failures of the platform's calls keep
 * the typed errors of the packages that make them (`TokenEndpointError`,
 * `RedirectsError`, `MemberAuthError`). A message never contains a token.
 *
 * @example
 * ```ts
 * import { OAuthStrategy, isWixSdkError } from '@site-identity/wix-sdk';
 *
 * const auth = OAuthStrategy({ clientId: 'my-client-id' });
 * const oauthData = auth.generateOAuthData('https://example.com/callback');
 * try {
 *   await auth.getMemberTokens('code', 'another-state', oauthData);
 * } catch (error) {
 *   if (isWixSdkError(error)) console.log(error.code); // 'INVALID_STATE'
 * }
 * ```
 */
export class WixSdkError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'WixSdkError';
  declare name: 'WixSdkError';
  /** Machine-readable reason. */
  declare readonly code: WixSdkErrorCode;

  // Not useless: it narrows the init to a WixSdkErrorInit, so the type constrains what the error is built from.
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor
  constructor(message: string, init: WixSdkErrorInit) {
    super(message, init);
  }
}

/**
 * What a {@link WixSdkError} is built from.
 *
 * @example
 * ```ts
 * import { WixSdkError, type WixSdkErrorInit } from '@site-identity/wix-sdk';
 *
 * const init: WixSdkErrorInit = { code: 'INVALID_STATE' };
 * throw new WixSdkError('getMemberTokens: state does not match the flow', init);
 * ```
 */
export interface WixSdkErrorInit {
  readonly code: WixSdkErrorCode;
  /** The underlying error, when there is one. */
  readonly cause?: unknown;
}

/**
 * Whether `value` is a `WixSdkError`, also one from another copy of this package,
 * another realm or a subclass (it checks the one brand of `SiteIdentityError` and
 * the `code`; not the prototype).
 *
 * @example
 * ```ts
 * import { isWixSdkError } from '@site-identity/wix-sdk';
 *
 * const describe = (error: unknown) => (isWixSdkError(error) ? error.code : 'unexpected');
 * ```
 */
export function isWixSdkError(value: unknown): value is WixSdkError {
  return isSiteIdentityError(value, 'WixSdkError');
}

/** `INVALID_ARGUMENT` with a finished message: the `make` of http's shared checks. @internal */
export const invalidArgument = (message: string): WixSdkError =>
  new WixSdkError(message, { code: 'INVALID_ARGUMENT' });
