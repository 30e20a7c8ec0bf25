import { useCallback, useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { mfaControl } from '../lib/mockControl';
import { usePrefill, type Credentials } from '../lib/prefill';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/**
 * Enrols a passkey for a member of the mock platform: the platform's creation
 * options, `navigator.credentials.create` in this browser, and the new credential's
 * public key kept by the platform. The member's next login then asks for it.
 */
export function PasskeyEnrolPanel() {
  const { prefill, log } = usePlayground();
  const [email, setEmail] = useState('');
  const action = useAction();
  usePrefill(
    prefill,
    useCallback((credentials: Credentials) => setEmail(credentials.email), []),
  );
  return (
    <Panel
      id="passkey-enrol"
      title="Enrol a passkey"
      intro="Creates a passkey (WebAuthn) for a member with this browser's authenticator and hands its public key to the mock platform. The member's next login asks for the passkey; the platform checks each signature with that key."
    >
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            if (typeof PublicKeyCredential !== 'function' || !navigator.credentials)
              return {
                tone: 'bad',
                message:
                  'This browser has no WebAuthn (passkeys): open the page over https or on localhost in a current browser.',
              };
            const options = await mfaControl.passkeyOptions(email, location.origin);
            const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
            const credential = await navigator.credentials.create({ publicKey });
            if (!(credential instanceof PublicKeyCredential))
              return { tone: 'bad', message: 'The browser made no passkey.' };
            const kept = await mfaControl.registerPasskey(credential.toJSON());
            log.add(`Passkey enrolled for ${email}`);
            return {
              tone: 'ok',
              message: `Passkey enrolled for ${email}: a login now asks for it.`,
              facts: [
                ['Credential id', kept.credentialId],
                ['Relying party', kept.rpId],
              ],
            };
          });
        }}
      >
        <TextField label="Member e-mail" type="email" value={email} onChange={setEmail} />
        <div className="row">
          <button type="submit" disabled={action.busy}>
            Enrol a passkey
          </button>
        </div>
      </form>
      <Outcome value={action.outcome} working={action.working} label="Passkey enrolment result" />
    </Panel>
  );
}
