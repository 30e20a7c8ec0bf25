import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createAuthFlowData, type AuthFlowRequest } from './auth-flow-data';
import { calculateCodeChallenge } from './code-challenge';
import { isPkceError } from './pkce-error';

const codeOf = async (request: AuthFlowRequest): Promise<unknown> => {
  const error: unknown = await createAuthFlowData(request).catch((caught: unknown) => caught);
  return isPkceError(error) ? error.code : error;
};

describe('createAuthFlowData', () => {
  test('returns a verifier, its challenge, a state and the URIs', async () => {
    const flow = await createAuthFlowData({
      redirectUri: 'https://site.example/callback',
      originalUri: '/account?tab=orders',
    });
    expect(Object.keys(flow).sort()).toEqual([
      'codeChallenge',
      'codeVerifier',
      'originalUri',
      'redirectUri',
      'state',
    ]);
    expect(flow.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    expect(flow.codeChallenge).toBe(await calculateCodeChallenge(flow.codeVerifier));
    expect(flow.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(flow).toMatchObject({
      redirectUri: 'https://site.example/callback',
      originalUri: '/account?tab=orders',
    });
  });

  test('without originalUri it is undefined', async () => {
    await expect(
      createAuthFlowData({ redirectUri: 'http://localhost:5173/cb' }),
    ).resolves.toMatchObject({ originalUri: undefined });
  });

  test('verifierLength sets the verifier length (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 43, max: 128 }), async (verifierLength) => {
        const flow = await createAuthFlowData({
          redirectUri: 'https://site.example/cb',
          verifierLength,
        });
        expect(flow.codeVerifier).toHaveLength(verifierLength);
      }),
      { numRuns: 30 },
    );
  });

  test('every flow has its own verifier and state', async () => {
    const a = await createAuthFlowData({ redirectUri: 'https://site.example/cb' });
    const b = await createAuthFlowData({ redirectUri: 'https://site.example/cb' });
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
    expect(a.state).not.toBe(b.state);
  });

  test.each<[string, AuthFlowRequest, string]>([
    ['a relative redirectUri', { redirectUri: '/callback' }, 'INVALID_REDIRECT_URI'],
    [
      'a redirectUri without scheme',
      { redirectUri: 'site.example/callback' },
      'INVALID_REDIRECT_URI',
    ],
    ['a javascript: redirectUri', { redirectUri: 'javascript:alert(1)' }, 'INVALID_REDIRECT_URI'],
    ['a custom-scheme redirectUri', { redirectUri: 'myapp://callback' }, 'INVALID_REDIRECT_URI'],
    [
      'a redirectUri with a fragment',
      { redirectUri: 'https://site.example/cb#x' },
      'INVALID_REDIRECT_URI',
    ],
    ['an empty redirectUri', { redirectUri: '' }, 'INVALID_REDIRECT_URI'],
    ['a missing redirectUri', {} as AuthFlowRequest, 'INVALID_REDIRECT_URI'],
    [
      'an originalUri on another origin',
      { redirectUri: 'https://site.example/cb', originalUri: 'https://evil.example/' },
      'INVALID_ORIGINAL_URI',
    ],
    [
      'a protocol-relative originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: '//evil.example/' },
      'INVALID_ORIGINAL_URI',
    ],
    [
      'a backslash originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: '/\\evil.example' },
      'INVALID_ORIGINAL_URI',
    ],
    [
      'a javascript: originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: 'javascript:alert(1)' },
      'INVALID_ORIGINAL_URI',
    ],
    [
      'a relative originalUri without a slash',
      { redirectUri: 'https://site.example/cb', originalUri: 'account' },
      'INVALID_ORIGINAL_URI',
    ],
    [
      'a verifierLength out of range',
      { redirectUri: 'https://site.example/cb', verifierLength: 200 },
      'INVALID_VERIFIER_LENGTH',
    ],
  ])('refuses %s with %s', async (_label, request, code) => {
    await expect(codeOf(request)).resolves.toBe(code);
  });

  test.each([['/'], ['/account'], ['https://site.example/account?x=1'], ['https://site.example']])(
    'accepts the originalUri %s',
    async (originalUri) => {
      await expect(
        createAuthFlowData({ redirectUri: 'https://site.example/cb', originalUri }),
      ).resolves.toMatchObject({ originalUri });
    },
  );

  test('a missing request object is a PkceError, not a TypeError', async () => {
    await expect(codeOf(undefined as unknown as AuthFlowRequest)).resolves.toBe(
      'INVALID_REDIRECT_URI',
    );
  });
});
