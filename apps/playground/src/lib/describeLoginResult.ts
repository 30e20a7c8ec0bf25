import type { LoginResult } from '@site-identity/member-auth';
import type { OutcomeValue } from '../components/Outcome';

/** What a login result means for the person, in one line and a detail. */
export function describeLoginResult(result: LoginResult): OutcomeValue {
  switch (result.loginState) {
    case 'SUCCESS':
      return {
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
      return {
        tone: 'warn',
        message: `USER_CAPTCHA_REQUIRED: ${result.error}`,
        detail: `Tick the captcha and try again. (${result.errorCode})`,
      };
    case 'SILENT_CAPTCHA_REQUIRED':
      return {
        tone: 'warn',
        message: `SILENT_CAPTCHA_REQUIRED: ${result.error}`,
        detail: `The invisible captcha was missing or rejected. (${result.errorCode})`,
      };
    case 'FAILURE':
      return {
        tone: 'bad',
        message: `FAILURE: ${result.error}`,
        detail: `errorCode: ${result.errorCode}`,
      };
  }
}
