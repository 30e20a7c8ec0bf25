import { headers } from 'next/headers';
import { identity } from '../lib/identity';
import { MemberPanel } from './member-panel';

export const dynamic = 'force-dynamic';

/** A server component that reads the session: the member is in the first HTML. */
export default async function Home() {
  const { snapshot, accessToken } = await identity.getSession({ headers: await headers() });
  return (
    <main>
      <h1>Site Identity on Next.js</h1>
      <p data-testid="server-status">server: {snapshot.status}</p>
      <p>{accessToken ? 'The server holds a valid access token.' : 'No access token.'}</p>
      <MemberPanel />
    </main>
  );
}
