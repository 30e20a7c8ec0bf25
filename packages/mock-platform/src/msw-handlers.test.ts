import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockPlatform } from './platform';
import { TOKEN_URL } from './test-platform';
import { strictListenOptions } from './testing';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
beforeAll(() => server.listen(strictListenOptions));
afterAll(() => server.close());

describe('the MSW handlers', () => {
  it('answer a CORS preflight from a page of any origin, without logging it', async () => {
    const preflight = await fetch(TOKEN_URL, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-app',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, content-type, x-app',
    );
    expect(platform.state.requests).toEqual([]);
  });

  it('allow a preflight that lost its Origin and request headers (happy-dom drops them) for any origin', async () => {
    const preflight = await fetch(TOKEN_URL, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(platform.state.requests).toEqual([]);
  });

  it('add the CORS headers to the answers of a cross-origin request', async () => {
    const answer = await fetch(TOKEN_URL, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'app', grantType: 'anonymous' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-wix-request-id');
  });

  it('with strictListenOptions, a request nothing handles fails', async () => {
    const error: unknown = await fetch('https://elsewhere.example/').catch(
      (reason: unknown) => reason,
    );
    expect(String(error)).toMatch(/Cannot bypass a request when using the "error" strategy/);
  });
});
