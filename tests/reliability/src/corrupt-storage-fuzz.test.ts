// @vitest-environment happy-dom
// Reads of corrupt stored values: arbitrary strings under the token key, a flow
// key, the e-mail verification key and the pre-warm key. The library reports the
// corrupt token record (without its content), ignores what it cannot use, and
// never throws anything but a typed error.
import { isMemberAuthError, type LoginResult } from '@site-identity/member-auth';
import { prewarm } from '@site-identity/redirects/prewarm';
import { isTokens, isTokensError, type TokensError } from '@site-identity/tokens';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  RECORD_PREFIX,
  REDIRECT_URI,
  TOKEN_KEY,
  isLoginResult,
  isTypedError,
  settle,
  usePlatform,
} from './harness';
import { collectError } from './leak-watch';

const RUNS = 60;
const { platform, createWorld, answersTo } = usePlatform();

const anyJson = fc.jsonValue().map((value) => JSON.stringify(value));
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  anyJson,
  fc.constantFrom('', 'null', 'undefined', '{', '[]', '"x"', 'NaN'),
);
const loose = fc.oneof(fc.string(), fc.jsonValue(), fc.integer(), fc.double(), fc.constant(null));

/** Token records that are almost right: the fields, with values of any type. */
const nearTokens = fc
  .record(
    {
      accessToken: fc.oneof(
        fc.record({ value: loose, expiresAt: loose }, { requiredKeys: [] }),
        fc.jsonValue(),
      ),
      refreshToken: fc.oneof(
        fc.record(
          {
            value: loose,
            role: fc.oneof(fc.constantFrom('none', 'visitor', 'member', 'admin', ''), loose),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

/** Flow records that are almost right. */
const nearFlow = fc
  .record(
    {
      state: loose,
      codeVerifier: loose,
      redirectUri: fc.oneof(fc.constant(REDIRECT_URI), loose),
      originalUri: loose,
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

/** Verification records that are almost right. */
const nearVerification = fc
  .record({ stateToken: loose, since: loose }, { requiredKeys: [] })
  .map((value) => JSON.stringify(value));

const parsed = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

describe('a corrupt token record', () => {
  test('is reported as STORAGE_CORRUPT without its content, ignored, and replaced by visitor tokens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, nearTokens), async (raw) => {
        fc.pre(!isTokens(parsed(raw)));
        localStorage.clear();
        localStorage.setItem(TOKEN_KEY, raw);
        const reports: TokensError[] = [];
        const { tokens } = createWorld({
          tokens: { onError: (error) => void reports.push(collectError(error)) },
        });

        expect(() => tokens.getSnapshot()).not.toThrow();
        const outcome = await settle(() => tokens.getTokens());

        expect(outcome.ok, outcome.ok ? '' : String(outcome.error)).toBe(true);
        if (!outcome.ok) return;
        const fresh = outcome.value as { accessToken: { value: string } };
        expect(platform.state.tokens.describe(fresh.accessToken.value)?.role).toBe('visitor');
        expect(JSON.parse(localStorage.getItem(TOKEN_KEY) ?? 'null')).toMatchObject(fresh);
        if (raw !== '') {
          expect(reports.map((report) => isTokensError(report) && report.code)).toEqual([
            'STORAGE_CORRUPT',
          ]);
          if (raw.length >= 8) expect(reports[0]?.message).not.toContain(raw);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a corrupt flow record', () => {
  test('under any state: completeLogin rejects with a typed error, consumes the record and leaves the tokens alone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.oneof(anyText, nearFlow),
        async (state, raw) => {
          sessionStorage.clear();
          const { tokens, redirects } = createWorld();
          const tokensBefore = localStorage.getItem(TOKEN_KEY);
          const key = `${RECORD_PREFIX}flow:${state}`;
          sessionStorage.setItem(key, raw);

          const outcome = await settle(() =>
            redirects.completeLogin(
              `${REDIRECT_URI}#code=not-a-code-the-platform-issued&state=${encodeURIComponent(state)}`,
            ),
          );

          expect(outcome.ok).toBe(false);
          expect(
            isTypedError(outcome.ok ? undefined : outcome.error),
            outcome.ok ? '' : String(outcome.error),
          ).toBe(true);
          expect(sessionStorage.getItem(key)).toBeNull();
          expect(localStorage.getItem(TOKEN_KEY)).toBe(tokensBefore);
          expect(tokens.isLoggedIn()).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('a corrupt e-mail verification record', () => {
  test('is no pending verification, or a usable one; verifyEmail resolves with a LoginResult and resend rejects only typed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, nearVerification), async (raw) => {
        sessionStorage.clear();
        sessionStorage.setItem(`${RECORD_PREFIX}verification`, raw);
        const { auth } = createWorld();
        const verifyCalls = () => answersTo('/_api/iam/verification/').length;
        const callsBefore = verifyCalls();

        let pending: ReturnType<typeof auth.getPendingVerification>;
        expect(() => (pending = auth.getPendingVerification())).not.toThrow();
        if (pending !== undefined) {
          expect(typeof pending.stateToken === 'string' && pending.stateToken !== '').toBe(true);
          expect(Number.isFinite(pending.since)).toBe(true);
        }

        const verified = await settle(() => auth.verifyEmail({ code: '123456' }));
        expect(verified.ok).toBe(true);
        const result = (verified.ok ? verified.value : undefined) as LoginResult;
        expect(isLoginResult(result)).toBe(true);
        expect(result.loginState).toBe('FAILURE');
        if (pending === undefined) {
          expect(result.errorCode).toBe('NO_PENDING_VERIFICATION');
          expect(verifyCalls()).toBe(callsBefore);
        }

        const resent = await settle(() => auth.resendVerificationCode());
        if (!resent.ok) expect(isMemberAuthError(resent.error), String(resent.error)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a corrupt pre-warm time stamp', () => {
  test('prewarm never rejects and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (raw) => {
        localStorage.setItem(`${RECORD_PREFIX}prewarm`, raw);
        const { redirects } = createWorld();
        const outcome = await settle(() => prewarm(redirects, { timeoutMs: 20 }));
        expect(outcome).toEqual({ ok: true, value: undefined });
      }),
      { numRuns: 20 },
    );
  });
});
