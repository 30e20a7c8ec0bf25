import { authFlowOf } from '@site-identity/pkce/internal';
import { getAuthUrl } from './auth-url';
import { sameOriginUri } from './callback-url';
import { storageOf } from './environment';
import { browser, redirectUrl, type RedirectsContext } from './redirects-context';
import type { LoginWithRedirectOptions } from './redirects-types';
import { dropFlow, saveFlow } from './stored-records';
import { signalOf } from '@site-identity/http/internal';
import { invalidArgument } from './redirects-error';

/** `loginWithRedirect`: stores a flow (keyed by its state), then leaves for the hosted page. */
export async function loginWithRedirect(
  ctx: RedirectsContext,
  login: LoginWithRedirectOptions,
): Promise<void> {
  const redirect = redirectUrl(login?.redirectUri);
  const { redirectUri, originalUri, beforeNavigate } = login;
  signalOf(login, invalidArgument);
  const navigate =
    ctx.options.navigate ??
    (
      (win: Window) => (href: string) =>
        win.location.assign(href)
    )(browser(ctx));
  const session = storageOf(ctx.options, 'session');
  const flow = await authFlowOf(redirectUri, sameOriginUri(originalUri, redirect.origin));
  saveFlow(session, ctx.clientId, flow);
  try {
    // The options of the hosted page's URL (prompt, responseMode, idp, sessionToken, signal) are the call's.
    const { authUrl } = await getAuthUrl(ctx, flow, login);
    beforeNavigate?.(authUrl);
    navigate(authUrl);
  } catch (error) {
    dropFlow(session, ctx.clientId, flow.state);
    throw error;
  }
}
