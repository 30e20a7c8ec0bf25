import { useIsLoggedIn, useSession } from '@site-identity/react';
import { MOCK_PLATFORM_URL } from '../config';
import { RoleBadge } from './RoleBadge';

/** The bar at the top of every page: where you are and who you are. */
export function Header() {
  const snapshot = useSession();
  const loggedIn = useIsLoggedIn();
  return (
    <header className="app-header">
      <h1>Site Identity playground</h1>
      <span aria-label="Current role">
        {loggedIn ? 'Logged in' : 'Not logged in'} · role{' '}
        <RoleBadge role={snapshot.status === 'loading' ? 'none' : snapshot.status} />
      </span>
      <span className="links">
        <a href="/">Panels</a> · <a href="/members">Members-only page</a> · mock platform at{' '}
        <code>{MOCK_PLATFORM_URL}</code>
      </span>
    </header>
  );
}
