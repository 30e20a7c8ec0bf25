// Shared set-up of the tests that run against the mock platform through MSW.
import { createMockPlatform, type MockPlatformOptions } from '@site-identity/mock-platform';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage, type Tokens } from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createCaptcha, type CaptchaOptions } from './captcha';
import { createMemberAuth } from './member-auth';
import type { VerificationStorage } from './verification-store';

export const CLIENT_ID = 'member-auth-test-client';

/** A Map-backed session storage, shared by instances to simulate a reload of the tab. */
export function mapStorage(): VerificationStorage & { records: Map<string, string> } {
  const records = new Map<string, string>();
  return {
    records,
    getItem: (key) => records.get(key) ?? null,
    setItem: (key, value) => void records.set(key, value),
    removeItem: (key) => void records.delete(key),
  };
}

/**
 * One mock platform behind an MSW server for a test file, reset after each test
 * (unhandled requests are errors).
 */
export function usePlatform(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform(options);
  const server = setupServer(...platform.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    platform.reset();
  });
  afterAll(() => server.close());

  /**
   * A member client with a real token manager and a real redirect client. Its
   * `silentLogin` is observed; with `emulateSilentLogin` it does what the hidden
   * frame does in a browser: the platform turns the session token into member
   * tokens, which are stored.
   */
  function createAuth(
    setup: {
      captcha?: CaptchaOptions;
      storage?: VerificationStorage;
      emulateSilentLogin?: boolean;
    } = {},
  ) {
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      storage: memoryStorage(),
      crossTab: false,
    });
    const redirects = createRedirects({ clientId: CLIENT_ID, tokens });
    const silentLogin = vi.spyOn(redirects, 'silentLogin');
    if (setup.emulateSilentLogin) {
      silentLogin.mockImplementation(async (sessionToken) => {
        const session = platform.state.sessions.get(sessionToken);
        if (!session) throw new Error('unknown session');
        const issued = platform.state.tokens.issue({
          role: 'member',
          clientId: CLIENT_ID,
          memberId: session.memberId,
        });
        const member: Tokens = {
          accessToken: {
            value: issued.access_token,
            expiresAt: Math.floor(Date.now() / 1000) + issued.expires_in,
          },
          refreshToken: { value: issued.refresh_token, role: 'member' },
        };
        await tokens.setTokens(member);
        return member;
      });
    }
    const auth = createMemberAuth({
      clientId: CLIENT_ID,
      tokens,
      redirects,
      captcha: setup.captcha && createCaptcha(setup.captcha),
      verificationStorage: setup.storage ?? mapStorage(),
    });
    return { auth, tokens, redirects, silentLogin };
  }

  /** Requests to the identity services, oldest first (token requests left out). */
  const serviceRequests = () =>
    platform.state.requests.filter((entry) => entry.path.startsWith('/_api/iam/'));

  return { platform, server, createAuth, serviceRequests };
}
