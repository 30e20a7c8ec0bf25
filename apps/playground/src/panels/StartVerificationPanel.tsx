import { MemberCallForm } from '../components/MemberCallForm';
import { Panel } from '../components/Panel';
import { usePlayground } from '../PlaygroundContext';

/** Starts e-mail verification of an identity on demand, without a register or login. */
export function StartVerificationPanel() {
  const { memberAuth, log } = usePlayground();
  return (
    <Panel
      id="start-verification"
      title="Start e-mail verification"
      intro="Asks the platform to verify a member's address now (startEmailVerification): it e-mails a code and the flow is stored, so the E-mail verification panel can finish it as after an EMAIL_VERIFICATION_REQUIRED answer."
    >
      <MemberCallForm
        submit="Start verification"
        resultLabel="Start verification result"
        call={async (memberId) => {
          await memberAuth.startEmailVerification(memberId);
          log.add(`Start verification: a code was sent for ${memberId}`);
          return {
            tone: 'info',
            message:
              'A verification code went out (see the outbox). Finish in the "E-mail verification" panel.',
          };
        }}
      />
    </Panel>
  );
}
