import { useIsLoggedIn, useSession } from '@site-identity/react';
import { MOCK_PLATFORM_URL } from '../config';
import { usePlayground } from '../PlaygroundContext';
import { RoleBadge } from './RoleBadge';

/** The bar at the top of every page: where you are, which tab this is, and who you are. */
export function Header() {
  const { requests } = usePlayground();
  const snapshot = useSession();
  const loggedIn = useIsLoggedIn();
  return (
    <header className="app-header">
      <h1>Site Identity playground</h1>
      <span className="tab-name" title="This tab's name, also in the page title">
        {requests.tab}
      </span>
      <span aria-label="Current role">
        {loggedIn ? 'Logged in' : 'Not logged in'} · role{' '}
        <RoleBadge role={snapshot.status === 'loading' ? 'none' : snapshot.status} />
      </span>
      <nav className="links">
        <a href="/">Panels</a> · <a href="/members">Members-only page</a> ·{' '}
        <a href={`${MOCK_PLATFORM_URL}/`}>mock platform</a>
      </nav>
    </header>
  );
}
