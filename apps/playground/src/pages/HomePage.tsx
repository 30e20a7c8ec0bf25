import { Header } from '../components/Header';
import { ReturnBanner } from '../components/ReturnBanner';
import { ActivationEmailPanel } from '../panels/ActivationEmailPanel';
import { AddMemberPanel } from '../panels/AddMemberPanel';
import { AuthorizedClientPanel } from '../panels/AuthorizedClientPanel';
import { ChangePasswordPanel } from '../panels/ChangePasswordPanel';
import { CheckoutPanel } from '../panels/CheckoutPanel';
import { EmailVerificationPanel } from '../panels/EmailVerificationPanel';
import { EventLogPanel } from '../panels/EventLogPanel';
import { FaultsPanel } from '../panels/FaultsPanel';
import { HostedLoginPanel } from '../panels/HostedLoginPanel';
import { LoginPanel } from '../panels/LoginPanel';
import { LogoutPanel } from '../panels/LogoutPanel';
import { OutboxPanel } from '../panels/OutboxPanel';
import { PasskeyEnrolPanel } from '../panels/PasskeyEnrolPanel';
import { PasswordResetPanel } from '../panels/PasswordResetPanel';
import { PopupLoginPanel } from '../panels/PopupLoginPanel';
import { PrewarmPanel } from '../panels/PrewarmPanel';
import { PushApprovalsPanel } from '../panels/PushApprovalsPanel';
import { RegisterPanel } from '../panels/RegisterPanel';
import { RequestLogPanel } from '../panels/RequestLogPanel';
import { SignOnPanel } from '../panels/SignOnPanel';
import { SilentLoginPanel } from '../panels/SilentLoginPanel';
import { SiteSettingsPanel } from '../panels/SiteSettingsPanel';
import { SocialLoginPanel } from '../panels/SocialLoginPanel';
import { StorefrontPanel } from '../panels/StorefrontPanel';
import { StartVerificationPanel } from '../panels/StartVerificationPanel';
import { VisitorTokensPanel } from '../panels/VisitorTokensPanel';

/** Every flow of the library, one panel each (one file each), grouped by what they are about. */
export function HomePage() {
  return (
    <>
      <Header />
      <main className="page">
        <ReturnBanner />
        <p className="page-intro">
          Each panel runs one flow of the Site Identity packages against a local mock of the
          platform. Open this page in a second tab to watch the session follow along: a login, a
          renewal or a logout in one tab reaches the other without a reload. The session itself
          (role, token expiry, renewals, hand-offs between tabs, errors) is in the Identity
          devtools: the button in the bottom right corner.
        </p>
        <section className="group" aria-label="Session">
          <h2>Session</h2>
          <div className="grid">
            <VisitorTokensPanel />
            <EventLogPanel />
            <StorefrontPanel />
          </div>
        </section>
        <section className="group" aria-label="Member accounts">
          <h2>Member accounts</h2>
          <div className="grid">
            <AddMemberPanel />
            <RegisterPanel />
            <LoginPanel />
            <PasskeyEnrolPanel />
            <PushApprovalsPanel />
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
            <PopupLoginPanel />
            <SocialLoginPanel />
            <SilentLoginPanel />
            <PrewarmPanel />
            <CheckoutPanel />
          </div>
        </section>
        <section className="group" aria-label="Server-side calls">
          <h2>Server-side calls</h2>
          <div className="grid">
            <SignOnPanel />
            <AuthorizedClientPanel />
            <StartVerificationPanel />
            <ActivationEmailPanel />
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
