import { getMemberTokensForExternalLogin } from '@site-identity/member-auth/external-login';
import { useState } from 'react';
import { MemberCallForm } from '../components/MemberCallForm';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { clock } from '../lib/time';
import { usePlayground } from '../PlaygroundContext';

/** The `authorized_client` grant: member tokens for a member id, for a server that logged the member in elsewhere. */
export function AuthorizedClientPanel() {
  const { memberAuth, log } = usePlayground();
  const [secondToken, setSecondToken] = useState('server-api-key');
  return (
    <Panel
      id="authorized-client"
      title="External login (authorized_client)"
      intro="A server that logged a member in by other means asks for that member's tokens: the authorized_client grant, authorised by this site's access token and a second token (an API key). The tokens are returned, not stored: this browser's session does not change."
    >
      <MemberCallForm
        submit="Get the member's tokens"
        resultLabel="External login result"
        call={async (memberId) => {
          const tokens = await getMemberTokensForExternalLogin(memberAuth, memberId, secondToken);
          log.add(`authorized_client: member tokens for ${memberId}`);
          return {
            tone: 'ok',
            message: `The platform answered tokens of role ${tokens.refreshToken.role} for member ${memberId}; the access token expires at ${clock(tokens.accessToken.expiresAt * 1000)}.`,
            detail: 'They were not stored: the role of this browser stays what it was.',
          };
        }}
      >
        <TextField label="Second token (API key)" value={secondToken} onChange={setSecondToken} />
      </MemberCallForm>
    </Panel>
  );
}
