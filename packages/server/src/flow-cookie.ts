import { serializeCookie } from './cookies';
import { openJson, type SealedCookieOptions } from './sealer';

/** How long a login flow may take from `/login` to `/callback`: ten minutes. */
export const FLOW_MAX_AGE_SECONDS = 600;

/** A login in progress, sealed into a short-lived cookie on the routes' path. @internal */
export interface LoginFlow {
  /** The OAuth `state`. */
  readonly state: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  /** Same-origin path to go to after the login. */
  readonly returnTo: string;
  /** Same-origin path for a failure, when the form post named one. */
  readonly failureTo?: string | undefined;
  /** Epoch seconds after which the flow does not count. */
  readonly until: number;
}

/**
 * The most login flows a browser keeps at once: a new one past it replaces the
 * oldest, so navigations to `/login` can never pile up cookies until the server
 * refuses the request headers (each flow cookie stays under 4 kB: `returnTo` and
 * `failureTo` are capped).
 */
export const MAX_FLOWS = 3;

/** Past this many flow cookies in one request, they are all removed without being opened. */
const MAX_FLOWS_OPENED = 16;

/**
 * The flow cookies: one per login in progress, named after its state (so two tabs
 * logging in at once do not overwrite each other), `Path=<basePath>`, ten minutes;
 * `__Secure-` prefixed where cookies are `Secure`, at most {@link MAX_FLOWS}. @internal
 */
export function flowCookie(options: SealedCookieOptions & { readonly path: string }) {
  const { name, path, sealer, now } = options;
  const purpose = `flow:${name}`;
  const prefix = (secure: boolean) => `${secure ? '__Secure-' : ''}${name}.flow.`;
  /** States are base64url; 16 of their characters name the cookie. */
  const cookieName = (state: string, secure: boolean) =>
    prefix(secure) + state.replace(/[^\w-]/g, '').slice(0, 16);
  const until = async (sealed: string) =>
    ((await openJson(sealer, purpose, sealed))?.value as LoginFlow | undefined)?.until ?? 0;
  /** The `Set-Cookie` values that remove the oldest flows of `cookies`, leaving room for one more. */
  async function oldest(cookies: Map<string, string>, secure: boolean): Promise<string[]> {
    const flows = [...cookies].filter(([cookie]) => cookie.startsWith(prefix(secure)));
    if (flows.length < MAX_FLOWS) return [];
    const dated =
      flows.length > MAX_FLOWS_OPENED
        ? flows.map(([cookie]) => ({ cookie, until: 0 }))
        : await Promise.all(
            flows.map(async ([cookie, sealed]) => ({ cookie, until: await until(sealed) })),
          );
    dated.sort((a, b) => b.until - a.until);
    const keep = flows.length > MAX_FLOWS_OPENED ? 0 : MAX_FLOWS - 1;
    return dated
      .slice(keep)
      .map(({ cookie }) => serializeCookie(cookie, '', { path, secure, maxAge: 0 }));
  }
  return {
    /** The `Set-Cookie` values of a new flow: its cookie, and the removal of the oldest past {@link MAX_FLOWS}. */
    async write(
      flow: Omit<LoginFlow, 'until'>,
      cookies: Map<string, string>,
      secure: boolean,
    ): Promise<string[]> {
      const record: LoginFlow = { ...flow, until: Math.floor(now() / 1000) + FLOW_MAX_AGE_SECONDS };
      const sealed = await sealer.seal(purpose, JSON.stringify(record));
      return [
        serializeCookie(cookieName(flow.state, secure), sealed, {
          path,
          secure,
          maxAge: FLOW_MAX_AGE_SECONDS,
        }),
        ...(await oldest(cookies, secure)),
      ];
    },
    /** The live flow of `state` in `cookies`, and the `Set-Cookie` that removes its cookie. */
    async take(
      cookies: Map<string, string>,
      state: string,
      secure: boolean,
    ): Promise<{ flow: LoginFlow | undefined; clear: string[] }> {
      const named = cookieName(state, secure);
      const sealed = cookies.get(named);
      if (sealed === undefined) return { flow: undefined, clear: [] };
      const clear = [serializeCookie(named, '', { path, secure, maxAge: 0 })];
      const flow = (await openJson(sealer, purpose, sealed))?.value as LoginFlow | undefined;
      const live = flow?.state === state && flow.until > now() / 1000;
      return { flow: live ? flow : undefined, clear };
    },
  };
}

/** The flow cookies of one server identity. @internal */
export type FlowCookie = ReturnType<typeof flowCookie>;
