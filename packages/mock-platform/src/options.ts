import { MockPlatformError } from './mock-platform-error';
import { DEFAULT_COLLECTIONS, type CollectionInput } from './collections';
import type { MemberInput } from './members';

/**
 * How the emulated site checks reCAPTCHA tokens on register and login.
 *
 * @example
 * ```ts
 * import type { MockPlatform, CaptchaMode } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * platform.state.settings.captcha = 'invisible' satisfies CaptchaMode;
 * ```
 */
export type CaptchaMode = 'off' | 'invisible' | 'visible';

/**
 * A client id (an OAuth app of the site) with its redirect URIs and allowed domains,
 * as the app's OAuth settings on the platform list them.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * createMockPlatform({
 *   clients: [
 *     {
 *       clientId: 'my-app',
 *       redirectUris: ['http://localhost:5173/callback'],
 *       allowedOrigins: ['http://localhost:5173'],
 *     },
 *   ],
 * });
 * ```
 */
export interface MockClient {
  /** The OAuth client id. */
  readonly clientId: string;
  /** Redirect URIs accepted for this client, compared exactly (RFC 6749 §3.1.2). */
  readonly redirectUris: readonly string[];
  /**
   * The app's allowed domains: the origins a hosted page posts its answer to
   * (`responseMode: 'web_message'`, the hidden frame and the popup). To any other
   * origin the page posts nothing, as the platform does. Default: the origins of
   * `redirectUris`.
   */
  readonly allowedOrigins?: readonly string[];
}

/**
 * The site's settings; `platform.state.settings` holds them and tests may change them.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * createMockPlatform({ site: { requireEmailVerification: true, captcha: 'visible' } });
 * ```
 */
export interface SiteSettings {
  /** New members must verify their e-mail before they are active. Default false. */
  requireEmailVerification: boolean;
  /** New members need the owner's approval before they are active. Default false. */
  requireOwnerApproval: boolean;
  /** reCAPTCHA on register and login. Default 'off'. */
  captcha: CaptchaMode;
  /** Whether the `prompt=none` authorize step needs its own cookie; see {@link FrameCookieMode}. Default 'off'. */
  frameCookie: FrameCookieMode;
  /**
   * Whether the site is published. Default true. An unpublished site refuses every
   * call: the token endpoint answers 403 `unauthorized_client` ("the site is not
   * published"), the API 403 `SITE_NOT_PUBLISHED`, the hosted pages a 403 error page
   * (in a frame: a page that posts nothing).
   */
  published: boolean;
  /**
   * The site's OAuth apps, `null` for a lenient platform (any client id, any `https:`
   * redirect URI or `http:` one on a loopback host, any origin). The `clients` option
   * sets it; a test or the control API may change it to show a configuration mistake.
   */
  clients: readonly MockClient[] | null;
}

/**
 * How the `prompt=none` authorize step (silent login in a hidden frame) treats cookies,
 * to behave like a platform whose hosted pages need their own cookie:
 *
 * - `'off'`: it answers from the session token alone.
 * - `'required'`: it sets a session cookie (`SameSite=None; Secure` on https and
 *   loopback hosts) and reads it back on a second step; when the cookie does not come
 *   back (a frame of another site in a browser that blocks third-party cookies) it
 *   answers `login_required`.
 * - `'unanswered'`: the same, but without the cookie the page never answers at all.
 *
 * At top level (a redirect) the cookie is first-party and always comes back.
 *
 * @example
 * ```ts
 * import { createMockPlatform, type FrameCookieMode } from '@site-identity/mock-platform';
 *
 * const frameCookie: FrameCookieMode = 'required';
 * const platform = createMockPlatform({ site: { frameCookie } });
 * ```
 */
export type FrameCookieMode = 'off' | 'required' | 'unanswered';

/**
 * What the token endpoint does when a retired (rotated) refresh token is presented
 * again: `'reject'` answers 400 `invalid_grant`; `'revoke-family'` also revokes every
 * access and refresh token descended from the same original grant (the login or the
 * anonymous grant), as RFC 9700 §4.14.2 allows, so the session that held the newer
 * tokens ends too.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import type { RefreshTokenReuse } from '@site-identity/mock-platform';
 * const platform = createMockPlatform({ refreshTokenReuse: 'revoke-family' satisfies RefreshTokenReuse });
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2
 */
export type RefreshTokenReuse = 'reject' | 'revoke-family';

/**
 * Token settings; `platform.state.settings` holds them too.
 *
 * @example
 * ```ts
 * import type { MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * platform.state.settings.rotateRefreshTokens = false;
 * ```
 */
export interface TokenSettings {
  /** Lifetime of an access token, seconds. Default 3600. */
  accessTokenTtlSeconds: number;
  /** A refresh grant answers a new refresh token and retires the old one. Default true. */
  rotateRefreshTokens: boolean;
  /** Lifetime of an authorization code, seconds. Default 60. */
  authorizationCodeTtlSeconds: number;
  /** What a retired refresh token presented again does; see {@link RefreshTokenReuse}. Default 'reject'. */
  refreshTokenReuse: RefreshTokenReuse;
}

/**
 * Everything `platform.state.settings` holds.
 *
 * @example
 * ```ts
 * import type { PlatformSettings, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const settings: PlatformSettings = platform.state.settings;
 * settings.accessTokenTtlSeconds = 5;
 * ```
 */
export type PlatformSettings = SiteSettings & TokenSettings;

/**
 * Options of {@link createMockPlatform}; every one is optional.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import type { MockPlatformOptions } from '@site-identity/mock-platform';
 * const options: MockPlatformOptions = { accessTokenTtlSeconds: 60, members: [{ email: 'ada@example.com', password: 'secret' }] };
 * createMockPlatform(options);
 * ```
 */
export interface MockPlatformOptions {
  /** API base URL. Default `https://www.wixapis.com`, the production default. */
  readonly baseUrl?: string;
  /** Token endpoint. Default `<baseUrl>/oauth2/token`. */
  readonly tokenUrl?: string;
  /**
   * Where hosted pages live. Default: the origin the redirect session was
   * requested on (so a server on 127.0.0.1 hands out 127.0.0.1 pages).
   */
  readonly hostedBaseUrl?: string;
  /** Access token lifetime, seconds. Default 3600. */
  readonly accessTokenTtlSeconds?: number;
  /** Rotate refresh tokens on every refresh grant. Default true. */
  readonly rotateRefreshTokens?: boolean;
  /** Authorization code lifetime, seconds. Default 60. */
  readonly authorizationCodeTtlSeconds?: number;
  /** What a retired refresh token presented again does; see {@link RefreshTokenReuse}. Default 'reject'. */
  readonly refreshTokenReuse?: RefreshTokenReuse;
  /** Site settings; see {@link SiteSettings}. */
  readonly site?: Partial<SiteSettings>;
  /**
   * Known clients. Default: any client id, with any `https:` redirect URI and any
   * `http:` redirect URI on a loopback host (localhost, *.localhost, 127.0.0.1, [::1]).
   * When given, only these client ids are accepted, with exactly these redirect URIs.
   */
  readonly clients?: readonly MockClient[];
  /** Members present from the start (and again after `reset()`). */
  readonly members?: readonly MemberInput[];
  /**
   * Data collections present from the start (and again after `reset()`). Default
   * {@link DEFAULT_COLLECTIONS}: `Products` (anyone reads) and `Orders` (a member reads their own).
   */
  readonly collections?: readonly CollectionInput[];
  /**
   * The platform's CDN host, which serves the same API (`@wix/sdk` calls it when the auth
   * strategy's `shouldUseCDN` is true). Default `https://edge.wixapis.com` with the
   * default `baseUrl`, none with another.
   */
  readonly edgeBaseUrl?: string;
  /** The clock, in milliseconds since the epoch. Default `Date.now()` (so fake timers apply). */
  readonly now?: () => number;
}

/**
 * Options after defaults, as the emulator uses them.
 *
 * @example
 * ```ts
 * import type { MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * platform.options.tokenUrl; // 'https://www.wixapis.com/oauth2/token'
 * ```
 */
export interface ResolvedOptions {
  readonly baseUrl: string;
  readonly edgeBaseUrl: string | undefined;
  readonly tokenUrl: string;
  readonly hostedBaseUrl: string | undefined;
  readonly settings: PlatformSettings;
  readonly clients: readonly MockClient[] | undefined;
  readonly members: readonly MemberInput[];
  readonly collections: readonly CollectionInput[];
  readonly now: () => number;
}

/**
 * The production API base the library defaults to.
 *
 * @example
 * ```ts
 * import { DEFAULT_BASE_URL } from '@site-identity/mock-platform';
 * DEFAULT_BASE_URL; // 'https://www.wixapis.com'
 * ```
 */
export const DEFAULT_BASE_URL = 'https://www.wixapis.com';

/**
 * The platform's CDN host for API calls, `https://edge.wixapis.com`.
 *
 * @example
 * ```ts
 * import { DEFAULT_EDGE_BASE_URL } from '@site-identity/mock-platform';
 * DEFAULT_EDGE_BASE_URL; // 'https://edge.wixapis.com'
 * ```
 */
export const DEFAULT_EDGE_BASE_URL = 'https://edge.wixapis.com';

function checkUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol);
  } catch (cause) {
    throw new MockPlatformError(`${name} must be an absolute http(s) URL`, {
      code: 'INVALID_OPTION',
      cause,
    });
  }
  return value.replace(/\/+$/, '');
}

const DEFAULT_SETTINGS: PlatformSettings = {
  requireEmailVerification: false,
  requireOwnerApproval: false,
  captcha: 'off',
  frameCookie: 'off',
  published: true,
  clients: null,
  accessTokenTtlSeconds: 3600,
  rotateRefreshTokens: true,
  authorizationCodeTtlSeconds: 60,
  refreshTokenReuse: 'reject',
};

const BOOLEAN = { expected: 'true or false', test: (v: unknown) => typeof v === 'boolean' };
const SECONDS = {
  expected: 'a positive number of seconds',
  test: (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0,
};
const oneOf = (values: readonly string[]) => ({
  expected: `one of ${values.map((v) => `'${v}'`).join(', ')}`,
  test: (v: unknown) => typeof v === 'string' && values.includes(v),
});

const SETTING_RULES: Readonly<
  Record<keyof PlatformSettings, { expected: string; test(value: unknown): boolean }>
> = {
  requireEmailVerification: BOOLEAN,
  requireOwnerApproval: BOOLEAN,
  captcha: oneOf(['off', 'invisible', 'visible']),
  frameCookie: oneOf(['off', 'required', 'unanswered']),
  published: BOOLEAN,
  clients: {
    expected:
      'null or an array of { clientId, redirectUris, allowedOrigins? } (strings, arrays of strings)',
    test: (v: unknown) => v === null || (Array.isArray(v) && v.every(isMockClient)),
  },
  accessTokenTtlSeconds: SECONDS,
  rotateRefreshTokens: BOOLEAN,
  authorizationCodeTtlSeconds: SECONDS,
  refreshTokenReuse: oneOf(['reject', 'revoke-family']),
};

const isStrings = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Whether `value` has the shape of a {@link MockClient}. */
function isMockClient(value: unknown): boolean {
  const client = value as Partial<MockClient> | null;
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof client.clientId === 'string' &&
    isStrings(client.redirectUris) &&
    (client.allowedOrigins === undefined || isStrings(client.allowedOrigins))
  );
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return typeof value;
}

/**
 * Checks one setting: undefined when `value` is valid for `key`, else a message that
 * names the setting, what was expected and what came.
 *
 * @example
 * ```ts
 * settingProblem('refreshTokenReuse', 'never'); // "refreshTokenReuse must be one of 'reject', 'revoke-family', got \"never\""
 * ```
 */
export function settingProblem(key: string, value: unknown): string | undefined {
  const rule = Object.hasOwn(SETTING_RULES, key)
    ? SETTING_RULES[key as keyof PlatformSettings]
    : undefined;
  if (rule === undefined)
    return `${key} is not a setting (expected one of ${Object.keys(SETTING_RULES).join(', ')})`;
  return rule.test(value) ? undefined : `${key} must be ${rule.expected}, got ${shown(value)}`;
}

function settingsOf(options: MockPlatformOptions): PlatformSettings {
  const given: Record<string, unknown> = {
    ...options.site,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    rotateRefreshTokens: options.rotateRefreshTokens,
    authorizationCodeTtlSeconds: options.authorizationCodeTtlSeconds,
    refreshTokenReuse: options.refreshTokenReuse,
    clients: options.clients,
  };
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const problem = settingProblem(key, value);
    if (problem !== undefined) {
      const name = key in (options.site ?? {}) ? `site.${problem}` : problem;
      throw new MockPlatformError(name, { code: 'INVALID_OPTION' });
    }
    settings[key] = value;
  }
  return settings as unknown as PlatformSettings;
}

/**
 * Applies the defaults to {@link MockPlatformOptions} and checks them.
 *
 * @example
 * ```ts
 * resolveOptions({}).tokenUrl; // 'https://www.wixapis.com/oauth2/token'
 * ```
 */
export function resolveOptions(options: MockPlatformOptions = {}): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new MockPlatformError('options must be an object', { code: 'INVALID_OPTION' });
  }
  const baseUrl = checkUrl('baseUrl', options.baseUrl ?? DEFAULT_BASE_URL);
  const tokenUrl = checkUrl('tokenUrl', options.tokenUrl ?? `${baseUrl}/oauth2/token`);
  const edgeBaseUrl =
    options.edgeBaseUrl !== undefined
      ? checkUrl('edgeBaseUrl', options.edgeBaseUrl)
      : baseUrl === DEFAULT_BASE_URL
        ? DEFAULT_EDGE_BASE_URL
        : undefined;
  const hostedBaseUrl =
    options.hostedBaseUrl === undefined
      ? undefined
      : checkUrl('hostedBaseUrl', options.hostedBaseUrl);
  const settings = settingsOf(options);
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new MockPlatformError('now must be a function returning milliseconds', {
      code: 'INVALID_OPTION',
    });
  }
  if (options.clients !== undefined && !settings.clients) {
    throw new MockPlatformError(
      'clients must be an array of { clientId, redirectUris, allowedOrigins? }',
      { code: 'INVALID_OPTION' },
    );
  }
  if (options.collections !== undefined && !Array.isArray(options.collections))
    throw new MockPlatformError('collections must be an array of { id, read?, items? }', {
      code: 'INVALID_OPTION',
    });
  return {
    baseUrl,
    edgeBaseUrl,
    tokenUrl,
    hostedBaseUrl,
    clients: options.clients,
    members: options.members ?? [],
    collections: options.collections ?? DEFAULT_COLLECTIONS,
    now: options.now ?? (() => Date.now()),
    settings,
  };
}

const LOOPBACK = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Tells whether a host name is a loopback host.
 *
 * @example
 * ```ts
 * isLoopbackHost('127.0.0.1'); // true
 * ```
 */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/**
 * Tells whether `clientId` may be used, and with `redirectUri` if one is given.
 *
 * @example
 * ```ts
 * isClientAllowed(undefined, 'any-id', 'http://localhost:5173/callback'); // true
 * ```
 */
export function isClientAllowed(
  clients: readonly MockClient[] | null | undefined,
  clientId: string,
  redirectUri?: string,
): boolean {
  if (clientId === '') return false;
  if (clients == null) {
    if (redirectUri === undefined) return true;
    let url: URL;
    try {
      url = new URL(redirectUri);
    } catch {
      return false;
    }
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  }
  const client = clients.find((candidate) => candidate.clientId === clientId);
  if (client === undefined) return false;
  return redirectUri === undefined || client.redirectUris.includes(redirectUri);
}

/**
 * Tells whether a hosted page of `clientId` may post its answer to `origin`: any
 * origin on a lenient platform (`clients` null), else one of the client's
 * `allowedOrigins` (by default the origins of its redirect URIs).
 *
 * @example
 * ```ts
 * isOriginAllowed([{ clientId: 'app', redirectUris: ['https://shop.example/cb'] }], 'app', 'https://shop.example'); // true
 * ```
 */
export function isOriginAllowed(
  clients: readonly MockClient[] | null | undefined,
  clientId: string,
  origin: string,
): boolean {
  if (clients == null) return true;
  const client = clients.find((candidate) => candidate.clientId === clientId);
  if (client === undefined) return false;
  const allowed =
    client.allowedOrigins ??
    client.redirectUris.map((uri) => {
      try {
        return new URL(uri).origin;
      } catch {
        return '';
      }
    });
  return allowed.includes(origin);
}
