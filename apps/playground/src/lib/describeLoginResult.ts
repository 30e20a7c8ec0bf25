import type { LoginResult } from '@site-identity/member-auth';
import type { OutcomeValue } from '../components/Outcome';
import { explainLoginProblem } from './explain';

/** What a login result means for the person, in one line and a hint; failures through `explainLoginProblem`. */
export function describeLoginResult(result: LoginResult): OutcomeValue {
  switch (result.loginState) {
    case 'SUCCESS':
      return result.completedBy === 'redirect'
        ? {
            tone: 'info',
            message: 'SUCCESS: completing the login through the hosted page…',
            detail:
              'The hidden frame could not sign in here, so the page goes to the hosted page with the session token and comes back logged in.',
          }
        : {
            tone: 'ok',
            message: 'SUCCESS: you are logged in as a member.',
            detail: 'The session token was exchanged for member tokens in a hidden frame.',
          };
    case 'EMAIL_VERIFICATION_REQUIRED':
      return {
        tone: 'warn',
        message: 'EMAIL_VERIFICATION_REQUIRED: the site wants the e-mail address verified first.',
        detail:
          'A code was e-mailed (see the outbox). Enter it in the "E-mail verification" panel.',
      };
    case 'OWNER_APPROVAL_REQUIRED':
      return {
        tone: 'warn',
        message:
          'OWNER_APPROVAL_REQUIRED: the site owner must approve this member before they can log in.',
        detail: 'Approve the member in "Mock site settings", then log in again.',
      };
    case 'INITIAL':
      return { tone: 'info', message: 'INITIAL: nothing has happened yet.' };
    case 'USER_CAPTCHA_REQUIRED':
      return explainLoginProblem(result, 'Tick "I\'m not a robot" and try again.');
    case 'SILENT_CAPTCHA_REQUIRED':
      return explainLoginProblem(
        result,
        'The invisible reCAPTCHA gave nothing: choose a token it answers and try again.',
      );
    case 'FAILURE':
      return explainLoginProblem(
        result,
        result.errorCode === 'resetPassword'
          ? 'This member must choose a new password: send a reset e-mail from "Password reset".'
          : // The app's configuration: the developer's diagnosis, with the setting to change.
            result.errorCode === 'SITE_MISCONFIGURED'
            ? result.cause.message
            : undefined,
      );
  }
}
