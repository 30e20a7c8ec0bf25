// With the `redirects` option the panel lists the configuration problems the redirect
// client's own calls met, diagnosed by member-auth's one rule, with the call that met
// them: against the emulated platform as strict as the real one.
import { createMemberAuth } from '@site-identity/member-auth';
import { createMockPlatform } from '@site-identity/mock-platform';
import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { loginWithPopup } from '@site-identity/redirects/popup';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { afterEach, describe, expect, test } from 'vitest';
import { mountIdentityDevtools } from './index';
import { mountReadingProblems, settled } from './test-platform';

const CLIENT_ID = 'my-app';
const PAGE_ORIGIN = 'http://localhost:3000';
const ada = { email: 'ada@example.com', password: 'correct horse' };
const platform = createMockPlatform({
  clients: [{ clientId: CLIENT_ID, redirectUris: [`${PAGE_ORIGIN}/callback`, PAGE_ORIGIN] }],
  members: [ada],
});
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  platform.reset();
});

const NOT_ANSWERED_FIX =
  "To fix it, add this page's origin to the allowed domains and the redirect URI to the redirect URIs in the app's OAuth settings on the platform.";

/** The app's OAuth settings with this page's origin not among the allowed domains. */
function originNotAllowed() {
  platform.state.settings.clients = [
    {
      clientId: CLIENT_ID,
      redirectUris: [`${PAGE_ORIGIN}/callback`, PAGE_ORIGIN],
      allowedOrigins: ['https://shop.example'],
    },
  ];
}

/** A token manager and a redirect client on the emulated platform, in a test browser. */
function clients() {
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    storage: memoryStorage(),
    fetch: (request) => platform.fetch(request),
    crossTab: false,
    onError: () => {},
  });
  cleanups.push(() => tokens.dispose());
  const browser = createTestBrowser(platform, { url: `${PAGE_ORIGIN}/shop` });
  const redirects = createRedirects({ tokens, window: browser.window, navigate: () => {} });
  return { tokens, redirects };
}

/** Devtools over `tokens` with the `redirects` option; reads the "Configuration problems" section. */
const mount = ({ tokens, redirects }: ReturnType<typeof clients>) =>
  mountReadingProblems(tokens, { options: { redirects }, cleanups });

/** A session token of the member's platform session. */
const sessionToken = () => platform.state.createSession(platform.state.findMember(ada.email)!.id);

/**
 * A stand-in for the popup the app opened: `about:blank` of the page's origin until it is
 * sent to the platform's page, whose address can no longer be read (as in a browser).
 */
function standInPopup() {
  let sent = false;
  const popup = {
    closed: false,
    location: {
      get href(): string {
        if (sent) throw new DOMException('Blocked a frame from accessing a cross-origin frame');
        return 'about:blank';
      },
      replace: () => void (sent = true),
    },
    close: () => void (popup.closed = true),
  };
  return popup as unknown as Window;
}

describe("the redirect client's own calls (the redirects option)", () => {
  test("redirects.silentLogin whose hidden frame never answered: this page's origin, listed within seconds", async () => {
    originNotAllowed();
    const app = clients();
    const view = mount(app);
    const started = Date.now();
    await expect(app.redirects.silentLogin(sessionToken())).rejects.toMatchObject({
      code: 'FRAME_NOT_ANSWERED',
    });
    await settled();
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(view.problems()).toEqual([
      {
        seen: 'redirects.silentLogin',
        cause: 'The hosted page in the hidden frame loaded and never answered.',
        fix: NOT_ANSWERED_FIX,
        detail: expect.stringContaining(
          `posted no answer to ${PAGE_ORIGIN} within 3000 ms`,
        ) as unknown,
      },
    ]);
  }, 10_000);

  test('loginWithPopup whose check page never answered (ORIGIN_NOT_ALLOWED): the popup, the same setting', async () => {
    originNotAllowed();
    const app = clients();
    const view = mount(app);
    await expect(loginWithPopup(app.redirects, { popup: standInPopup() })).rejects.toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
    });
    await settled();
    expect(view.problems()).toEqual([
      {
        seen: 'loginWithPopup',
        cause: 'The hosted page in the popup loaded and never answered.',
        fix: NOT_ANSWERED_FIX,
        detail: expect.stringContaining(
          `The hosted page opened in the login popup but posted no answer to ${PAGE_ORIGIN}`,
        ) as unknown,
      },
    ]);
  }, 10_000);

  test('redirects.loginWithRedirect on an unpublished site: one problem, met by the call and the token manager', async () => {
    platform.state.settings.published = false;
    const app = clients();
    const view = mount(app);
    await expect(
      app.redirects.loginWithRedirect({ redirectUri: `${PAGE_ORIGIN}/callback` }),
    ).rejects.toMatchObject({ name: 'TokenEndpointError', status: 403 });
    await settled();
    expect(view.problems()).toMatchObject([
      {
        seen: 'redirects.loginWithRedirect, token manager · 2 times',
        cause: 'The site is not published (the token endpoint answered 403).',
        fix: 'To fix it, publish the site.',
      },
    ]);
  });

  test("a redirect client given its own apiBaseUrl with a path: the problem names that apiBaseUrl, not the token manager's", async () => {
    const { tokens } = clients();
    const browser = createTestBrowser(platform, { url: `${PAGE_ORIGIN}/shop` });
    const redirects = createRedirects({
      tokens,
      window: browser.window,
      navigate: () => {},
      apiBaseUrl: 'https://www.wixapis.com/oauth2',
    });
    const view = mount({ tokens, redirects });
    await expect(
      redirects.loginWithRedirect({ redirectUri: `${PAGE_ORIGIN}/callback` }),
    ).rejects.toMatchObject({ name: 'PlatformError', status: 404 });
    await settled();
    expect(view.problems()).toMatchObject([
      {
        seen: 'redirects.loginWithRedirect',
        cause: expect.stringContaining(
          'under apiBaseUrl "https://www.wixapis.com/oauth2" does not exist',
        ),
        fix: expect.stringContaining('give apiBaseUrl the API base only'),
      },
    ]);
  });

  test("a member client's login through the redirect client's hidden frame: one problem, met by both", async () => {
    originNotAllowed();
    const app = clients();
    const memberAuth = createMemberAuth({ tokens: app.tokens, redirects: app.redirects });
    const mounted = mountIdentityDevtools(app.tokens, { memberAuth, redirects: app.redirects });
    cleanups.push(() => mounted.unmount());
    await memberAuth.login({ ...ada, completeLogin: 'frame' });
    await settled();
    const section = document
      .querySelector('[data-site-identity-devtools]')!
      .shadowRoot!.querySelector('[data-field="configuration"]')!;
    expect(section.querySelectorAll('li')).toHaveLength(1);
    expect(section.querySelector('li p')?.textContent).toMatch(
      /memberAuth\.login, redirects\.silentLogin · 2 times$/,
    );
  }, 10_000);

  test("a call's failure that is not the configuration (bad input, the member closing the popup) is not listed", async () => {
    const app = clients();
    const view = mount(app);
    await expect(app.redirects.silentLogin('')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    const popup = standInPopup();
    const closing = loginWithPopup(app.redirects, { popup });
    popup.close();
    await expect(closing).rejects.toMatchObject({ code: 'POPUP_CLOSED' });
    await settled();
    expect(view.text()).toBe('None seen.');
  });

  test('after unmount the redirect client is no longer heard', async () => {
    platform.state.settings.published = false;
    const app = clients();
    const view = mount(app);
    view.mounted.unmount();
    await app.redirects
      .loginWithRedirect({ redirectUri: `${PAGE_ORIGIN}/callback` })
      .catch(() => undefined);
    await settled();
    expect(view.text()).toBe('None seen.');
  });

  test.each([
    ['an object of the same shape', { silentLogin: () => undefined }],
    ['null', null],
  ])(
    'redirects that createRedirects did not make (%s) is refused, naming redirects',
    (_name, value) => {
      const { tokens } = clients();
      expect(() => mountIdentityDevtools(tokens, { redirects: value as never })).toThrow(
        expect.objectContaining({
          name: 'RedirectsError',
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(
            'redirects must be a redirect client made by createRedirects of @site-identity/redirects; got ',
          ) as unknown,
        }),
      );
      expect(document.querySelector('[data-site-identity-devtools]')).toBeNull();
    },
  );
});
