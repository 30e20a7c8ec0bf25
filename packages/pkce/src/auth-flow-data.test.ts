import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { authFlowOf, createAuthFlowData, type AuthFlowRequest } from './auth-flow-data';
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

  test.each<[string, AuthFlowRequest, string, string]>([
    [
      'a relative redirectUri',
      { redirectUri: '/callback' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got "/callback"',
    ],
    [
      'a redirectUri without scheme',
      { redirectUri: 'site.example/callback' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got "site.example/callback"',
    ],
    [
      'a javascript: redirectUri',
      { redirectUri: 'javascript:alert(1)' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got "javascript:alert(1)"',
    ],
    [
      'a custom-scheme redirectUri',
      { redirectUri: 'myapp://callback' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got "myapp://callback"',
    ],
    [
      'a redirectUri with a fragment',
      { redirectUri: 'https://site.example/cb#x' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got "https://site.example/cb#x"',
    ],
    [
      'an empty redirectUri',
      { redirectUri: '' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got an empty string',
    ],
    [
      'a missing redirectUri',
      {} as AuthFlowRequest,
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got undefined',
    ],
    [
      'a redirectUri with an empty fragment',
      { redirectUri: 'https://site.example/cb#' },
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got "https://site.example/cb#"',
    ],
    [
      'a number as redirectUri',
      { redirectUri: 42 } as unknown as AuthFlowRequest,
      'INVALID_REDIRECT_URI',
      'redirectUri must be an absolute http or https URL without a fragment; got 42',
    ],
    [
      'an originalUri on another origin',
      { redirectUri: 'https://site.example/cb', originalUri: 'https://evil.example/' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "https://evil.example/"',
    ],
    [
      'a protocol-relative originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: '//evil.example/' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "//evil.example/"',
    ],
    [
      'a backslash originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: '/\\evil.example' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "/\\\\evil.example"',
    ],
    [
      'a javascript: originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: 'javascript:alert(1)' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "javascript:alert(1)"',
    ],
    [
      'a tab in originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: '/\t/evil.example' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "/\\t/evil.example"',
    ],
    [
      'a newline in originalUri',
      { redirectUri: 'https://site.example/cb', originalUri: '/\n/evil.example' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "/\\n/evil.example"',
    ],
    [
      'an originalUri that normalises to //',
      { redirectUri: 'https://site.example/cb', originalUri: '/.//evil.example' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "/.//evil.example"',
    ],
    [
      'an originalUri on the origin with a // path',
      { redirectUri: 'https://site.example/cb', originalUri: 'https://site.example//evil.example' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "https://site.example//evil.example"',
    ],
    [
      'a relative originalUri without a slash',
      { redirectUri: 'https://site.example/cb', originalUri: 'account' },
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got "account"',
    ],
    [
      'an originalUri that is not a string',
      { redirectUri: 'https://site.example/cb', originalUri: null } as unknown as AuthFlowRequest,
      'INVALID_ORIGINAL_URI',
      'originalUri must be a path on the site or a URL on the origin of redirectUri (https://site.example); got null',
    ],
    [
      'a verifierLength out of range',
      { redirectUri: 'https://site.example/cb', verifierLength: 200 },
      'INVALID_VERIFIER_LENGTH',
      'verifierLength must be an integer from 43 to 128; got 200',
    ],
  ])('refuses %s', async (_label, request, code, message) => {
    const error: unknown = await createAuthFlowData(request).catch((caught: unknown) => caught);
    expect(isPkceError(error) && { code: error.code, message: error.message }).toEqual({
      code,
      message,
    });
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

describe('authFlowOf (internal: URIs already checked by the caller)', () => {
  test('draws a 43-character verifier from the allowed characters, its S256 challenge and a fresh state', async () => {
    const flows = await Promise.all(
      Array.from({ length: 20 }, () => authFlowOf('https://site.example/callback', '/account')),
    );
    for (const flow of flows) {
      expect(flow.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
      expect(flow.codeChallenge).toBe(await calculateCodeChallenge(flow.codeVerifier));
      expect(flow).toMatchObject({
        redirectUri: 'https://site.example/callback',
        originalUri: '/account',
      });
    }
    expect(new Set(flows.map((flow) => flow.state)).size).toBe(flows.length);
    expect(new Set(flows.map((flow) => flow.codeVerifier)).size).toBe(flows.length);
  });

  test('keeps the URIs exactly as given (no normalising) and takes a verifier drawn by the caller', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const flow = await authFlowOf('https://site.example', undefined, verifier);
    expect(flow).toEqual({
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      codeVerifier: verifier,
      state: expect.stringMatching(/^[\w-]{43}$/),
      redirectUri: 'https://site.example',
      originalUri: undefined,
    });
  });
});
