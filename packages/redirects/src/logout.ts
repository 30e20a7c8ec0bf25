import { createRedirectSession } from './auth-url';
import { storageOf } from './environment';
import { RedirectsError } from './redirects-error';
import { httpUrl, type RedirectsContext } from './redirects-context';
import type { LogoutOptions } from './redirects-types';
import { clearRecords } from './stored-records';
import { signalOf } from '@site-identity/http/internal';
import { invalidArgument } from './values';

/**
 * `logout`: asks for the logout URL with the still-valid token first, then clears
 * the tokens and every session record of the client, whatever the answer; resolves
 * with the URL, or rejects with `LOGOUT_URL_UNAVAILABLE` when there is none.
 */
export async function logout(ctx: RedirectsContext, logoutOptions: LogoutOptions): Promise<string> {
  const postFlowUrl = logoutOptions?.postLogoutRedirectUri;
  httpUrl(postFlowUrl, 'postLogoutRedirectUri');
  const signal = signalOf(logoutOptions, invalidArgument);
  let fullUrl: string | undefined;
  let failure: unknown;
  try {
    ({ fullUrl } = await createRedirectSession(
      ctx,
      { logout: { clientId: ctx.clientId }, callbacks: { postFlowUrl } },
      { signal },
    ));
  } catch (error) {
    failure = error;
  }
  clearRecords(storageOf(ctx.options, 'session'), ctx.clientId);
  await ctx.manager.clear();
  if (fullUrl === undefined) {
    throw new RedirectsError('Signed out on this device only: no logout URL', {
      code: 'LOGOUT_URL_UNAVAILABLE',
      cause: failure,
    });
  }
  return fullUrl;
}
