import type { LoginResult } from '@site-identity/member-auth';
import { jsonAnswer, redirectTo, wantsJson, withParams } from './answers';
import { crossOrigin, readFields, unreadable } from './form-post';
import { startFlow } from './hosted-login-routes';
import type { RouteContext } from './route-context';
import { originOf, sameOriginPath } from './request-origin';

/**
 * `POST {basePath}/login`: a form post (or JSON) of `email`, `password`, and
 * optionally `returnTo` and `failureTo` (same-origin paths). A SUCCESS login is
 * completed by a top-level redirect to the hosted authorize URL with the session
 * token (`prompt: 'none'`), which comes back to `/callback`. Every other
 * `LoginResult` redirects to `failureTo` (else the same-origin `Referer`, else `/`)
 * with `loginState` and `errorCode` in the query; with `Accept: application/json`
 * the answer is `{ loginState, errorCode?, error?, location? }` instead. @internal
 */
export async function formLoginRoute(request: Request, ctx: RouteContext): Promise<Response> {
  // Nothing is read, resolved or asked of the platform for a post of another site.
  const refused = crossOrigin(request, originOf(request));
  if (refused) return refused;
  const read = await readFields(request);
  if (!('fields' in read)) return unreadable(request, read);
  const { fields } = read;
  const resolved = await ctx.resolve(request);
  const json = wantsJson(request);
  const returnTo = sameOriginPath(fields.returnTo, resolved.origin) ?? '/';
  const failureTo =
    sameOriginPath(fields.failureTo, resolved.origin) ??
    sameOriginPath(request.headers.get('referer'), resolved.origin) ??
    '/';

  const answer = (
    result: Pick<LoginResult, 'loginState'> & { errorCode?: string; error?: string },
  ) =>
    json
      ? jsonAnswer(
          {
            loginState: result.loginState,
            ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
            ...(result.error !== undefined && { error: result.error }),
          },
          200,
          resolved.setCookies,
        )
      : redirectTo(
          withParams(failureTo, { loginState: result.loginState, errorCode: result.errorCode }),
          resolved.setCookies,
        );

  if (!resolved.tokens)
    return answer({
      loginState: 'FAILURE',
      errorCode: 'NETWORK_ERROR',
      error: 'Logging in is not possible right now. Try again in a moment.',
    });
  const { memberAuth } = await ctx.clientsFor(resolved.tokens);
  const result = await memberAuth().login({
    email: fields.email ?? '',
    password: fields.password ?? '',
    completeLogin: false,
    // A client that goes away stops the login request too (FAILURE ABORTED, nothing signed in).
    signal: request.signal,
  });
  if (result.loginState !== 'SUCCESS') {
    const { errorCode, error } = result as { errorCode?: string; error?: string };
    return answer({ loginState: result.loginState, errorCode, error });
  }
  try {
    const { authUrl, setCookies } = await startFlow(ctx, resolved, {
      returnTo,
      failureTo,
      prompt: 'none',
      sessionToken: result.data.sessionToken,
    });
    return json
      ? jsonAnswer({ loginState: 'SUCCESS', location: authUrl }, 200, setCookies)
      : redirectTo(authUrl, setCookies);
  } catch {
    return answer({
      loginState: 'FAILURE',
      errorCode: 'LOGIN_NOT_COMPLETED',
      error: 'You are logged in, but this page could not finish it. Reload the page.',
    });
  }
}
