import type { Redirects } from '@site-identity/redirects';
import type { MemberAuth } from '@site-identity/member-auth';
import type { Tokens } from '@site-identity/tokens';
import type { FlowCookie } from './flow-cookie';
import type { ResolvedSession } from './resolve-session';
import type { SessionCookie } from './session-cookie';

/** What the routes share with the factory. @internal */
export interface RouteContext {
  readonly clientId: string;
  readonly basePath: string;
  readonly exposeAccessToken: boolean;
  readonly resolve: (request: Request) => Promise<ResolvedSession>;
  readonly clientsFor: (
    tokens: Tokens,
  ) => Promise<{ redirects: Redirects; memberAuth: () => MemberAuth }>;
  readonly exchangeCode: (request: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }) => Promise<Tokens>;
  readonly session: SessionCookie;
  readonly flows: FlowCookie;
}
