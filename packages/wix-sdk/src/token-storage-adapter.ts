import { attempt, isRecord } from '@site-identity/http/internal';
import {
  isTokens,
  type Tokens as SessionTokens,
  type TokenStorage as RecordStorage,
} from '@site-identity/tokens';
import type { Tokens, TokenStorage } from './incumbent-types';

/**
 * `@wix/sdk`'s empty token set: no session.
 *
 * @example
 * ```ts
 * import { EMPTY_TOKENS, OAuthStrategy } from '@site-identity/wix-sdk';
 *
 * const auth = OAuthStrategy({ clientId: 'my-client-id' });
 * const signedOut = auth.getTokens().accessToken.value === EMPTY_TOKENS.accessToken.value;
 * ```
 */
export const EMPTY_TOKENS: Tokens = /* @__PURE__ */ Object.freeze({
  accessToken: Object.freeze({ value: '', expiresAt: 0 }),
  refreshToken: Object.freeze({ value: '', role: 'none' }),
});

/** Whether `tokens` holds a session (an empty set, as `@wix/sdk` writes a sign-out, does not). */
export const holdsSession = (tokens: unknown): tokens is SessionTokens =>
  isTokens(tokens) && !!tokens.accessToken.value && !!tokens.refreshToken.value;

/** `@wix/sdk`'s in-memory storage, holding `initial` to begin with. */
export function createLocalTokenStorage(initial: Tokens): TokenStorage {
  let held = initial;
  return {
    getTokens: () => held,
    setTokens(tokens) {
      held = tokens;
    },
  };
}

/**
 * The token manager's record storage over `@wix/sdk`'s token storage: the record
 * (a token set with its epoch and generation) is the storage's token set, so the
 * app's storage keeps holding what `getTokens()` of `@wix/sdk` would. An empty set
 * reads as no record; removing the record stores the empty set. @internal
 */
export function recordStorage(storage: TokenStorage): RecordStorage {
  return {
    getItem() {
      const tokens = storage.getTokens();
      return holdsSession(tokens) ? JSON.stringify(tokens) : null;
    },
    setItem(_key, value) {
      const record: unknown = attempt((): unknown => JSON.parse(value));
      if (isRecord(record) && holdsSession(record)) storage.setTokens(record);
    },
    removeItem() {
      storage.setTokens(EMPTY_TOKENS);
    },
  };
}
