import { isRedirectsError } from '@site-identity/redirects';
import {
  SignedIn,
  SignedOut,
  useLoginCallback,
  useLogout,
  useMemberAuth,
  useSession,
} from '@site-identity/react';
import { useLoginWithPopup } from '@site-identity/react/popup';
import { useEffect } from 'react';

function LoginForm() {
  const { login, pending, error, resultOf } = useMemberAuth();
  const result = resultOf('login'); // a LoginResult, or undefined
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
      {error && <p role="alert">{error.message}</p>}
      {/* error is written for the member: what happened and what to do */}
      {result?.loginState === 'FAILURE' && <p role="alert">{result.error}</p>}
    </form>
  );
}

/** Google sign-in in a popup: a separate import, so an app without it does not ship it. */
function GoogleSignIn() {
  const { loginWithPopup, pending, error } = useLoginWithPopup();
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={() => void loginWithPopup({ idp: 'google' })}
      >
        Continue with Google
      </button>
      {isRedirectsError(error) && error.code === 'POPUP_BLOCKED' && (
        <p role="alert">Your browser blocked the sign-in window. Allow popups for this site.</p>
      )}
    </>
  );
}

function Callback() {
  const { status, result, error } = useLoginCallback();
  useEffect(() => {
    if (status === 'done') location.replace(result.originalUri ?? '/');
  }, [status, result]);
  return status === 'error' ? <p role="alert">{error.message}</p> : <p>Signing you in…</p>;
}

function SignOut() {
  const { logout, pending, error } = useLogout();
  return (
    <>
      <SignedIn>
        <button disabled={pending} onClick={() => void logout()}>
          Sign out
        </button>
      </SignedIn>
      {/* Outside <SignedIn>: the member is already signed out here when this shows. */}
      {isRedirectsError(error) && error.code === 'LOGOUT_URL_UNAVAILABLE' && (
        <p role="status">Signed out on this device. The site could not end your other sessions.</p>
      )}
    </>
  );
}

export function App() {
  const { status } = useSession();
  if (location.pathname === '/callback') return <Callback />;
  return (
    <main>
      <p>Session: {status}</p>
      <SignOut />
      <SignedOut>
        <LoginForm />
        <GoogleSignIn />
      </SignedOut>
    </main>
  );
}
