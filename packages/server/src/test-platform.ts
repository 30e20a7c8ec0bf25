import { createMockPlatform, type MockPlatform } from '@site-identity/mock-platform';
import { createServerIdentity } from './server-identity';
import type { ServerIdentity, ServerIdentityOptions } from './server-identity-types';

/** The site's origin in the tests: plain http on localhost, so cookies are not `Secure`. */
export const SITE = 'http://localhost:3000';
export const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
export const ADA = { email: 'ada@example.com', password: 'correct horse' };

/** A site on the server package, with the mock platform (fetch handler) as the platform. */
export function testSite(
  options: Partial<ServerIdentityOptions> & { platform?: MockPlatform } = {},
) {
  const platform =
    options.platform ??
    createMockPlatform({ members: [ADA, { email: 'bob@example.com', password: 'pw' }] });
  let clock = Date.now();
  const now = () => clock;
  const identity: ServerIdentity = createServerIdentity({
    clientId: 'test-client',
    secret: SECRET,
    fetch: (request) => platform.fetch(request),
    now,
    ...options,
  });
  return {
    platform,
    identity,
    /** Moves the site's clock; the platform keeps real time. */
    advance: (ms: number) => void (clock += ms),
    refreshRequests: () =>
      platform.state.requests.filter((r) => r.grantType === 'refresh_token').length,
  };
}

/**
 * A browser of one visitor: a cookie jar that honours `Path` and `Max-Age=0`, and
 * navigation that follows redirects between the site (`identity.handle`, else a
 * 200 page) and the platform (`platform.fetch`).
 */
export function testBrowser(site: ReturnType<typeof testSite>) {
  const jar = new Map<string, { value: string; path: string }>();
  const cookieHeader = (url: URL) =>
    [...jar]
      .filter(
        ([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.replace(/\/?$/, '/')),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const path = attributes.find((a) => a.startsWith('Path='))?.slice(5) ?? '/';
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, { value: pair.slice(at + 1), path });
    }
  };
  /** One request to the site; the answer's cookies are stored. */
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, SITE);
    const headers = new Headers(init.headers);
    const cookie = cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const request = new Request(url, { ...init, headers });
    const response =
      (await site.identity.handle(request)) ??
      new Response(`page ${url.pathname}${url.search}`, { status: 200 });
    store(response);
    return response;
  }
  /** Follows redirects from `response` until an answer that is not one; returns it and the URLs visited. */
  async function follow(first: Response): Promise<{ response: Response; visited: string[] }> {
    let response = first;
    const visited: string[] = [];
    for (let hops = 0; hops < 10 && [302, 303].includes(response.status); hops++) {
      const location = response.headers.get('location')!;
      const url = new URL(location, SITE);
      visited.push(url.href);
      response =
        url.origin === SITE
          ? await send(url.pathname + url.search)
          : await site.platform.fetch(new Request(url, { redirect: 'manual' }));
    }
    return { response, visited };
  }
  return {
    jar,
    send,
    follow,
    cookieHeader: () => cookieHeader(new URL(SITE)),
    /** The session as a server component sees it. */
    session: () =>
      site.identity.getSession(
        new Request(SITE, { headers: { cookie: cookieHeader(new URL(SITE)) } }),
      ),
    /** Signs the member in through the hosted page, as a person would. */
    async hostedLogin(member = ADA, returnTo = '/account') {
      const start = await send(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
      const authorize = start.headers.get('location')!;
      const form = new URLSearchParams({ ...member, action: 'login' });
      const posted = await site.platform.fetch(
        new Request(authorize, {
          method: 'POST',
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          redirect: 'manual',
        }),
      );
      return follow(posted);
    },
  };
}
