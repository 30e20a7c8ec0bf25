import { useState } from 'react';
import { ActionForm } from '../components/ActionForm';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { mockControl, type MockMemberInput, type MockSettings } from '../lib/mockControl';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** The kinds of test member, each a state the login flows must handle. */
const PRESETS = {
  plain: {
    label: 'an active member',
    input: {},
    then: 'A login answers SUCCESS.',
  },
  mfa: {
    label: 'with a second factor (e-mailed code)',
    input: { mfa: { factorType: 'email' } },
    then: 'A login asks for a second factor; read the code from the outbox.',
  },
  totp: {
    label: 'with an authenticator app (code 000000)',
    input: { mfa: { factorType: 'totp', totpCode: '000000' } },
    then: 'A login asks for a TOTP code: enter 000000.',
  },
  sms: {
    label: 'with a text message code (also by WhatsApp) or a recovery code',
    input: {
      mfa: { factorType: 'sms', factors: ['call', 'recovery_code'], recoveryCodes: ['1111-2222'] },
    },
    then: 'A login asks for the SMS code (read it from the outbox); it also offers a phone call and the recovery code 1111-2222, which works once.',
  },
  push: {
    label: 'with push approval on a phone',
    input: {
      mfa: { factorType: 'push', factors: ['recovery_code'], recoveryCodes: ['3333-4444'] },
    },
    then: 'A login sends a push request: approve or deny it in "Push approvals" while the login waits.',
  },
  reset: {
    label: 'who must reset the password',
    input: { resetPasswordRequired: true },
    then: 'A login answers FAILURE resetPassword; send a reset e-mail from "Password reset".',
  },
  approval: {
    label: "waiting for the owner's approval",
    input: { ownerApproved: false },
    then: 'A login answers OWNER_APPROVAL_REQUIRED until you approve the member in "Mock site settings".',
  },
  unverified: {
    label: 'with an unverified e-mail',
    input: { emailVerified: false },
    site: { requireEmailVerification: true },
    then: 'The site now requires verified e-mail addresses: a login answers EMAIL_VERIFICATION_REQUIRED and the code is in the outbox.',
  },
} as const satisfies Record<
  string,
  {
    label: string;
    input: Omit<MockMemberInput, 'email'>;
    site?: Partial<MockSettings>;
    then: string;
  }
>;

type Preset = keyof typeof PRESETS;
const PASSWORD = 'test-member-1';

/** Adds a member to the mock platform in a chosen state, and hands the credentials to the login forms. */
export function AddMemberPanel() {
  const { prefill, log, mock } = usePlayground();
  const [preset, setPreset] = useState<Preset>('mfa');
  const action = useAction();
  return (
    <Panel
      id="add-member"
      title="Add a test member"
      intro="Creates a member directly on the mock platform, in the state you want to try: with a second factor (e-mailed code, authenticator app, text message, push), who must reset the password, waiting for approval, or with an unverified e-mail. The e-mail and password go into the login forms; a passkey is added in “Enrol a passkey”."
    >
      <ActionForm
        action={action}
        submit="Add the member"
        onSubmit={async () => {
          const email = `${preset}-${Date.now().toString(36).slice(-5)}@example.com`;
          const chosen: { input: Omit<MockMemberInput, 'email'>; site?: Partial<MockSettings> } =
            PRESETS[preset];
          if (chosen.site) await mockControl.updateSettings(chosen.site);
          await mockControl.addMember({ email, password: PASSWORD, ...chosen.input });
          await mock.refresh();
          prefill.send({ email, password: PASSWORD });
          log.add(`Test member ${email} added (${PRESETS[preset].label})`);
          return {
            tone: 'ok',
            message: `Added ${email} (${PRESETS[preset].label}), password ${PASSWORD}.`,
            detail: `The "Log in" panel holds these credentials now. ${PRESETS[preset].then}`,
          };
        }}
      >
        <label className="field">
          A member
          <select value={preset} onChange={(event) => setPreset(event.target.value as Preset)}>
            {(Object.keys(PRESETS) as Preset[]).map((key) => (
              <option key={key} value={key}>
                {PRESETS[key].label}
              </option>
            ))}
          </select>
        </label>
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label="Add member result" />
    </Panel>
  );
}
