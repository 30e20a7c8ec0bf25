import { isTokens, type Tokens } from '@site-identity/tokens';
import { readChunked, writeChunked, type CookieAttributes } from './cookies';
import { openJson, type SealedCookieOptions } from './sealer';

/** What the session cookie holds once opened. */
interface SessionRecord {
  /** The token set. */
  readonly t: Tokens;
  /** When the cookie stops counting, epoch seconds. */
  readonly x: number;
}

/** What reading the session cookie found. @internal */
export interface ReadSession {
  /** The session's tokens; `null` for no cookie, or one that is tampered, expired or undecryptable. */
  readonly tokens: Tokens | null;
  /** Whether the cookie must be written again: sealed with an older secret, under its old name, or unusable and to be cleared. */
  readonly rewrite: boolean;
  /** When the session stops counting, epoch seconds (with `tokens`). */
  readonly until?: number;
}

/** Where and how long the session cookie is written. @internal */
export interface SessionWrite extends Omit<CookieAttributes, 'maxAge'> {
  /**
   * When the session stops counting, epoch seconds: a member's renewal keeps the
   * time of the sign-in's; left out, `maxAgeSeconds` from now.
   */
  readonly until?: number | undefined;
}

/**
 * The session cookie's name: `__Host-<name>` where cookies are `Secure` (the browser
 * then takes it only from this very origin, over https, for `Path=/` and without
 * `Domain`: no sibling subdomain or network attacker can plant one), else `name`.
 * @see https://www.ietf.org/archive/id/draft-ietf-httpbis-rfc6265bis-20.html#name-the-__host-prefix
 */
export const sessionCookieName = (name: string, secure: boolean): string =>
  secure ? `__Host-${name}` : name;

/**
 * The session cookie: the token set sealed with the first secret, with its own
 * expiry inside the sealed record (a replayed old cookie past it is a visitor): for a
 * member, `maxAgeSeconds` after the sign-in, whatever renewals came since; for a
 * visitor, `maxAgeSeconds` after the last write. @internal
 */
export function sessionCookie(options: SealedCookieOptions & { readonly maxAgeSeconds: number }) {
  const { name, sealer, maxAgeSeconds, now } = options;
  const purpose = `session:${name}`;
  return {
    /** The session in `cookies`; where cookies are `Secure`, also under the name before the prefix (to be moved). */
    async read(cookies: Map<string, string>, secure = false): Promise<ReadSession> {
      const prefixed = readChunked(cookies, sessionCookieName(name, secure));
      const sealed = prefixed ?? (secure ? readChunked(cookies, name) : undefined);
      if (sealed === undefined) return { tokens: null, rewrite: false };
      const opened = await openJson(sealer, purpose, sealed);
      const record = opened?.value as SessionRecord | undefined;
      const live =
        record && isTokens(record.t) && typeof record.x === 'number' && record.x > now() / 1000;
      return live
        ? { tokens: record.t, rewrite: opened!.stale || prefixed === undefined, until: record.x }
        : { tokens: null, rewrite: true };
    },
    async write(
      cookies: Map<string, string>,
      tokens: Tokens | null,
      attributes: SessionWrite,
    ): Promise<string[]> {
      const { until, ...where } = attributes;
      const nowSeconds = Math.floor(now() / 1000);
      const record: SessionRecord | undefined = tokens
        ? { t: tokens, x: until ?? nowSeconds + maxAgeSeconds }
        : undefined;
      const sealed = record && (await sealer.seal(purpose, JSON.stringify(record)));
      const cookie = { ...where, maxAge: record ? record.x - nowSeconds : maxAgeSeconds };
      const lines = writeChunked(cookies, {
        name: sessionCookieName(name, where.secure),
        value: sealed,
        attributes: cookie,
      });
      // The cookie of before the prefix goes once the prefixed one is written.
      if (where.secure)
        lines.push(...writeChunked(cookies, { name, value: undefined, attributes: cookie }));
      return lines;
    },
  };
}

/** The session cookie of one server identity. @internal */
export type SessionCookie = ReturnType<typeof sessionCookie>;
