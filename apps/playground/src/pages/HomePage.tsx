import { Header } from '../components/Header';
import { ChangePasswordPanel } from '../panels/ChangePasswordPanel';
import { CheckoutPanel } from '../panels/CheckoutPanel';
import { EmailVerificationPanel } from '../panels/EmailVerificationPanel';
import { EventLogPanel } from '../panels/EventLogPanel';
import { FaultsPanel } from '../panels/FaultsPanel';
import { HostedLoginPanel } from '../panels/HostedLoginPanel';
import { LoginPanel } from '../panels/LoginPanel';
import { LogoutPanel } from '../panels/LogoutPanel';
import { OutboxPanel } from '../panels/OutboxPanel';
import { PasswordResetPanel } from '../panels/PasswordResetPanel';
import { PrewarmPanel } from '../panels/PrewarmPanel';
import { RegisterPanel } from '../panels/RegisterPanel';
import { RequestLogPanel } from '../panels/RequestLogPanel';
import { SessionPanel } from '../panels/SessionPanel';
import { SilentLoginPanel } from '../panels/SilentLoginPanel';
import { SiteSettingsPanel } from '../panels/SiteSettingsPanel';
import { VisitorTokensPanel } from '../panels/VisitorTokensPanel';

/** Every flow of the library, one panel each, grouped by what they are about. */
export function HomePage() {
  return (
    <>
      <Header />
      <main className="page">
        <p className="page-intro">
          Each panel runs one flow of the Site Identity packages against a local mock of the
          platform. Open this page in a second tab to watch the session follow along: a login, a
          renewal or a logout in one tab reaches the other without a reload.
        </p>
        <section className="group" aria-label="Session">
          <h2>Session</h2>
          <div className="grid">
            <SessionPanel />
            <VisitorTokensPanel />
            <EventLogPanel />
          </div>
        </section>
        <section className="group" aria-label="Member accounts">
          <h2>Member accounts</h2>
          <div className="grid">
            <RegisterPanel />
            <LoginPanel />
            <EmailVerificationPanel />
            <PasswordResetPanel />
            <ChangePasswordPanel />
            <LogoutPanel />
          </div>
        </section>
        <section className="group" aria-label="Hosted pages and hidden frames">
          <h2>Hosted pages and hidden frames</h2>
          <div className="grid">
            <HostedLoginPanel />
            <SilentLoginPanel />
            <PrewarmPanel />
            <CheckoutPanel />
          </div>
        </section>
        <section className="group" aria-label="Mock platform">
          <h2>Mock platform</h2>
          <div className="grid">
            <SiteSettingsPanel />
            <FaultsPanel />
            <OutboxPanel />
            <RequestLogPanel />
          </div>
        </section>
      </main>
    </>
  );
}
