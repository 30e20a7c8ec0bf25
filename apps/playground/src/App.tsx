import { useEffect } from 'react';
import { IdentityDevtools } from '@site-identity/devtools/react';
import { IdentityProvider } from '@site-identity/react';
import { expectReturn } from './lib/returnNote';
import { CallbackPage } from './pages/CallbackPage';
import { HomePage } from './pages/HomePage';
import { MembersPage } from './pages/MembersPage';
import { PlaygroundProvider, type Playground } from './PlaygroundContext';

/** Three pages, chosen by path: the panels, the login callback, and a members-only page. */
function Page() {
  switch (window.location.pathname) {
    case '/callback':
      return <CallbackPage />;
    case '/members':
      return <MembersPage />;
    default:
      return <HomePage />;
  }
}

export function App({ playground }: { readonly playground: Playground }) {
  // The devtools' "Sign out everywhere": the platform's logout page ends the hosted session too.
  const signOutEverywhere = async () => {
    const url = await playground.redirects.logout({
      postLogoutRedirectUri: `${window.location.origin}/`,
    });
    playground.log.add('Devtools: signed out everywhere');
    expectReturn('hosted-logout');
    window.location.assign(url);
  };

  useEffect(() => {
    // What a site does on load: make sure there are tokens. The first visit
    // fetches visitor tokens; later visits reuse the stored ones.
    playground.tokens.getTokens().catch((error: unknown) => {
      playground.log.add(
        `Could not get tokens on load: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }, [playground]);

  return (
    <IdentityProvider
      tokens={playground.tokens}
      redirects={playground.redirects}
      memberAuth={playground.memberAuth}
    >
      <PlaygroundProvider value={playground}>
        <Page />
      </PlaygroundProvider>
      <IdentityDevtools
        tokens={playground.tokens}
        memberAuth={playground.memberAuth}
        redirects={playground.redirects}
        signOutEverywhere={signOutEverywhere}
      />
    </IdentityProvider>
  );
}
