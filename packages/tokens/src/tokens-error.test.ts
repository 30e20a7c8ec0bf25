import { isPlatformError, PlatformError } from '@site-identity/http';
import { describe, expect, test } from 'vitest';
import {
  invalidArgument,
  isTokenEndpointError,
  isTokensError,
  TokenEndpointError,
  TokensError,
} from './tokens-error';

describe('TokenEndpointError', () => {
  test.each([
    ['INVALID_GRANT', true],
    ['REQUEST_REJECTED', false],
    ['SERVER_ERROR', false],
    ['NETWORK_ERROR', false],
  ] as const)('%s: invalidGrant %s', (code, invalidGrant) => {
    const error = new TokenEndpointError('m', { code, grantType: 'refresh_token', status: 400 });
    expect(error.invalidGrant).toBe(invalidGrant);
    expect(error.code).toBe(code);
  });

  test.each([
    [{ retryable: true }, true],
    [{ retryable: false }, false],
    [{}, false],
  ])('retryable is what it is built with: %j → %s', (init, retryable) => {
    const error = new TokenEndpointError('m', {
      code: 'SERVER_ERROR',
      grantType: 'anonymous',
      ...init,
    });
    expect(error.retryable).toBe(retryable);
  });

  test.each([
    [{ status: 503 }, 'http'],
    [{}, 'network'],
    [{ code: 'TIMEOUT' }, 'timeout'],
    [{ kind: 'aborted' as const, code: 'ABORTED' }, 'aborted'],
  ])('kind defaults from status and code: %j → %s', (init, kind) => {
    const error = new TokenEndpointError('m', {
      code: 'NETWORK_ERROR',
      grantType: 'anonymous',
      ...init,
    });
    expect(error.kind).toBe(kind);
  });

  test('keeps the cause and hides the response', () => {
    const cause = new TypeError('Failed to fetch');
    const response = new Response('{}', { status: 500 });
    const error = new TokenEndpointError('Failed to fetch tokens from OAuth API: 500', {
      code: 'SERVER_ERROR',
      grantType: 'anonymous',
      status: 500,
      response,
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(error.response).toBe(response);
    expect(Object.keys(error)).not.toContain('response');
    expect(error.name).toBe('TokenEndpointError');
    // It is a PlatformError, not a TokensError: the guards say what instanceof says.
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).not.toBeInstanceOf(TokensError);
    expect([isPlatformError(error), isTokensError(error), isTokenEndpointError(error)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(error).toMatchObject({ kind: 'http', retryable: false, fieldViolations: [] });
  });
});

describe('TokensError', () => {
  test('is built (message, { code, retryable, cause }) and has no cause property without one', () => {
    const error = new TokensError('Another tab did not finish', {
      code: 'LOCK_TIMEOUT',
      retryable: true,
    });
    expect(error).toMatchObject({ name: 'TokensError', code: 'LOCK_TIMEOUT', retryable: true });
    expect(error.message).toBe('Another tab did not finish');
    expect('cause' in error).toBe(false);
  });
});

describe('guards', () => {
  test.each([
    ['a TokensError', new TokensError('x', { code: 'INVALID_ARGUMENT' }), true, false],
    [
      'a TokenEndpointError',
      new TokenEndpointError('m', { code: 'TIMEOUT', grantType: 'anonymous' }),
      false,
      true,
    ],
    [
      'a TokensError from another realm or copy of the package (it carries the one brand)',
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['TokensError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'STORAGE_CORRUPT' },
      ),
      true,
      false,
    ],
    [
      'a TokenEndpointError from another realm or copy of the package',
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['TokenEndpointError', 'PlatformError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'TIMEOUT', kind: 'timeout', fieldViolations: [] },
      ),
      false,
      true,
    ],
    [
      'a branded error without a string code',
      Object.assign(new TokensError('x', { code: 'INVALID_ARGUMENT' }), { code: 7 }),
      false,
      false,
    ],
    [
      'a plain object with the name but not the brand',
      { name: 'TokenEndpointError', message: 'm' },
      false,
      false,
    ],
    ['a TypeError', new TypeError('x'), false, false],
    ['null', null, false, false],
    ['a string', 'TokensError', false, false],
  ])('%s', (_name, value, tokensError, endpointError) => {
    expect(isTokensError(value)).toBe(tokensError);
    expect(isTokenEndpointError(value)).toBe(endpointError);
  });
});

test('the brand covers a subclass with its own name', () => {
  class RenewalError extends TokenEndpointError {
    override name = 'RenewalError' as never;
  }
  const error = new RenewalError('m', { code: 'TIMEOUT', grantType: 'refresh_token' });
  expect(isTokenEndpointError(error)).toBe(true);
  expect(isTokensError(error)).toBe(false);
  expect(error instanceof TokensError).toBe(false);
});

test('invalidArgument is the INVALID_ARGUMENT TokensError of a finished message', () => {
  const error = invalidArgument('clientId must be a non-empty string; got undefined');
  expect(error).toBeInstanceOf(TokensError);
  expect([error.code, error.message, error.retryable]).toEqual([
    'INVALID_ARGUMENT',
    'clientId must be a non-empty string; got undefined',
    false,
  ]);
});
