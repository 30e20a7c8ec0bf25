// The panel lists the configuration problems it has seen, from every source, each with
// the setting to change: diagnosed by member-auth's one rule, against the emulated
// platform as strict as the real one.
import { createMemberAuth, type MemberAuth } from '@site-identity/member-auth';
import { configurationRefusal } from '@site-identity/member-auth/internal';
import { createMockPlatform } from '@site-identity/mock-platform';
import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage, type TokenManager } from '@site-identity/tokens';
import { afterEach, describe, expect, test } from 'vitest';
import { MAX_PROBLEMS, withProblem } from './configuration-problem';
import { mountIdentityDevtools } from './index';
import { mountReadingProblems, settled } from './test-platform';

const CLIENT_ID = 'my-app';
const PAGE_ORIGIN = 'http://localhost:3000';
const ada = { email: 'ada@example.com', password: 'correct horse' };
const platform = createMockPlatform({
  clients: [{ clientId: CLIENT_ID, redirectUris: [`${PAGE_ORIGIN}/callback`] }],
  members: [ada],
});
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  platform.reset();
});

/** What an app may get wrong: the manager's settings, and member-auth's own API base. */
interface Settings {
  readonly clientId?: string;
  readonly apiBaseUrl?: string;
  readonly memberAuthApiBaseUrl?: string;
}

/** A token manager on the emulated platform, and a member client over it in a test browser. */
function clients(settings: Settings = {}) {
  const tokens = createTokenManager({
    clientId: settings.clientId ?? CLIENT_ID,
    ...(settings.apiBaseUrl !== undefined && { apiBaseUrl: settings.apiBaseUrl }),
    storage: memoryStorage(),
    fetch: (request) => platform.fetch(request),
    crossTab: false,
    onError: () => {},
  });
  cleanups.push(() => tokens.dispose());
  const browser = createTestBrowser(platform, { url: `${PAGE_ORIGIN}/shop` });
  const redirects = createRedirects({ tokens, window: browser.window });
  const memberAuth = createMemberAuth({
    tokens,
    redirects,
    ...(settings.memberAuthApiBaseUrl !== undefined && {
      apiBaseUrl: settings.memberAuthApiBaseUrl,
    }),
  });
  return { tokens, memberAuth };
}

/** Devtools over `tokens` (and `memberAuth`); reads the "Configuration problems" section. */
const mount = (tokens: TokenManager, memberAuth?: MemberAuth) =>
  mountReadingProblems(tokens, { options: memberAuth ? { memberAuth } : {}, cleanups });

const UNKNOWN_CLIENT = {
  cause: 'The token endpoint does not know the client id "my-ap" (401).',
  fix: "To fix it, set clientId to the client id of one of the site's OAuth apps (the app's OAuth settings on the platform).",
};

describe("the token manager's refusals", () => {
  test("an unknown client id: the cause with the client id sent, the setting, and the endpoint's own account", async () => {
    const { tokens } = clients({ clientId: 'my-ap' });
    const view = mount(tokens);
    await tokens.getAccessToken().catch(() => undefined);
    expect(view.problems()).toEqual([
      {
        seen: 'token manager',
        ...UNKNOWN_CLIENT,
        detail: expect.stringContaining(
          'Failed to fetch tokens from OAuth API: 401 Unauthorized from POST https://www.wixapis.com/oauth2/token (the endpoint says: invalid_client: unknown client)',
        ) as unknown,
      },
    ]);
  });

  test('apiBaseUrl with a trailing /oauth2: the URL and apiBaseUrl', async () => {
    const { tokens } = clients({ apiBaseUrl: 'https://www.wixapis.com/oauth2' });
    const view = mount(tokens);
    await tokens.getAccessToken().catch(() => undefined);
    expect(view.problems()).toMatchObject([
      {
        cause:
          'The token endpoint is not at POST https://www.wixapis.com/oauth2/oauth2/token (404): apiBaseUrl "https://www.wixapis.com/oauth2" ends in /oauth2.',
        fix: 'To fix it, give apiBaseUrl the API base only (https://www.wixapis.com by default); the library adds /oauth2/token.',
      },
    ]);
  });

  test('an unpublished site: publish it', async () => {
    platform.state.settings.published = false;
    const { tokens } = clients();
    const view = mount(tokens);
    await tokens.getAccessToken().catch(() => undefined);
    expect(view.problems()).toMatchObject([
      {
        cause: 'The site is not published (the token endpoint answered 403).',
        fix: 'To fix it, publish the site.',
      },
    ]);
  });

  test("the same rule as member-auth's SITE_MISCONFIGURED: what the panel lists is configurationRefusal's", async () => {
    const { tokens } = clients({ clientId: 'my-ap' });
    const view = mount(tokens);
    const error = await tokens.getAccessToken().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const refusal = configurationRefusal(error, { clientId: 'my-ap', base: tokens.apiBaseUrl });
    expect(refusal).toBeDefined();
    expect(view.problems()).toMatchObject([
      { cause: `T${refusal?.cause.slice(1)}.`, fix: `To fix it, ${refusal?.fix}.` },
    ]);
  });

  test('a working site, and a server failure, show none', async () => {
    const { tokens } = clients();
    const view = mount(tokens);
    await tokens.getAccessToken();
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    await tokens.refresh().catch(() => undefined);
    expect(view.text()).toBe('None seen.');
  });
});

describe("the member client's refusals (the memberAuth option)", () => {
  test('a login refused because the token endpoint does not know the client: one problem, met by the login and the token manager', async () => {
    const { tokens, memberAuth } = clients({ clientId: 'my-ap' });
    const view = mount(tokens, memberAuth);
    const result = await memberAuth.login(ada);
    await settled();
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'SITE_MISCONFIGURED' });
    expect(view.problems()).toMatchObject([
      { seen: 'memberAuth.login, token manager · 2 times', ...UNKNOWN_CLIENT },
    ]);
  });

  test("member-auth's apiBaseUrl with a path: the identity call that does not exist, met by the login only", async () => {
    const { tokens, memberAuth } = clients({
      memberAuthApiBaseUrl: 'https://www.wixapis.com/oauth2',
    });
    const view = mount(tokens, memberAuth);
    await memberAuth.login(ada);
    await settled();
    expect(view.problems()).toEqual([
      {
        seen: 'memberAuth.login',
        cause:
          'An identity call under apiBaseUrl "https://www.wixapis.com/oauth2" does not exist (the platform answered 404).',
        fix: 'To fix it, give apiBaseUrl the API base only (https://www.wixapis.com by default), without a path such as /oauth2.',
        detail: 'No route for POST /oauth2/_api/iam/authentication/v2/login: Not Found',
      },
    ]);
  });

  test("this page's origin not allowed: the hidden frame that never answered, listed within seconds", async () => {
    platform.state.settings.clients = [
      {
        clientId: CLIENT_ID,
        redirectUris: [`${PAGE_ORIGIN}/callback`],
        allowedOrigins: ['https://shop.example'],
      },
    ];
    const { tokens, memberAuth } = clients();
    const view = mount(tokens, memberAuth);
    const started = Date.now();
    await memberAuth.login({ ...ada, completeLogin: 'frame' });
    await settled();
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(view.problems()).toEqual([
      {
        seen: 'memberAuth.login',
        cause: 'The hosted page in the hidden frame loaded and never answered.',
        fix: "To fix it, add this page's origin to the allowed domains and the redirect URI to the redirect URIs in the app's OAuth settings on the platform.",
        detail: expect.stringContaining(
          `posted no answer to ${PAGE_ORIGIN} within 3000 ms`,
        ) as unknown,
      },
    ]);
  }, 10_000);

  test("a member's mistake is not listed", async () => {
    const { tokens, memberAuth } = clients();
    const view = mount(tokens, memberAuth);
    await memberAuth.login({ ...ada, password: 'wrong' });
    await settled();
    expect(view.text()).toBe('None seen.');
  });

  test('after unmount the member client is no longer heard', async () => {
    platform.state.settings.published = false;
    const { tokens, memberAuth } = clients();
    const view = mount(tokens, memberAuth);
    view.mounted.unmount();
    await memberAuth.login(ada);
    await settled();
    expect(view.text()).toBe('None seen.');
  });

  test.each([
    ['an object of the same shape', { login: () => undefined }],
    ['null', null],
  ])(
    'memberAuth that createMemberAuth did not make (%s) is refused, naming memberAuth',
    (_name, value) => {
      const { tokens } = clients();
      expect(() => mountIdentityDevtools(tokens, { memberAuth: value as never })).toThrow(
        expect.objectContaining({
          name: 'MemberAuthError',
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(
            'memberAuth must be a member client made by createMemberAuth of @site-identity/member-auth; got ',
          ) as unknown,
        }),
      );
      expect(document.querySelector('[data-site-identity-devtools]')).toBeNull();
    },
  );
});

describe('withProblem: the list, the last met first', () => {
  const refusal = (cause: string) => ({ cause, fix: 'publish the site', error: new Error(cause) });

  test('the same cause and fix again moves to the top, counted, with every source that met it', () => {
    let problems = withProblem([], { refusal: refusal('a'), source: 'token manager', at: 1 });
    problems = withProblem(problems, { refusal: refusal('b'), source: 'token manager', at: 2 });
    problems = withProblem(problems, { refusal: refusal('a'), source: 'memberAuth.login', at: 3 });
    problems = withProblem(problems, { refusal: refusal('a'), source: 'token manager', at: 4 });
    expect(problems).toMatchObject([
      { cause: 'a', seenBy: ['token manager', 'memberAuth.login'], times: 3, at: 4 },
      { cause: 'b', seenBy: ['token manager'], times: 1, at: 2 },
    ]);
  });

  test(`at most ${MAX_PROBLEMS}, the oldest dropped`, () => {
    let problems = withProblem([], { refusal: refusal('0'), source: 'token manager', at: 0 });
    for (let at = 1; at <= MAX_PROBLEMS; at += 1)
      problems = withProblem(problems, { refusal: refusal(String(at)), source: 's', at });
    expect(problems.map((problem) => problem.cause)).toEqual(['5', '4', '3', '2', '1']);
  });
});
