export { createServerIdentity } from './server-identity';
export type { ServerIdentity, ServerIdentityOptions, ServerSession } from './server-identity-types';
export type { RequestLike } from './request-origin';
export { memoryCoordinator, type SessionCoordinator } from './coordinator';
export { redisCoordinator, type RedisCommandClient } from './redis-coordinator';
export { withSessionCookies } from './forward-cookies';
export {
  isServerIdentityError,
  ServerIdentityError,
  type KnownServerIdentityErrorCode,
  type ServerIdentityErrorCode,
  type ServerIdentityErrorInit,
} from './server-identity-error';
