import { describe, expect, it, test } from 'vitest';
import { addClientFlag, strictnessNote, type CliClient } from '../cli-clients';
import { createMockPlatform } from '../platform';
import { sha256, toBase64Url } from '../sha256';
import { API, AUTH, errorCode, post, REDIRECTS, TOKEN_URL, visitorTokens } from '../test-platform';

const PAGE_ORIGIN = 'http://localhost:5173';
const CALLBACK = `${PAGE_ORIGIN}/callback`;
const APP = { clientId: 'my-app', redirectUris: [CALLBACK] };

/** The hosted authorize page of a `web_message` flow (`prompt=none`, no session: it answers `login_required`). */
function authorizeUrl(clientId: string, redirectUri: string): string {
  const query = new URLSearchParams({
    clientId,
    redirectUri,
    codeChallenge: toBase64Url(sha256('v'.repeat(43))),
    codeChallengeMethod: 'S256',
    responseMode: 'web_message',
    responseType: 'code',
    scope: 'offline_access',
    state: 'st-1',
    prompt: 'none',
  });
  return `${API}/_hosted/oauth2/authorize?${query}`;
}

async function page(platform: ReturnType<typeof createMockPlatform>, url: string) {
  const response = await platform.fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('a lenient platform (no clients)', () => {
  it('accepts any client id and posts to any origin', async () => {
    const platform = createMockPlatform();
    expect(platform.state.settings.clients).toBeNull();
    expect((await visitorTokens(platform, 'whatever')).access_token).toMatch(/\S/);
    const { status, text } = await page(platform, authorizeUrl('whatever', CALLBACK));
    expect(status).toBe(200);
    expect(text).toContain(`postMessage(`);
  });
});

describe('a strict platform (clients given)', () => {
  it('an unknown client id: the token endpoint answers 401 invalid_client', async () => {
    const platform = createMockPlatform({ clients: [APP] });
    const { status, body } = await post(platform, TOKEN_URL, {
      clientId: 'my-ap',
      grantType: 'anonymous',
    });
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: 'invalid_client', error_description: 'unknown client' });
  });

  it('an origin that is not an allowed domain: the hosted page loads and posts nothing', async () => {
    const platform = createMockPlatform({
      clients: [{ ...APP, allowedOrigins: ['https://shop.example'] }],
    });
    const { status, text } = await page(platform, authorizeUrl('my-app', CALLBACK));
    expect(status).toBe(200);
    expect(text).not.toContain('postMessage');
    expect(text).not.toContain('<script');
  });

  it('allowed domains default to the origins of the redirect URIs', async () => {
    const platform = createMockPlatform({ clients: [APP] });
    const { text } = await page(platform, authorizeUrl('my-app', CALLBACK));
    expect(text).toContain(`postMessage(`);
    expect(text).toContain(JSON.stringify(PAGE_ORIGIN));
  });

  it('a redirect URI that is not registered: the hosted page is a 400 error page that posts nothing', async () => {
    const platform = createMockPlatform({ clients: [APP] });
    const { status, text } = await page(platform, authorizeUrl('my-app', PAGE_ORIGIN));
    expect(status).toBe(400);
    expect(text).toContain('redirectUri is not allowed for this client');
    expect(text).not.toContain('<script');
  });
});

describe('an unpublished site', () => {
  it('refuses the token endpoint (403 unauthorized_client), the API (403 SITE_NOT_PUBLISHED) and the hosted pages (403 page)', async () => {
    const platform = createMockPlatform();
    const visitor = await visitorTokens(platform);
    platform.state.settings.published = false;
    const token = await post(platform, TOKEN_URL, { clientId: 'app', grantType: 'anonymous' });
    expect(token.status).toBe(403);
    expect(token.body).toMatchObject({
      error: 'unauthorized_client',
      error_description: 'the site is not published',
    });
    const login = await post(
      platform,
      `${AUTH}/v2/login`,
      { loginId: { email: 'a@b.co' }, password: 'x' },
      visitor.access_token,
    );
    expect(login.status).toBe(403);
    expect(errorCode(login.body)).toBe('SITE_NOT_PUBLISHED');
    const session = await post(
      platform,
      `${REDIRECTS}/v1/redirect-session`,
      {},
      visitor.access_token,
    );
    expect(session.status).toBe(403);
    const hosted = await page(platform, authorizeUrl('app', CALLBACK));
    expect(hosted.status).toBe(403);
    expect(hosted.text).toContain('The site is not published');
    expect(hosted.text).not.toContain('<script');
  });

  it('reset() publishes it again, as the options say', async () => {
    const platform = createMockPlatform({ site: { published: false } });
    expect(
      (await post(platform, TOKEN_URL, { clientId: 'a', grantType: 'anonymous' })).status,
    ).toBe(403);
    platform.state.settings.published = true;
    platform.reset();
    expect(platform.state.settings.published).toBe(false);
  });
});

describe('the control API switches each mistake on', () => {
  test.each([
    [
      'clients',
      [{ clientId: 'my-app', redirectUris: [CALLBACK], allowedOrigins: ['https://x.example'] }],
    ],
    ['clients', null],
    ['published', false],
  ] as const)('POST settings { %s } applies to the next request', async (key, value) => {
    const platform = createMockPlatform();
    const answer = await post(platform, `${API}/_mock/settings`, { [key]: value });
    expect(answer.status).toBe(200);
    expect(answer.body[key]).toEqual(value);
    expect(platform.state.settings[key]).toEqual(value);
  });

  test.each([
    [
      'clients',
      'my-app',
      'clients must be null or an array of { clientId, redirectUris, allowedOrigins? } (strings, arrays of strings), got "my-app"',
    ],
    [
      'clients',
      [{ clientId: 'a' }],
      'clients must be null or an array of { clientId, redirectUris, allowedOrigins? } (strings, arrays of strings), got object',
    ],
    ['published', 'no', 'published must be true or false, got "no"'],
  ] as const)('a bad %s answers 400 naming the setting', async (key, value, message) => {
    const platform = createMockPlatform();
    const answer = await post(platform, `${API}/_mock/settings`, { [key]: value });
    expect(answer.status).toBe(400);
    expect(answer.body['message']).toBe(message);
  });
});

/** What the command line makes of its client flags, and what it says at start. */
function fromFlags(args: readonly string[]): { clients: CliClient[]; problems: string[] } {
  const clients: CliClient[] = [];
  const problems: string[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const problem = addClientFlag(clients, args[i]!, args[i + 1]!);
    if (problem !== undefined) problems.push(problem);
  }
  return { clients, problems };
}

describe('the command line', () => {
  it('says at start that it is lenient when no client is given', () => {
    const note = strictnessNote([], true);
    expect(note).toMatch(
      /^Lenient: any client id, any https \(or loopback http\) redirect URI and any origin are accepted/,
    );
    expect(note).toContain('--client <clientId> --redirect-uri <url> --allowed-origin <origin>');
  });

  it('is strict with --client, --redirect-uri and --allowed-origin (repeatable), and says so', () => {
    const { clients, problems } = fromFlags([
      '--client',
      'my-app',
      '--redirect-uri',
      CALLBACK,
      '--redirect-uri',
      `${PAGE_ORIGIN}/other`,
      '--allowed-origin',
      `${PAGE_ORIGIN}/`,
      '--client',
      'admin',
      '--redirect-uri',
      'https://admin.example/cb',
    ]);
    expect(problems).toEqual([]);
    expect(clients).toEqual([
      {
        clientId: 'my-app',
        redirectUris: [CALLBACK, `${PAGE_ORIGIN}/other`],
        allowedOrigins: [PAGE_ORIGIN],
      },
      { clientId: 'admin', redirectUris: ['https://admin.example/cb'] },
    ]);
    expect(strictnessNote(clients, false)).toBe(
      `Strict: only these clients are accepted: my-app (redirect URIs: ${CALLBACK}, ${PAGE_ORIGIN}/other; allowed domains: ${PAGE_ORIGIN}); admin (redirect URIs: https://admin.example/cb; allowed domains: https://admin.example). The site is not published: every call is refused (403).`,
    );
    // What the flags build is what the platform takes.
    expect(createMockPlatform({ clients }).state.settings.clients).toEqual(clients);
  });

  test.each([
    [
      ['--redirect-uri', CALLBACK],
      '--redirect-uri belongs to a client: give --client <clientId> first',
    ],
    [
      ['--client', 'a', '--redirect-uri', 'callback'],
      '--redirect-uri must be an absolute http(s) URL, got "callback"',
    ],
    [
      ['--client', 'a', '--allowed-origin', CALLBACK],
      `--allowed-origin must be an origin (scheme, host and port only), got "${CALLBACK}"`,
    ],
    [['--client', ' '], '--client needs a client id'],
  ] as const)('%j is refused: %s', (args, problem) => {
    expect(fromFlags(args).problems).toEqual([problem]);
  });
});
