export { createServerIdentity } from './server-identity';
export type {
  GetSessionOptions,
  ServerIdentity,
  ServerIdentityOptions,
  ServerSession,
  ServerSessionWithMember,
} from './server-identity-types';
export type { RequestLike } from './request-origin';
export type { CurrentMember } from '@site-identity/member-auth/current-member';
export {
  memoryCoordinator,
  type CoordinatorPublication,
  type SessionCoordinator,
} from './coordinator';
export { redisCoordinator, type RedisCommandClient } from './redis-coordinator';
export { withSessionCookies } from './forward-cookies';
export {
  isServerIdentityError,
  ServerIdentityError,
  type KnownServerIdentityErrorCode,
  type ServerIdentityErrorCode,
  type ServerIdentityErrorInit,
} from './server-identity-error';
