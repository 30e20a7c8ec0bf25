// @vitest-environment node
// The LoginResult mapping over arbitrary server answers: whatever the platform
// answers to login or register (any JSON, any state, any status, text), the call
// resolves with a LoginResult that follows the state table, and never rejects.
import {
  createMemberAuth,
  isMemberAuthError,
  LoginState,
  toLoginResult,
  type LoginResult,
} from '@site-identity/member-auth';
import { createMockPlatform } from '@site-identity/mock-platform';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_ID, mapStorage } from './harness';
import { collectError } from './leak-watch';

const RUNS = 150;
const AUTH_URL = 'https://www.wixapis.com/_api/iam/authentication';
const LOGIN_STATES: readonly string[] = Object.values(LoginState);
const PROBLEM_STATES = ['FAILURE', 'USER_CAPTCHA_REQUIRED', 'SILENT_CAPTCHA_REQUIRED'];
const SERVER_STATES = [
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'REQUIRE_MFA',
  'STATUS_CHECK',
];

/** What the platform might answer a login with: the documented fields, each of any JSON type. */
const serverBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      state: fc.oneof(fc.constantFrom(...SERVER_STATES), fc.string(), fc.jsonValue()),
      sessionToken: fc.oneof(fc.string(), fc.jsonValue()),
      stateToken: fc.oneof(fc.string(), fc.jsonValue()),
      identity: fc.jsonValue(),
      additionalData: fc.jsonValue(),
      mfaChallengeData: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

interface Sent {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
}

const answer: fc.Arbitrary<Sent> = fc.oneof(
  {
    weight: 4,
    arbitrary: serverBody.map((json) => ({ status: 200, text: JSON.stringify(json), json })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(400, 401, 403, 404, 409, 429, 500, 502, 503), serverBody)
      .map(([status, json]) => ({ status, text: JSON.stringify(json), json })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(200, 400, 500), fc.string())
      .map(([status, text]) => ({ status, text, json: undefined })),
  },
);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The state table of the specification, applied to a 200 JSON answer. */
function expectedState(json: unknown, completeLogin: boolean): string {
  const { state, sessionToken, stateToken } = record(json);
  if (state === 'SUCCESS' && nonEmpty(sessionToken)) return completeLogin ? 'FAILURE' : 'SUCCESS';
  if (state === 'REQUIRE_OWNER_APPROVAL' && typeof json === 'object' && !Array.isArray(json))
    return 'OWNER_APPROVAL_REQUIRED';
  if (state === 'REQUIRE_EMAIL_VERIFICATION' && nonEmpty(stateToken))
    return 'EMAIL_VERIFICATION_REQUIRED';
  return 'FAILURE';
}

/** A LoginResult of any state: the fields its state promises. */
function expectLoginResult(result: LoginResult): void {
  expect(LOGIN_STATES).toContain(result.loginState);
  expect(typeof result.data).toBe('object');
  if (result.loginState === 'SUCCESS') expect(nonEmpty(result.data.sessionToken)).toBe(true);
  if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED')
    expect(nonEmpty(result.data.stateToken)).toBe(true);
  if (PROBLEM_STATES.includes(result.loginState)) {
    collectError(result.cause);
    expect(typeof result.error).toBe('string');
    expect(typeof result.errorCode).toBe('string');
    expect(isMemberAuthError(result.cause)).toBe(true);
  }
}

describe('toLoginResult over arbitrary values', () => {
  test('always a LoginResult that follows the state table', () => {
    fc.assert(
      fc.property(
        fc.oneof(serverBody, fc.anything()),
        fc.option(fc.string(), { nil: undefined }),
        (body, requestId) => {
          const result = toLoginResult(body, requestId);
          expectLoginResult(result);
          expect(result.loginState).toBe(expectedState(body, false));
          if (result.loginState === 'FAILURE') expect(result.cause?.requestId).toBe(requestId);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('login and register over arbitrary answers from the platform', () => {
  const platform = createMockPlatform();
  const server = setupServer(...platform.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    platform.reset();
  });
  afterAll(() => server.close());

  test.each(['login', 'register'] as const)(
    '%s: always resolves with a LoginResult, mapped by the state table',
    async (call) => {
      const tokens = createTokenManager({
        clientId: CLIENT_ID,
        storage: memoryStorage(),
        crossTab: false,
      });
      // No window here: completing a SUCCESS through silentLogin fails, which must give FAILURE LOGIN_NOT_COMPLETED.
      const redirects = createRedirects({ clientId: CLIENT_ID, tokens });
      const auth = createMemberAuth({
        clientId: CLIENT_ID,
        tokens,
        redirects,
        verificationStorage: mapStorage(),
      });

      await fc.assert(
        fc.asyncProperty(answer, fc.boolean(), async (sent, completeLogin) => {
          server.use(
            http.post(
              `${AUTH_URL}/v2/${call}`,
              () =>
                new HttpResponse(sent.text, {
                  status: sent.status,
                  headers: {
                    'content-type': 'application/json',
                    'x-wix-request-id': 'fuzz-request-id',
                  },
                }),
            ),
          );
          let result: LoginResult;
          try {
            result = await auth[call]({
              email: 'fuzz@example.com',
              password: 'any password',
              completeLogin,
            });
          } catch (error) {
            collectError(error);
            throw new Error(`${call} rejected: ${String(error)}`, { cause: error });
          }
          expectLoginResult(result);
          if (sent.status === 200 && sent.json !== undefined) {
            expect(result.loginState).toBe(expectedState(sent.json, completeLogin));
            if (result.errorCode === 'LOGIN_NOT_COMPLETED')
              expect(result.data.sessionToken).toBe(record(sent.json)['sessionToken']);
          } else {
            expect(PROBLEM_STATES).toContain(result.loginState);
            expect(result.cause?.requestId).toBe('fuzz-request-id');
          }
        }),
        { numRuns: RUNS },
      );
      tokens.dispose();
    },
  );
});
