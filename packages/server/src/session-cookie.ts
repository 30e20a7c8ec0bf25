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
  /** Whether the cookie must be written again: sealed with an older secret, or unusable and to be cleared. */
  readonly rewrite: boolean;
}

/**
 * The session cookie: the token set sealed with the first secret, with its own
 * expiry inside the sealed record (a replayed old cookie past it is a visitor). @internal
 */
export function sessionCookie(options: SealedCookieOptions & { readonly maxAgeSeconds: number }) {
  const { name, sealer, maxAgeSeconds, now } = options;
  const purpose = `session:${name}`;
  return {
    async read(cookies: Map<string, string>): Promise<ReadSession> {
      const sealed = readChunked(cookies, name);
      if (sealed === undefined) return { tokens: null, rewrite: false };
      const opened = await openJson(sealer, purpose, sealed);
      const record = opened?.value as SessionRecord | undefined;
      const live =
        record && isTokens(record.t) && typeof record.x === 'number' && record.x > now() / 1000;
      return live ? { tokens: record.t, rewrite: opened!.stale } : { tokens: null, rewrite: true };
    },
    async write(
      cookies: Map<string, string>,
      tokens: Tokens | null,
      attributes: Omit<CookieAttributes, 'maxAge'>,
    ): Promise<string[]> {
      const record: SessionRecord | undefined = tokens
        ? { t: tokens, x: Math.floor(now() / 1000) + maxAgeSeconds }
        : undefined;
      const sealed = record && (await sealer.seal(purpose, JSON.stringify(record)));
      return writeChunked(cookies, name, sealed, { ...attributes, maxAge: maxAgeSeconds });
    },
  };
}

/** The session cookie of one server identity. @internal */
export type SessionCookie = ReturnType<typeof sessionCookie>;
