export const dynamic = 'force-dynamic';

/** A plain form that posts to /auth/login; failures come back here with loginState and errorCode. */
export default async function Login({
  searchParams,
}: {
  searchParams: Promise<{ loginState?: string; errorCode?: string }>;
}) {
  const { loginState, errorCode } = await searchParams;
  return (
    <main>
      <h1>Log in</h1>
      {loginState && (
        <p role="alert" data-testid="login-problem">
          {loginState}
          {errorCode ? `: ${errorCode}` : ''}
        </p>
      )}
      <form method="post" action="/auth/login">
        <input type="hidden" name="returnTo" value="/" />
        <input type="hidden" name="failureTo" value="/login" />
        <label>
          E-mail <input name="email" type="email" required />
        </label>
        <label>
          Password <input name="password" type="password" required />
        </label>
        <button type="submit">Log in</button>
      </form>
    </main>
  );
}
