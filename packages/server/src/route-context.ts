import type { FlowCookie } from './flow-cookie';
import type { PlatformClients } from './platform-clients';
import type { ResolvedSession } from './resolve-session';
import type { SessionCookie } from './session-cookie';

/** What the routes share with the factory. @internal */
export interface RouteContext extends Pick<
  PlatformClients,
  'clientsFor' | 'exchangeCode' | 'retire'
> {
  readonly clientId: string;
  readonly basePath: string;
  readonly exposeAccessToken: boolean;
  readonly resolve: (request: Request) => Promise<ResolvedSession>;
  readonly session: SessionCookie;
  readonly flows: FlowCookie;
}
