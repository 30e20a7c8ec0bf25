import { RequireMember } from '@site-identity/react';
import { Header } from '../components/Header';
import { ReturnBanner } from '../components/ReturnBanner';

/**
 * A page only members see: where the hosted-login round trip lands by default.
 * `RequireMember` shows a visitor the fallback and a member the page.
 */
export function MembersPage() {
  return (
    <>
      <Header />
      <main className="page narrow-page">
        <ReturnBanner />
        <h2>Members-only page</h2>
        <RequireMember
          fallback={
            <p className="outcome warn" data-testid="members-fallback">
              This page is for members. Log in from the panels first (the hosted login comes back
              here).
            </p>
          }
        >
          <p className="outcome ok" data-testid="members-welcome">
            Welcome, member. Only a session with the member role sees this text.
          </p>
        </RequireMember>
        <p>
          <a href="/">Back to the panels</a>
        </p>
      </main>
    </>
  );
}
