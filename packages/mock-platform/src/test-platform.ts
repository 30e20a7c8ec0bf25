// Helpers shared by this package's tests (not part of the build's entry points).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { MockPlatform } from './platform';

export const API = 'https://www.wixapis.com';
export const TOKEN_URL = `${API}/oauth2/token`;
export const AUTH = `${API}/_api/iam/authentication`;
export const RECOVERY = `${API}/_api/iam/recovery`;
export const VERIFICATION = `${API}/_api/iam/verification`;
export const REDIRECTS = `${API}/_api/redirects-api`;

/** POSTs JSON through the platform's fetch handler and returns the status and parsed body. */
export async function post(
  platform: MockPlatform,
  url: string,
  body: unknown,
  authorization?: string,
): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
  const response = await platform.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    response,
  };
}

/** Visitor tokens for `clientId`. */
export async function visitorTokens(
  platform: MockPlatform,
  clientId = 'app',
): Promise<{ access_token: string; refresh_token: string }> {
  const { body } = await post(platform, TOKEN_URL, { clientId, grantType: 'anonymous' });
  return body as { access_token: string; refresh_token: string };
}

/** The application error code of a platform error body. */
export function errorCode(body: Record<string, unknown>): unknown {
  return (body['details'] as { applicationError?: { code?: unknown } } | undefined)
    ?.applicationError?.code;
}

/** Serves `platform` through MSW for the file's tests, resetting it (and real timers) after each. */
export function serveThroughMsw(platform: MockPlatform): void {
  const server = setupServer(...platform.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    platform.reset();
    vi.useRealTimers();
  });
  afterAll(() => server.close());
}

/** What `run` throws, or undefined when it returns. */
export function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
