import { startMockPlatformServer } from '@site-identity/mock-platform';
import { expect, test } from 'vitest';
import { visitorSession } from './visitor-session.js';

test('a script gets visitor tokens from the platform over HTTP', async () => {
  const server = await startMockPlatformServer({ port: 4500 });
  try {
    expect(await visitorSession(server.url)).toBe('visitor');
    const grants = server.platform.state.requests.map((r) => r.grantType);
    expect(grants).toEqual(['anonymous']);
  } finally {
    await server.close();
  }
});
