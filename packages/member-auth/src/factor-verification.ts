import type { CallSignal } from './call-signal';
import { FACTOR_TYPES, type FactorType } from './enumerations';
import type { LoginCompletionOptions } from './login-completion';

/**
 * What `verifyFactor` sends besides the factor's own data.
 *
 * @example
 * ```ts
 * import type { VerifyFactorOptions } from '@site-identity/member-auth';
 * declare const stateToken: string;
 *
 * const options: VerifyFactorOptions = { stateToken, rememberThisDevice: true, code: '123456' };
 * ```
 */
export interface VerifyFactorOptions extends LoginCompletionOptions, CallSignal {
  /** The state token of the `REQUIRE_MFA` answer (`result.data.stateToken`). */
  stateToken: string;
  /** Skip the second factor on this device next time. Default false. */
  rememberThisDevice?: boolean;
  /**
   * The factor's data, sent as `<factor>Data`: `{ stateToken, code }` for TOTP sends
   * `totpData: { code }`. Passing the data under its own key (`totpData: { code }`)
   * works too.
   */
  [field: string]: unknown;
}

const KEYS = [
  'stateToken',
  'rememberThisDevice',
  'completeLogin',
  'frameBudgetMs',
  'redirectUri',
  'originalUri',
  'signal',
];

/**
 * The path segment (`sms`, `recovery_code`) and the body key of a factor's data
 * (`smsData`, `recoveryCodeData`): the factor type in lower case, and in lower
 * camel case followed by `Data`.
 */
export function factorRoute(factorType: FactorType): { segment: string; dataKey: string } {
  const segment = factorType.toLowerCase();
  return {
    segment,
    dataKey: `${segment.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Data`,
  };
}

/** Whether `value` is one of the factor types. */
export const isFactorType = (value: unknown): value is FactorType =>
  (FACTOR_TYPES as readonly unknown[]).includes(value);

/** The body of `POST /v2/{factorType}/verify`. */
export function factorBody(
  factorType: FactorType,
  options: VerifyFactorOptions,
): Record<string, unknown> {
  const { dataKey } = factorRoute(factorType);
  const given = options[dataKey];
  let data: Record<string, unknown> = {};
  if (typeof given === 'object' && given !== null) data = given as Record<string, unknown>;
  else
    for (const [key, value] of Object.entries(options)) if (!KEYS.includes(key)) data[key] = value;
  return {
    stateToken: options.stateToken,
    rememberThisDevice: options.rememberThisDevice === true,
    [dataKey]: data,
  };
}
