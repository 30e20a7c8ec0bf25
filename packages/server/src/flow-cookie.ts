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
 * The flow cookies: one per login in progress, named after its state (so two tabs
 * logging in at once do not overwrite each other), `Path=<basePath>`, ten minutes. @internal
 */
export function flowCookie(options: SealedCookieOptions & { readonly path: string }) {
  const { name, path, sealer, now } = options;
  const purpose = `flow:${name}`;
  /** States are base64url; 16 of their characters name the cookie. */
  const cookieName = (state: string) => `${name}.flow.${state.replace(/[^\w-]/g, '').slice(0, 16)}`;
  return {
    async write(flow: Omit<LoginFlow, 'until'>, secure: boolean): Promise<string> {
      const record: LoginFlow = { ...flow, until: Math.floor(now() / 1000) + FLOW_MAX_AGE_SECONDS };
      const sealed = await sealer.seal(purpose, JSON.stringify(record));
      return serializeCookie(cookieName(flow.state), sealed, {
        path,
        secure,
        maxAge: FLOW_MAX_AGE_SECONDS,
      });
    },
    /** The live flow of `state` in `cookies`, and the `Set-Cookie` that removes its cookie. */
    async take(
      cookies: Map<string, string>,
      state: string,
      secure: boolean,
    ): Promise<{ flow: LoginFlow | undefined; clear: string[] }> {
      const named = cookieName(state);
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
