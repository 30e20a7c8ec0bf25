import { invalid, isRecord } from '@site-identity/http/internal';
import { invalidArgument } from './tokens-error';
import type { Tokens, TokenRole } from './types';

/**
 * Whether `value` has the shape of a {@link Tokens} set: non-empty token
 * values, a finite `expiresAt` and a known role. Used for stored records and
 * for `setTokens` input.
 *
 * @example
 * ```ts
 * import { isTokens } from '@site-identity/tokens';
 * isTokens(JSON.parse(localStorage.getItem('my-key') ?? 'null')); // false when corrupt
 * ```
 */
export function isTokens(value: unknown): value is Tokens {
  const { accessToken, refreshToken } = Object(value) as {
    accessToken?: Record<string, unknown>;
    refreshToken?: Record<string, unknown>;
  };
  return (
    typeof accessToken?.value === 'string' &&
    Number.isFinite(accessToken.expiresAt) &&
    typeof refreshToken?.value === 'string' &&
    // The roles of TokenRole.
    ['none', 'visitor', 'member'].includes(refreshToken.role as string)
  );
}

/**
 * Whether the access token is missing or expires within `leewaySeconds` of
 * `nowMs` (clock skew and the time a request takes).
 *
 * @example
 * ```ts
 * import { isExpired } from '@site-identity/tokens';
 * import type { TokenEndpoint, Tokens } from '@site-identity/tokens';
 * declare let tokens: Tokens;
 * declare const endpoint: TokenEndpoint;
 * if (isExpired(tokens, Date.now(), 60)) tokens = await endpoint.refresh(tokens.refreshToken);
 * ```
 */
export function isExpired(tokens: Tokens, nowMs: number, leewaySeconds = 0): boolean {
  const access: unknown = (Object(tokens) as Partial<Tokens>).accessToken;
  if (!isRecord(access))
    throw invalid(
      { name: 'tokens', expected: 'a token set with an accessToken', value: tokens },
      invalidArgument,
    );
  return accessExpired(access, nowMs, leewaySeconds);
}

/**
 * {@link isExpired} of an access token already known to be one (the session's own,
 * checked when it was stored or received): no argument check on the hot path. @internal
 */
export const accessExpired = (
  { value, expiresAt }: { readonly value?: unknown; readonly expiresAt?: unknown },
  nowMs: number,
  leewaySeconds: number,
): boolean => !value || Number(expiresAt) - leewaySeconds <= nowMs / 1000;

/** The shortest life of an access token an answer may give: 1 second. @internal */
export const MIN_EXPIRES_IN_SECONDS = 1;

/** The longest life of an access token an answer may give (and a stored one may have left): a year. @internal */
export const MAX_EXPIRES_IN_SECONDS = 31_536_000;

/**
 * `expires_in` as an answer gave it, checked: a whole number of seconds from
 * {@link MIN_EXPIRES_IN_SECONDS} to {@link MAX_EXPIRES_IN_SECONDS}, as a JSON number or
 * a string of decimal digits; `undefined` for anything else (`"0x10"`, `""`, `0.5`,
 * `1e308`, a negative number). @internal
 */
export function expiresInOf(value: unknown): number | undefined {
  const seconds =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,9}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(seconds) &&
    seconds >= MIN_EXPIRES_IN_SECONDS &&
    seconds <= MAX_EXPIRES_IN_SECONDS
    ? seconds
    : undefined;
}

/** How an answer is read: the `role` of its refresh token, the clock, and the refresh token sent. @internal */
export interface AnswerContext {
  readonly role: TokenRole;
  /** Now, in epoch milliseconds: `expiresAt` is now in seconds + `expires_in`. */
  readonly nowMs: number;
  /** The refresh token sent, kept when the answer brings none. */
  readonly previousRefreshToken?: string | undefined;
}

/** Builds a frozen token set from a token endpoint answer, or `undefined` if it is not one. @internal */
export function tokensFromAnswer(
  body: unknown,
  { role, nowMs, previousRefreshToken }: AnswerContext,
): Tokens | undefined {
  const {
    access_token: access,
    refresh_token: refresh,
    expires_in: expiresIn,
  } = Object(body) as Record<string, unknown>;
  const seconds = expiresInOf(expiresIn);
  if (seconds === undefined) return undefined;
  const tokens = {
    accessToken: { value: access, expiresAt: Math.floor(nowMs / 1000) + seconds },
    refreshToken: { value: refresh ?? previousRefreshToken, role },
  };
  // Non-empty values; else no tokens (undefined).
  if (isTokens(tokens) && access && tokens.refreshToken.value) return freezeTokens(tokens);
}

/** A deep-frozen copy of `tokens`, so that a snapshot can never be changed in place. @internal */
export function freezeTokens({ accessToken: { value, expiresAt }, refreshToken }: Tokens): Tokens {
  return Object.freeze({
    accessToken: Object.freeze({ value, expiresAt }),
    refreshToken: Object.freeze({ value: refreshToken.value, role: refreshToken.role }),
  });
}
