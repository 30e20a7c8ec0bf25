import type { CatalogueErrorCode, LoginResult } from '@site-identity/member-auth';
import { LoginState, type StateErrorCode, type StateMachine } from './incumbent-types';

/** The catalogue names `@wix/sdk`'s `errorCode` knows (member-auth's catalogue, the same six). */
const STATE_ERROR_CODES: readonly CatalogueErrorCode[] = [
  'invalidEmail',
  'invalidPassword',
  'resetPassword',
  'missingCaptchaToken',
  'emailAlreadyExists',
  'invalidCaptchaToken',
] satisfies readonly StateErrorCode[];

/** The text `@wix/sdk` gives a state it does not handle (REQUIRE_MFA, STATUS_CHECK, …). */
export const UNKNOWN_STATE = 'Unknown state';

/**
 * A member-auth `LoginResult` as `@wix/sdk`'s `StateMachine`: the same states and
 * data; a failure keeps its text, its catalogue name where the catalogue has one,
 * and the typed error as `cause`. @internal
 */
export function toStateMachine(result: LoginResult): StateMachine {
  switch (result.loginState) {
    case 'SUCCESS':
      return { loginState: LoginState.SUCCESS, data: { sessionToken: result.data.sessionToken } };
    case 'EMAIL_VERIFICATION_REQUIRED':
      return {
        loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
        data: { stateToken: result.data.stateToken },
      };
    case 'OWNER_APPROVAL_REQUIRED':
      return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    case 'INITIAL':
      return { loginState: LoginState.INITIAL };
    case 'FAILURE':
    case 'USER_CAPTCHA_REQUIRED':
    case 'SILENT_CAPTCHA_REQUIRED':
      if (result.loginState !== 'FAILURE' && result.data.stateToken)
        return {
          loginState: LoginState[result.loginState],
          data: { stateToken: result.data.stateToken },
        };
  }
  const { errorCode, error, cause } = result;
  return {
    loginState: LoginState.FAILURE,
    error,
    ...(STATE_ERROR_CODES.includes(errorCode as CatalogueErrorCode) && {
      errorCode: errorCode as StateErrorCode,
    }),
    cause,
  };
}
