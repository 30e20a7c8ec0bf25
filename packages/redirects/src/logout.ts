import { postRedirectSession } from './auth-url';
import { storageOf } from './environment';
import { fail, invalidArgument } from './redirects-error';
import { httpUrl, type RedirectsContext } from './redirects-context';
import type { LogoutOptions } from './redirects-types';
import { clearRecords } from './stored-records';
import { signalOf } from '@site-identity/http/internal';

/**
 * `logout`: takes the still-valid access token, signs out on this device at once
 * (the tokens and every session record of the client), then asks for the logout URL
 * with the token it took, so a slow or absent platform never holds the local
 * sign-out; resolves with the URL, or rejects with `LOGOUT_URL_UNAVAILABLE` when
 * there is none.
 */
export async function logout(ctx: RedirectsContext, logoutOptions: LogoutOptions): Promise<string> {
  const postFlowUrl = logoutOptions?.postLogoutRedirectUri;
  httpUrl(postFlowUrl, 'postLogoutRedirectUri');
  const signal = signalOf(logoutOptions, invalidArgument);
  let failure: unknown;
  const failed = (error: unknown) => {
    failure = error;
  };
  const accessToken = await ctx.manager.getAccessToken({ signal }).catch(failed);
  clearRecords(storageOf(ctx.options, 'session'), ctx.clientId);
  await ctx.manager.clear();
  const session =
    accessToken &&
    (await postRedirectSession(
      ctx,
      { logout: { clientId: ctx.clientId }, callbacks: { postFlowUrl } },
      { call: logoutOptions, accessToken },
    ).catch(failed));
  if (!session)
    throw fail('LOGOUT_URL_UNAVAILABLE', 'Signed out on this device only: no logout URL', failure);
  return session.fullUrl;
}
