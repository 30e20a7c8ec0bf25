import { createAuthFlowData } from '@site-identity/pkce';
import {
  IDENTITY_PROVIDER_IDS,
  parseCallback,
  type IdentityProvider,
  type Prompt,
} from '@site-identity/redirects';
import { problem, redirectTo, withParams } from './answers';
import type { RouteContext } from './route-context';
import { sameOriginPath } from './request-origin';
import type { ResolvedSession } from './resolve-session';

/** `'google'` and `'facebook'` by name; any other name is a connection id of the site's own. */
const identityProvider = (idp: string): IdentityProvider =>
  Object.hasOwn(IDENTITY_PROVIDER_IDS, idp)
    ? (idp as keyof typeof IDENTITY_PROVIDER_IDS)
    : { connectionId: idp };

/** What a login flow is started with. @internal */
export interface FlowStart {
  readonly returnTo: string;
  readonly failureTo?: string | undefined;
  readonly prompt: Prompt;
  /** `'google'`, `'facebook'` or a connection id of the site's own. */
  readonly idp?: string | undefined;
  /** From a password login, for `prompt: 'none'`. */
  readonly sessionToken?: string | undefined;
}

/**
 * Creates a PKCE flow whose redirect URI is `{basePath}/callback` on the request's
 * origin, asks the platform for the hosted authorize URL (`responseMode: 'query'`),
 * and seals the flow into its cookie. Resolves with the URL and the `Set-Cookie`
 * values (the flow's, and the session's if it was minted or renewed). @internal
 */
export async function startFlow(
  ctx: RouteContext,
  resolved: ResolvedSession,
  start: FlowStart,
): Promise<{ authUrl: string; setCookies: string[] }> {
  if (!resolved.tokens) throw resolved.error;
  const redirectUri = new URL(`${ctx.basePath}/callback`, resolved.origin).href;
  const flow = await createAuthFlowData({ redirectUri });
  const { redirects } = await ctx.clientsFor(resolved.tokens);
  const { authUrl } = await redirects.getAuthUrl(flow, {
    prompt: start.prompt,
    responseMode: 'query',
    sessionToken: start.sessionToken,
    idp: start.idp ? identityProvider(start.idp) : undefined,
  });
  const flowSetCookies = await ctx.flows.write(
    {
      state: flow.state,
      codeVerifier: flow.codeVerifier,
      redirectUri,
      returnTo: start.returnTo,
      failureTo: start.failureTo,
    },
    resolved.cookies,
    resolved.secure,
  );
  return { authUrl, setCookies: [...resolved.setCookies, ...flowSetCookies] };
}

/** `GET {basePath}/login?returnTo=&prompt=&idp=`: to the hosted login page. @internal */
export async function hostedLoginRoute(request: Request, ctx: RouteContext): Promise<Response> {
  const resolved = await ctx.resolve(request);
  const query = new URL(request.url).searchParams;
  const prompt = query.get('prompt') ?? 'login';
  if (prompt !== 'login' && prompt !== 'none')
    return problem(request, {
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'prompt must be "login" or "none"',
    });
  const idp = query.get('idp') ?? undefined;
  if (idp !== undefined && !/^[\w-]{1,100}$/.test(idp))
    return problem(request, {
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'idp must be "google", "facebook" or a connection id',
    });
  const returnTo = sameOriginPath(query.get('returnTo'), resolved.origin) ?? '/';
  try {
    const { authUrl, setCookies } = await startFlow(ctx, resolved, { returnTo, prompt, idp });
    return redirectTo(authUrl, setCookies);
  } catch {
    return problem(request, {
      status: 503,
      code: 'LOGIN_UNAVAILABLE',
      message: 'The login page could not be reached; try again',
      setCookies: resolved.setCookies,
    });
  }
}

/**
 * `GET {basePath}/callback?code=&state=`: checks the state against the flow cookie,
 * exchanges the code, stores the member's session and redirects to the flow's
 * same-origin `returnTo`. A hosted page's error or a failed exchange redirects to the
 * flow's failure page with `loginState=FAILURE` and `errorCode`. @internal
 */
export async function callbackRoute(request: Request, ctx: RouteContext): Promise<Response> {
  const resolved = await ctx.resolve(request);
  const params = parseCallback(request.url, 'query');
  const { flow, clear } =
    params.state === undefined
      ? { flow: undefined, clear: [] as string[] }
      : await ctx.flows.take(resolved.cookies, params.state, resolved.secure);
  const keep = [...resolved.setCookies, ...clear];
  if (!params.error && (!params.code || !params.state))
    return problem(request, {
      status: 400,
      code: 'MISSING_CODE_OR_STATE',
      message: 'Missing code or _state',
      setCookies: keep,
    });
  if (!flow)
    return problem(request, {
      status: 400,
      code: 'INVALID_STATE',
      message: 'Invalid _state',
      setCookies: keep,
    });
  const failed = (errorCode: string) =>
    redirectTo(
      withParams(flow.failureTo ?? flow.returnTo, { loginState: 'FAILURE', errorCode }),
      keep,
    );
  if (params.error) return failed(params.error);
  let tokens;
  try {
    tokens = await ctx.exchangeCode({
      code: params.code!,
      codeVerifier: flow.codeVerifier,
      redirectUri: flow.redirectUri,
    });
  } catch (error) {
    return failed((error as { code?: string })?.code ?? 'EXCHANGE_FAILED');
  }
  const stored = await ctx.session.write(resolved.cookies, tokens, {
    path: '/',
    secure: resolved.secure,
  });
  return redirectTo(flow.returnTo, [...clear, ...stored]);
}
