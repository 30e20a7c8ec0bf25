import { MemberCallForm } from '../components/MemberCallForm';
import { Panel } from '../components/Panel';
import { usePlayground } from '../PlaygroundContext';

/** E-mails an activation link to a member who has no password yet (one made by sign-on, say). */
export function ActivationEmailPanel() {
  const { memberAuth, log } = usePlayground();
  return (
    <Panel
      id="activation-email"
      title="Activation e-mail"
      intro="A member created without a password (by sign-on, for instance) gets an e-mail whose link lets them choose one on the hosted page. The link lands in the outbox."
    >
      <MemberCallForm
        submit="Send the activation e-mail"
        resultLabel="Activation e-mail result"
        call={async (memberId) => {
          await memberAuth.sendActivationEmail(memberId, {
            redirect: { url: `${window.location.origin}/` },
          });
          log.add(`Activation e-mail sent for ${memberId}`);
          return {
            tone: 'info',
            message:
              'The activation e-mail went out: open its link from the outbox to choose a password.',
          };
        }}
      />
    </Panel>
  );
}
