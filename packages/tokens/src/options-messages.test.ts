import { describe, expect, test } from 'vitest';
import { isTokensError } from './tokens-error';
import { createTokenEndpoint } from './token-endpoint';
import { createTokenManager } from './token-manager';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isTokensError(error) && error.code).toBe('INVALID_ARGUMENT');
    return (error as Error).message;
  }
  throw new Error('expected an INVALID_ARGUMENT error');
}

describe('one exact message per checked option', () => {
  test.each<[string, unknown, string]>([
    ['no options', undefined, 'clientId must be a non-empty string; got undefined'],
    [
      'an empty client id',
      { clientId: '' },
      'clientId must be a non-empty string; got an empty string',
    ],
    ['a numeric client id', { clientId: 7 }, 'clientId must be a non-empty string; got 7'],
    [
      'a relative token URL',
      { clientId: 'c', tokenUrl: '/oauth2/token' },
      'tokenUrl must be an absolute http or https URL; got "/oauth2/token"',
    ],
    [
      'a token URL of another scheme',
      { clientId: 'c', tokenUrl: 'ftp://example.com/token' },
      'tokenUrl must be an absolute http or https URL; got "ftp://example.com/token"',
    ],
    [
      'a fetch that is not a function',
      { clientId: 'c', fetch: 'nope' },
      'fetch must be a function; got "nope"',
    ],
    [
      'a zero time-out',
      { clientId: 'c', timeoutMs: 0 },
      'timeoutMs must be a number of milliseconds from 1 to 2147483647; got 0',
    ],
    ['a clock that is not a function', { clientId: 'c', now: 5 }, 'now must be a function; got 5'],
  ])('createTokenEndpoint with %s', (_name, options, message) => {
    expect(messageOf(() => createTokenEndpoint(options as never))).toBe(message);
  });

  test.each<[string, unknown, string]>([
    [
      'a negative leeway',
      { clientId: 'c', leewaySeconds: -1 },
      'leewaySeconds must be a number ≥ 0; got -1',
    ],
    [
      'a leeway that is a string',
      { clientId: 'c', leewaySeconds: '60' },
      'leewaySeconds must be a number ≥ 0; got "60"',
    ],
    [
      'a negative lock time-out',
      { clientId: 'c', lockTimeoutMs: -5 },
      'lockTimeoutMs must be a number ≥ 0; got -5',
    ],
    [
      'a clock that is not a function',
      { clientId: 'c', now: null },
      'now must be a function; got null',
    ],
    [
      'an error listener that is not a function',
      { clientId: 'c', onError: 5 },
      'onError must be a function; got 5',
    ],
    [
      'an empty storage key',
      { clientId: 'c', storageKey: '' },
      'storageKey must be a non-empty string; got an empty string',
    ],
    [
      'a numeric storage key',
      { clientId: 'c', storageKey: 5 },
      'storageKey must be a non-empty string; got 5',
    ],
  ])('createTokenManager with %s', (_name, options, message) => {
    expect(messageOf(() => createTokenManager(options as never))).toBe(message);
  });

  test('setTokens says the shape it expects and never shows what came', async () => {
    const manager = createTokenManager({ clientId: 'c', crossTab: false });
    const error = await manager.setTokens('a-secret-token' as never).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'tokens must be a token set { accessToken: { value, expiresAt }, refreshToken: { value, role } } with non-empty values; got a string',
    );
    manager.dispose();
  });
});
