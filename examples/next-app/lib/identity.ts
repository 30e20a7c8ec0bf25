import { createServerIdentity } from '@site-identity/server';

/** The platform: the mock platform server in this example (PLATFORM_URL), production otherwise. */
const platformUrl = process.env.PLATFORM_URL;

/** One server identity for the whole app: the session cookie, the /auth routes, getSession. */
export const identity = createServerIdentity({
  clientId: process.env.CLIENT_ID ?? 'next-example',
  secret: process.env.SESSION_SECRET ?? 'an-example-secret-that-is-long-enough-0123',
  exposeAccessToken: true,
  ...(platformUrl && { apiBaseUrl: platformUrl }),
});
