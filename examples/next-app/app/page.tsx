import { headers } from 'next/headers';
import type { CurrentMember } from '@site-identity/server';
import { identity } from '../lib/identity';
import { MemberPanel } from './member-panel';

export const dynamic = 'force-dynamic';

/** What the page calls the member: the first name they registered with, else their nickname or e-mail. */
const nameOf = (member: CurrentMember) =>
  member.contact.firstName ?? member.profile.nickname ?? member.loginEmail ?? 'member';

/**
 * A server component that reads the session and the member (one members API request
 * per session and minute, shared by concurrent renders): the greeting is in the first HTML.
 */
export default async function Home() {
  const { snapshot, accessToken, member } = await identity.getSession(
    { headers: await headers() },
    { member: true },
  );
  return (
    <main>
      <h1>Site Identity on Next.js</h1>
      <p data-testid="server-status">server: {snapshot.status}</p>
      {member && <p data-testid="greeting">Welcome, {nameOf(member)}</p>}
      <p>{accessToken ? 'The server holds a valid access token.' : 'No access token.'}</p>
      <MemberPanel />
    </main>
  );
}
