// The platform on loopback: the mock platform's server twice over one emulator, one
// origin standing for the API host and one for the CDN host, and the `fetch` that
// sends @wix/sdk's https calls to them (what an app does to test against a local
// platform: its own code and the SDK's calls unchanged, only the hosts swapped).
import {
  createMockPlatform,
  startMockPlatformServer,
  type MockPlatform,
} from '@site-identity/mock-platform';

export const CLIENT_ID = 'wix-sdk-modules';
export const MEMBER = { email: 'ada@example.com', password: 'correct horse battery' };

/** The hosts @wix/sdk 1.21 builds its module calls' URLs with. */
const API_HOST = 'www.wixapis.com';
const CDN_HOST = 'edge.wixapis.com';

export interface SentCall {
  readonly host: string;
  readonly path: string;
  readonly authorization: string | null;
}

export interface LoopbackPlatform {
  readonly platform: MockPlatform;
  /** The API host's stand-in, e.g. `http://127.0.0.1:41234`: the library's `apiBaseUrl`. */
  readonly apiUrl: string;
  /** The host (`127.0.0.1:port`) the emulator records for calls to the API host. */
  readonly apiHost: string;
  /** The host the emulator records for calls to the CDN host. */
  readonly cdnHost: string;
  /** `fetch`, with the platform's hosts sent to the loopback servers. */
  readonly fetch: typeof fetch;
  /** What each call through `fetch` carried: the host it was made for, its path and `Authorization`. */
  readonly sent: SentCall[];
  close(): Promise<void>;
}

export async function startLoopbackPlatform(): Promise<LoopbackPlatform> {
  const platform = createMockPlatform({
    members: [{ ...MEMBER, profile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'Ada' } }],
  });
  const api = await startMockPlatformServer({ port: 0, platform });
  const cdn = await startMockPlatformServer({ port: 0, platform });
  const origins: Record<string, string> = { [API_HOST]: api.url, [CDN_HOST]: cdn.url };
  const sent: SentCall[] = [];
  const toLoopback: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    sent.push({
      host: url.host,
      path: url.pathname,
      authorization: request.headers.get('authorization'),
    });
    const origin = url.protocol === 'https:' ? origins[url.host] : undefined;
    if (origin === undefined) return fetch(request);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    return fetch(`${origin}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      ...(hasBody && { body: await request.arrayBuffer() }),
    });
  };
  return {
    platform,
    apiUrl: api.url,
    apiHost: new URL(api.url).host,
    cdnHost: new URL(cdn.url).host,
    fetch: toLoopback,
    sent,
    close: async () => {
      await api.close();
      await cdn.close();
    },
  };
}

/** The requests the platform answered on `path` (a prefix), in order. */
export const requestsTo = (platform: MockPlatform, path: string) =>
  platform.state.requests.filter((request) => request.path.startsWith(path));

/** Token-endpoint requests of `grantType`. */
export const grants = (platform: MockPlatform, grantType: string) =>
  platform.state.requests.filter((request) => request.grantType === grantType).length;
