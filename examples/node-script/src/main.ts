// Starts the mock platform on loopback, gets visitor tokens from it, prints the role.
// Point PLATFORM_URL at another platform to try it there instead.
import { startMockPlatformServer } from '@site-identity/mock-platform';
import { visitorSession } from './visitor-session.js';

const port = Number(process.env.MOCK_PLATFORM_PORT ?? 4500);
const server = process.env.PLATFORM_URL ? undefined : await startMockPlatformServer({ port });
try {
  const role = await visitorSession(process.env.PLATFORM_URL ?? server!.url);
  console.log(`session: ${role}`);
} finally {
  await server?.close();
}
