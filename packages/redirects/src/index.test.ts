// @vitest-environment node
import { describe, expect, test, vi } from 'vitest';
import * as entry from './index';
import * as popupEntry from './popup';
import * as prewarmEntry from './prewarm';
import * as redirectSessionEntry from './create-redirect-session';

describe('@site-identity/redirects entry', () => {
  test('exports exactly the public surface', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'IDENTITY_PROVIDER_IDS',
      'OAUTH_FLOW_TIMEOUT_MS',
      'PREWARM_INTERVAL_MS',
      'RedirectsError',
      'createRedirects',
      'isRedirectsError',
      'parseCallback',
    ]);
    expect(entry.OAUTH_FLOW_TIMEOUT_MS).toBe(120_000);
    expect(entry.PREWARM_INTERVAL_MS).toBe(604_800_000);
    expect(Object.keys(popupEntry)).toEqual(['loginWithPopup']);
    expect(Object.keys(prewarmEntry)).toEqual(['prewarm']);
    expect(Object.keys(redirectSessionEntry)).toEqual(['createRedirectSession']);
  });

  test('works on a server: creating a client touches no browser global, browser-only calls fail typed', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const tokens = {
      getAccessToken: vi.fn(async () => 'at'),
      clear: vi.fn(),
      exchangeCode: vi.fn(),
    };
    const redirects = entry.createRedirects({ clientId: 'app', tokens, fetch: vi.fn() });
    expect(tokens.getAccessToken).not.toHaveBeenCalled();
    await expect(redirects.completeLogin()).rejects.toMatchObject({ code: 'NOT_IN_BROWSER' });
    await expect(redirects.silentLogin('session')).rejects.toMatchObject({
      code: 'NOT_IN_BROWSER',
      // A login that cannot complete in Node names the way to sign members in on a server.
      message:
        'No browser window: on a server, sign members in with @site-identity/server (createServerIdentity, whose login routes complete the login with a top-level redirect and keep the session in a cookie); in tests, pass createRedirects({ window: createTestBrowser(platform).window }) or call installTestBrowser(platform), from @site-identity/mock-platform/testing',
    });
    await expect(
      redirects.loginWithRedirect({ redirectUri: 'https://a.example/cb' }),
    ).rejects.toMatchObject({ code: 'NOT_IN_BROWSER' });
    await expect(popupEntry.loginWithPopup(redirects)).rejects.toMatchObject({
      code: 'NOT_IN_BROWSER',
    });
    await expect(prewarmEntry.prewarm(redirects)).resolves.toBeUndefined();
    expect(entry.parseCallback('https://a.example/cb#code=c&state=s')).toEqual({
      code: 'c',
      state: 's',
    });
  });
});
