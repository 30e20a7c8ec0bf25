import { describe, expect, test } from 'vitest';
import { isTokenEndpointError, isTokensError, TokenEndpointError, TokensError } from './errors';

describe('TokenEndpointError', () => {
  test.each([
    ['NETWORK_ERROR', true, false],
    ['TIMEOUT', true, false],
    ['RATE_LIMITED', true, false],
    ['SERVER_ERROR', true, false],
    ['INVALID_RESPONSE', true, false],
    ['INVALID_GRANT', false, true],
    ['REQUEST_REJECTED', false, false],
  ] as const)('%s: retryable %s, invalidGrant %s', (code, retryable, invalidGrant) => {
    const error = new TokenEndpointError({ code, grantType: 'refresh_token', status: 400 });
    expect(error.retryable).toBe(retryable);
    expect(error.invalidGrant).toBe(invalidGrant);
    expect(error.code).toBe(code);
  });

  test.each([
    [
      { status: 400, statusText: 'Bad Request', requestId: 'req-1' },
      'Failed to fetch tokens from OAuth API: 400 Bad Request, request id: req-1',
    ],
    [{ status: 503, statusText: '' }, 'Failed to fetch tokens from OAuth API: 503'],
    [{ detail: 'network error' }, 'Failed to fetch tokens from OAuth API: network error'],
  ])('message for %j', (init, message) => {
    expect(
      new TokenEndpointError({ code: 'SERVER_ERROR', grantType: 'anonymous', ...init }).message,
    ).toBe(message);
  });

  test('keeps the cause and hides the response', () => {
    const cause = new TypeError('Failed to fetch');
    const response = new Response('{}', { status: 500 });
    const error = new TokenEndpointError({
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
    expect(error).toBeInstanceOf(TokensError);
  });
});

describe('guards', () => {
  test.each([
    ['a TokensError', new TokensError('INVALID_ARGUMENT', 'x'), true, false],
    [
      'a TokenEndpointError',
      new TokenEndpointError({ code: 'TIMEOUT', grantType: 'anonymous' }),
      true,
      true,
    ],
    [
      'one from another realm (a plain object with the name)',
      { name: 'TokenEndpointError', message: 'm' },
      true,
      true,
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
  const error = new RenewalError({ code: 'TIMEOUT', grantType: 'refresh_token' });
  expect(isTokenEndpointError(error)).toBe(true);
  expect(isTokensError(error)).toBe(true);
});
