// The server package as a server bundles it: createServerIdentity, the
// coordinators and the cookie helper (its core packages measured apart).
export {
  createServerIdentity,
  memoryCoordinator,
  redisCoordinator,
  withSessionCookies,
} from '@site-identity/server';
