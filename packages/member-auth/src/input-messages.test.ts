import { describe, expect, test } from 'vitest';
import { createMemberAuth, type MemberAuthOptions } from './member-auth';
import { isMemberAuthError } from './member-auth-error';
import { getMemberTokensForExternalLogin } from './external-login';

const tokens = {
  getAccessToken: async () => 'at',
  isLoggedIn: () => false,
} as unknown as MemberAuthOptions['tokens'];
const redirects = {
  silentLogin: async () => undefined,
  loginWithRedirect: async () => undefined,
} as unknown as MemberAuthOptions['redirects'];
const base = { clientId: 'c', tokens, redirects };

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isMemberAuthError(error) && error.code).toBe('INVALID_ARGUMENT');
    return (error as Error).message;
  }
  throw new Error('expected a MemberAuthError');
}

describe('createMemberAuth: one exact message per checked option', () => {
  test.each<[string, unknown, string]>([
    ['no options', undefined, 'clientId must be a non-empty string; got undefined'],
    [
      'a fetch that is not a function',
      { ...base, fetch: 'nope' },
      'fetch must be a function; got "nope"',
    ],
    [
      'a relative API base URL',
      { ...base, apiBaseUrl: '/api' },
      'apiBaseUrl must be an absolute http or https URL; got "/api"',
    ],
    [
      'no token manager',
      { ...base, tokens: undefined },
      'tokens must be a token manager of @site-identity/tokens; got undefined',
    ],
    [
      'no redirect client',
      { ...base, redirects: 42 },
      'redirects must be a redirect client of @site-identity/redirects; got 42',
    ],
  ])('%s', (_name, options, message) => {
    expect(messageOf(() => createMemberAuth(options as never))).toBe(message);
  });
});

describe('calls given the wrong types reject with invalidArgument before any request', () => {
  // No server is set up: a call that sent a request would fail with a network error instead.
  const auth = createMemberAuth(base);
  test.each<[string, () => Promise<unknown>, string]>([
    [
      'sendActivationEmail with options that are a number',
      () => auth.sendActivationEmail('id-1', 7 as never),
      'emailOptions must be an object; got 7',
    ],
    [
      'sendActivationEmail without an identity id',
      () => auth.sendActivationEmail(undefined as never),
      'identityId must be a non-empty string; got undefined',
    ],
    [
      'sendPasswordResetEmail with a relative redirect URI',
      () => auth.sendPasswordResetEmail('ada@example.com', { redirectUri: '/reset' }),
      'options.redirectUri must be an absolute http or https URL; got "/reset"',
    ],
    [
      'sendPasswordResetEmail with options that are a number',
      () => auth.sendPasswordResetEmail('ada@example.com', 5 as never),
      'options must be an object; got 5',
    ],
    [
      'getMemberTokensForExternalLogin without a member id',
      () => getMemberTokensForExternalLogin(auth, null as never, 'second'),
      'memberId must be a non-empty string; got null',
    ],
  ])('%s', async (_name, call, message) => {
    await expect(call()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message });
  });
});

test('sendActivationEmail with null options sends as with none, never a TypeError', async () => {
  const sent: unknown[] = [];
  const withFetch = createMemberAuth({
    ...base,
    fetch: async (request) => {
      sent.push(await request.json());
      return Response.json({});
    },
  });
  await expect(withFetch.sendActivationEmail('id-1', null as never)).resolves.toBeUndefined();
  expect(sent).toEqual([{ identityId: 'id-1', emailOptions: {} }]);
});

test('the platform settings come from the token manager unless given', async () => {
  const urls: string[] = [];
  const inherited = createMemberAuth({
    ...base,
    tokens: {
      ...tokens,
      apiBaseUrl: 'https://api.example',
      fetch: async (request: Request) => {
        urls.push(request.url);
        return Response.json({});
      },
    },
  });
  await inherited.sendActivationEmail('id-1');
  expect(urls).toEqual(['https://api.example/_api/iam/recovery/v1/activation-email']);
});
