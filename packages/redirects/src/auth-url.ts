import { idpConnectionId } from './identity-provider';
import {
  readRedirectSession,
  type RedirectSession,
  type RedirectSessionRequest,
} from './redirect-session';
import type { RedirectsContext } from './redirects-context';
import type { AuthFlowInput, AuthUrl, AuthUrlOptions } from './redirects-types';
import { postJson, signalOf } from '@site-identity/http/internal';
import { text } from './values';
import { invalidArgument } from './redirects-error';

/** How {@link postRedirectSession} sends: the call's options, and a token taken before. */
export interface RedirectSessionSending {
  /** The options of the call that asked for the session, as the app gave them: their `signal` is checked and used. */
  readonly call?: { readonly signal?: AbortSignal | undefined } | undefined;
  /** The access token to send instead of the manager's (taken before the session ended: logout). */
  readonly accessToken?: string;
}

/**
 * A redirect session: one intent, POSTed with the manager's access token (or
 * `accessToken`, taken before the session ended: logout). A failure to get the token
 * rejects with the manager's own error, and nothing is sent. The request is not
 * checked here: the library builds it (getAuthUrl, logout, pre-warm), or
 * `createRedirectSession` of the `/redirect-session` import checked it.
 */
export async function postRedirectSession(
  ctx: RedirectsContext,
  request: RedirectSessionRequest,
  { call, accessToken }: RedirectSessionSending = {},
): Promise<RedirectSession> {
  const signal = signalOf(call, invalidArgument);
  return readRedirectSession(
    await postJson({
      url: ctx.sessionUrl,
      body: request,
      authorization: accessToken ?? (await ctx.manager.getAccessToken({ signal })),
      fetch: ctx.fetch,
      signal,
    }),
  );
}

/** `getAuthUrl`: the redirect session of the flow's authorization request. */
export async function getAuthUrl(
  ctx: RedirectsContext,
  flow: AuthFlowInput,
  options?: AuthUrlOptions,
): Promise<AuthUrl> {
  // `options ?? {}`: a null options argument is as good as none, never a TypeError.
  const { prompt = 'login', responseMode = 'fragment', sessionToken, idp } = options ?? {};
  const redirectSession = await postRedirectSession(
    ctx,
    {
      auth: {
        authRequest: {
          redirectUri: text(flow?.redirectUri, 'redirectUri'),
          clientId: ctx.clientId,
          codeChallenge: text(flow.codeChallenge, 'codeChallenge'),
          codeChallengeMethod: 'S256',
          responseMode,
          responseType: 'code',
          scope: 'offline_access',
          state: text(flow.state, 'state'),
          // Fields left `undefined` are not sent (JSON has no `undefined`).
          sessionToken: sessionToken === undefined ? undefined : text(sessionToken, 'sessionToken'),
          idp: idp === undefined ? undefined : idpConnectionId(idp),
        },
      },
      prompt,
    },
    // Its `signal` is the call's.
    { call: options },
  );
  return { authUrl: redirectSession.fullUrl, redirectSession };
}
