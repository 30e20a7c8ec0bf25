import { describe, expect, it, test } from 'vitest';
import { isMockPlatformError } from '../mock-platform-error';
import { createMockPlatform } from '../platform';
import { sha256, toBase64Url } from '../sha256';
import { REDIRECTS, caught, post, visitorTokens } from '../test-platform';
import { createTestBrowser, type TestBrowser } from './index';

const PAGE = 'http://localhost:3000';
const challenge = toBase64Url(sha256('v'.repeat(43)));

async function setUp() {
  const platform = createMockPlatform({
    members: [{ email: 'ada@example.com', password: 'secret' }],
  });
  const visitor = await visitorTokens(platform);
  /** The hosted authorize URL of a redirect session, as `getAuthUrl` would create it. */
  const authUrl = async (request: Record<string, string>, prompt = 'login') => {
    const { body } = await post(
      platform,
      `${REDIRECTS}/v1/redirect-session`,
      {
        auth: {
          authRequest: {
            clientId: 'app',
            redirectUri: `${PAGE}/callback`,
            codeChallenge: challenge,
            codeChallengeMethod: 'S256',
            responseMode: 'web_message',
            responseType: 'code',
            scope: 'offline_access',
            state: 'the-state',
            ...request,
          },
        },
        prompt,
      },
      visitor.access_token,
    );
    return (body['redirectSession'] as { fullUrl: string }).fullUrl;
  };
  const member = platform.state.findMember('ada@example.com')!;
  return { platform, authUrl, sessionToken: platform.state.createSession(member.id) };
}

/** Appends a hidden frame for `url` the way the library does, and resolves with the first message and the 'load'. */
function openFrame(browser: TestBrowser, url: string) {
  const win = browser.window;
  const frame = win.document.createElement('iframe');
  const messages: MessageEvent[] = [];
  win.addEventListener('message', (event) => messages.push(event));
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve()));
  frame.style.display = 'none';
  frame.src = url;
  win.document.body.appendChild(frame);
  return { frame, messages, loaded };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createTestBrowser: hidden frames', () => {
  it('loads a hosted page from the platform and delivers what it posts, from that frame and origin', async () => {
    const { platform, authUrl, sessionToken } = await setUp();
    const browser = createTestBrowser(platform);
    const url = await authUrl({ sessionToken }, 'none');
    const { frame, messages, loaded } = openFrame(browser, url);
    await loaded;
    await settle();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.origin).toBe(new URL(url).origin);
    expect(message?.source).toBe(frame.contentWindow);
    expect(message?.data).toEqual({
      code: expect.stringMatching(/^mock-code\./),
      state: 'the-state',
    });
    expect(browser.pageErrors).toEqual([]);
    expect(platform.state.requests.at(-1)).toMatchObject({ method: 'GET', status: 200 });
    frame.remove();
    expect(browser.frames).toEqual([]);
  });

  it('delivers the page error answer (no session) the same way', async () => {
    const { platform, authUrl } = await setUp();
    const browser = createTestBrowser(platform);
    const { messages, loaded } = openFrame(browser, await authUrl({}, 'none'));
    await loaded;
    await settle();
    expect(messages[0]?.data).toMatchObject({ error: 'login_required', state: 'the-state' });
  });

  it('drops a message meant for another origin, as a browser does', async () => {
    const { platform, authUrl, sessionToken } = await setUp();
    const browser = createTestBrowser(platform, { url: 'http://127.0.0.1:8080/' });
    const { messages, loaded } = openFrame(browser, await authUrl({ sessionToken }, 'none'));
    await loaded;
    await settle();
    expect(messages).toEqual([]);
  });

  it('a frame removed before its page answers posts nothing', async () => {
    const { platform, authUrl, sessionToken } = await setUp();
    const browser = createTestBrowser(platform);
    const url = await authUrl({ sessionToken }, 'none');
    platform.faults.inject({ kind: 'latency', latencyMs: 20 });
    const { frame, messages } = openFrame(browser, url);
    frame.remove();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(messages).toEqual([]);
  });

  it('a network failure still fires load, with no message', async () => {
    const { platform } = await setUp();
    const browser = createTestBrowser(platform);
    platform.faults.inject({ kind: 'network' });
    const { messages, loaded } = openFrame(browser, 'https://www.wixapis.com/_hosted/login');
    await loaded;
    expect(messages).toEqual([]);
  });
});

describe('createTestBrowser: the tab', () => {
  it('navigates with location.assign and keeps history same-origin', () => {
    const browser = createTestBrowser(createMockPlatform(), { url: `${PAGE}/account?x=1` });
    const { location, history } = browser.window;
    expect([location.origin, location.pathname, location.search]).toEqual([
      PAGE,
      '/account',
      '?x=1',
    ]);
    history.replaceState({ a: 1 }, '', '/account');
    expect(browser.url).toBe(`${PAGE}/account`);
    expect(history.state).toEqual({ a: 1 });
    const error = caught(() => history.replaceState(null, '', 'https://evil.example/'));
    expect((error as DOMException).name).toBe('SecurityError');
    location.assign('https://www.wixapis.com/_hosted/login');
    expect(browser.url).toBe('https://www.wixapis.com/_hosted/login');
    browser.window.sessionStorage.setItem('k', 'v');
    expect(browser.window.sessionStorage.getItem('k')).toBe('v');
    expect(browser.window.localStorage.length).toBe(0);
  });

  it('signs in on the hosted page the tab shows and lands on the callback with a code', async () => {
    const { platform, authUrl } = await setUp();
    const browser = createTestBrowser(platform);
    browser.window.location.assign(await authUrl({ responseMode: 'fragment' }));
    const landed = new URL(await browser.signIn({ email: 'ada@example.com', password: 'secret' }));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${PAGE}/callback`);
    expect(new URLSearchParams(landed.hash.slice(1)).get('state')).toBe('the-state');
    expect(browser.url).toBe(landed.href);
  });

  it('cancels on the hosted page: the callback carries access_denied', async () => {
    const { platform, authUrl } = await setUp();
    const browser = createTestBrowser(platform);
    browser.window.location.assign(await authUrl({ responseMode: 'query' }));
    const landed = new URL(await browser.cancelSignIn());
    expect(landed.searchParams.get('error')).toBe('access_denied');
  });

  it('rejects a wrong password with the page message, and a tab not on a hosted page', async () => {
    const { platform, authUrl } = await setUp();
    const browser = createTestBrowser(platform);
    await expect(browser.signIn({ email: 'ada@example.com', password: 'x' })).rejects.toMatchObject(
      {
        code: 'NOT_ON_HOSTED_PAGE',
      },
    );
    const url = await authUrl({ responseMode: 'fragment' });
    browser.window.location.assign(url);
    const error: unknown = await browser
      .signIn({ email: 'ada@example.com', password: 'wrong' })
      .catch((reason: unknown) => reason);
    expect(isMockPlatformError(error) && error.code).toBe('HOSTED_SIGN_IN_FAILED');
    expect((error as Error).message).toBe(
      'the hosted page /_hosted/oauth2/authorize answered 401: Wrong e-mail or password',
    );
    expect((error as Error).message).not.toContain('wrong');
    expect(browser.url).toBe(url);
  });

  test.each([null, {}, 'platform'])('rejects %j as the platform with a typed error', (value) => {
    const error = caught(() => createTestBrowser(value as never));
    expect(isMockPlatformError(error) && error.code).toBe('INVALID_OPTION');
  });

  it('rejects a relative start address with a typed error', () => {
    const error = caught(() => createTestBrowser(createMockPlatform(), { url: '/relative' }));
    expect(isMockPlatformError(error) && error.message).toBe('url must be an absolute URL');
  });
});
