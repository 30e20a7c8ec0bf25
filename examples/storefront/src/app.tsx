import { SignedIn, SignedOut, useLogout, useMemberAuth } from '@site-identity/react';
import { useMember } from '@site-identity/react/member';
import type { StoreClient } from './identity';
import { Products } from './products';

/** "Welcome, Ada" for a member (one members API request per member session), a plain welcome otherwise. */
function Greeting() {
  const { member, status, error, refetch } = useMember();
  if (status === 'loading') return <p>Welcome…</p>;
  if (status === 'error')
    return (
      <p role="alert">
        {error?.message} <button onClick={() => void refetch()}>Try again</button>
      </p>
    );
  if (!member) return <h2>Welcome to the store</h2>;
  return (
    <h2>Welcome, {member.contact.firstName ?? member.profile.nickname ?? member.loginEmail}</h2>
  );
}

function LoginForm() {
  const { login, pending, resultOf } = useMemberAuth();
  const result = resultOf('login');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        void login({ email: String(form.get('email')), password: String(form.get('password')) });
      }}
    >
      <input name="email" type="email" aria-label="E-mail" />
      <input name="password" type="password" aria-label="Password" />
      <button disabled={pending}>Sign in</button>
      {result?.loginState === 'FAILURE' && <p role="alert">{result.error}</p>}
    </form>
  );
}

function SignOut() {
  const { logout, pending } = useLogout();
  return (
    <button disabled={pending} onClick={() => void logout().catch(() => undefined)}>
      Sign out
    </button>
  );
}

export function App({ client }: { client: StoreClient }) {
  return (
    <main>
      <h1>Storefront</h1>
      <Greeting />
      <SignedIn>
        <SignOut />
      </SignedIn>
      <SignedOut>
        <LoginForm />
      </SignedOut>
      <Products client={client} />
    </main>
  );
}
