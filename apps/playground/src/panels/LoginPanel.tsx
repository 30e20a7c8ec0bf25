import { useState } from 'react';
import type { FactorType, LoginProblem, LoginResult } from '@site-identity/member-auth';
import { ActionForm } from '../components/ActionForm';
import { CaptchaControls } from '../components/CaptchaControls';
import { CredentialsFields } from '../components/CredentialsFields';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { describeLoginResult } from '../lib/describeLoginResult';
import { firstFactor } from '../lib/firstFactor';
import { useAction } from '../lib/useAction';
import { useCredentials } from '../lib/useCredentials';
import { usePlayground } from '../PlaygroundContext';
import { MfaStep } from './MfaStep';

/** What the member does next, by the factor the platform asks for first. */
const SECOND_STEP: Partial<Record<FactorType, string>> = {
  TOTP: 'Enter the code of your authenticator app below to finish logging in.',
  EMAIL: 'The platform sent a one-time code (see the outbox). Enter it below to finish logging in.',
  WEBAUTHN: 'Use your passkey below to finish logging in.',
  PUSH: 'Approve the sign-in on your phone (the "Push approvals" panel), then wait below.',
  RECOVERY_CODE: 'Enter one of your recovery codes below to finish logging in.',
};

/** Logs a member in with e-mail and password; shows every login state, captcha and MFA included. */
export function LoginPanel() {
  const { memberAuth, log } = usePlayground();
  const credentials = useCredentials({ prefilled: true });
  const { email, password } = credentials;
  const [mfa, setMfa] = useState<{ login: LoginProblem; email: string }>();
  const action = useAction();

  const show = (result: LoginResult) => {
    const stateToken =
      result.loginState === 'FAILURE' && result.serverState === 'REQUIRE_MFA'
        ? result.data.stateToken
        : undefined;
    const factorType = firstFactor(result.loginState === 'FAILURE' ? result.mfa : undefined);
    setMfa(stateToken && result.loginState === 'FAILURE' ? { login: result, email } : undefined);
    if (stateToken) {
      return {
        tone: 'warn' as const,
        message: `A second factor is required (REQUIRE_MFA, factor ${factorType}).`,
        detail: SECOND_STEP[factorType] ?? SECOND_STEP.EMAIL,
      };
    }
    return describeLoginResult(result);
  };

  return (
    <Panel
      id="login"
      title="Log in"
      intro="Logs a member in with e-mail and password. Every outcome is a login result, never an exception: SUCCESS, EMAIL_VERIFICATION_REQUIRED, OWNER_APPROVAL_REQUIRED, the two captcha states, or FAILURE with a catalogue error (wrong password, unknown e-mail, reset required). A member with a second factor is asked for it: a code, a passkey or a push approval."
    >
      <ActionForm
        action={action}
        submit="Log in"
        onSubmit={async () => {
          setMfa(undefined);
          const result = await memberAuth.login({ email, password });
          log.add(
            `Login ${email}: ${result.loginState}${result.errorCode ? ` (${result.errorCode})` : ''}`,
          );
          return show(result);
        }}
      >
        <CredentialsFields credentials={credentials} />
        <CaptchaControls />
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label="Login result" />
      {mfa ? (
        <MfaStep
          key={mfa.login.data.stateToken}
          login={mfa.login}
          email={mfa.email}
          onDone={(result) => {
            log.add(`Second factor for ${mfa.email}: ${result.loginState}`);
            if (result.loginState === 'SUCCESS') {
              setMfa(undefined);
              action.setOutcome(describeLoginResult(result));
            }
          }}
        />
      ) : null}
    </Panel>
  );
}
