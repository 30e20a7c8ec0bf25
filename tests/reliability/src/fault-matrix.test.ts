// @vitest-environment happy-dom
// Every public call that talks to the platform, crossed with every fault the
// emulated platform can inject. Each cell: a typed error (or a FAILURE LoginResult
// whose cause is typed), the request id of the answer when there was one, a
// retryable error for a transient fault, no unhandled rejection, and the stored
// tokens exactly as they were (none of these faults rejects the tokens themselves).
import { isMemberAuthError } from '@site-identity/member-auth';
import type { FaultSpec } from '@site-identity/mock-platform';
import { createAuthFlowData } from '@site-identity/pkce';
import { isRedirectsError } from '@site-identity/redirects';
import { createRedirectSession } from '@site-identity/redirects/redirect-session';
import { createTokenEndpoint } from '@site-identity/tokens';
import { describe, expect, test } from 'vitest';
import {
  CLIENT_ID,
  MEMBER,
  MFA_MEMBER,
  PAGE_ORIGIN,
  REDIRECT_URI,
  TOKEN_KEY,
  isLoginResult,
  isTypedError,
  requestIdIn,
  retryableIn,
  settle,
  storageContents,
  usePlatform,
  type World,
} from './harness';
import { collectError } from './leak-watch';
import { unhandledRejections } from './setup';

const {
  platform,
  answersTo,
  createWorld,
  issueTokens,
  memberIdOf,
  sessionTokenOf,
  submitHostedLogin,
  hostedLogin,
} = usePlatform();

interface Fault {
  readonly name: string;
  readonly spec: Omit<FaultSpec, 'path'>;
  /** The platform answered (with a request id). */
  readonly answered: boolean;
  /** The same call may succeed later: the error must say so (`retryable`). */
  readonly transient: boolean;
}

const FAULTS: readonly Fault[] = [
  { name: 'network failure', spec: { kind: 'network' }, answered: false, transient: true },
  { name: 'time-out', spec: { kind: 'timeout' }, answered: false, transient: true },
  { name: '500', spec: { kind: 'status', status: 500 }, answered: true, transient: false },
  { name: '502', spec: { kind: 'status', status: 502 }, answered: true, transient: true },
  { name: '503', spec: { kind: 'status', status: 503 }, answered: true, transient: true },
  {
    name: '429 with Retry-After',
    spec: { kind: 'status', status: 429, retryAfterSeconds: 1 },
    answered: true,
    transient: true,
  },
  { name: 'HTML page (502)', spec: { kind: 'html' }, answered: true, transient: true },
  { name: 'empty body (200)', spec: { kind: 'empty' }, answered: true, transient: false },
  { name: 'truncated JSON', spec: { kind: 'truncated' }, answered: true, transient: false },
  {
    name: 'JSON of the wrong shape (200)',
    spec: { kind: 'wrong-shape' },
    answered: true,
    transient: false,
  },
];

const AUTH = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery';
const VERIFICATION = '/_api/iam/verification';
const REDIRECT_SESSION = '/_api/redirects-api/v1/redirect-session';
const TOKEN = '/oauth2/token';

/**
 * How a call reports its outcome:
 * - `login-result`: resolves with a `LoginResult` for everything, FAILURE here;
 * - `rejects`: rejects with a typed error;
 * - `void`: rejects with a typed error, except that a 2xx JSON answer it has no
 *   reason to read (wrong shape) is a success.
 */
type Answering = 'login-result' | 'rejects' | 'void';

interface Call {
  readonly name: string;
  /** Where the fault is injected: the path of the call's own request. */
  readonly path: string;
  readonly answering: Answering;
  /** Prepares the world (before the fault is armed) and returns the call. */
  arrange(world: World): Promise<() => Promise<unknown>>;
}

/** Stores valid visitor tokens, so the call needs no token request of its own. */
async function withVisitor(world: World): Promise<void> {
  await world.tokens.setTokens(issueTokens('visitor'));
}

const endpoint = () => createTokenEndpoint({ clientId: CLIENT_ID });

const CALLS: readonly Call[] = [
  {
    name: 'token grant anonymous (createTokenEndpoint)',
    path: TOKEN,
    answering: 'rejects',
    arrange: async () => () => endpoint().anonymous(),
  },
  {
    name: 'token grant refresh_token (createTokenEndpoint)',
    path: TOKEN,
    answering: 'rejects',
    arrange: async () => {
      const { refreshToken } = issueTokens('member');
      return () => endpoint().refresh(refreshToken);
    },
  },
  {
    name: 'token grant authorization_code (createTokenEndpoint)',
    path: TOKEN,
    answering: 'rejects',
    arrange: async (world) => {
      await withVisitor(world);
      const flow = await createAuthFlowData({ redirectUri: REDIRECT_URI });
      const { authUrl } = await world.redirects.getAuthUrl(flow);
      const code =
        new URLSearchParams(new URL(await submitHostedLogin(authUrl)).hash.slice(1)).get('code') ??
        '';
      return () =>
        endpoint().exchangeCode({
          code,
          codeVerifier: flow.codeVerifier,
          redirectUri: REDIRECT_URI,
        });
    },
  },
  {
    name: 'token grant authorized_client (createTokenEndpoint)',
    path: TOKEN,
    answering: 'rejects',
    arrange: async () => {
      const visitor = issueTokens('visitor');
      const memberId = memberIdOf(MEMBER.email);
      return () =>
        endpoint().authorizedClient({
          memberId,
          accessToken: visitor.accessToken.value,
          secondToken: 'second-token-of-the-app',
        });
    },
  },
  {
    name: 'token manager getTokens() of a member (refresh_token)',
    path: TOKEN,
    answering: 'rejects',
    arrange: async (world) => {
      await world.tokens.setTokens(issueTokens('member', { expired: true }));
      return () => world.tokens.getTokens();
    },
  },
  {
    name: 'register',
    path: `${AUTH}/v2/register`,
    answering: 'login-result',
    arrange: async (world) => {
      await withVisitor(world);
      return () =>
        world.auth.register({ email: 'new.member@example.com', password: 'a brand new password' });
    },
  },
  {
    name: 'login',
    path: `${AUTH}/v2/login`,
    answering: 'login-result',
    arrange: async (world) => {
      await withVisitor(world);
      return () => world.auth.login(MEMBER);
    },
  },
  {
    name: 'verifyEmail',
    path: `${VERIFICATION}/v1/auth/verify`,
    answering: 'login-result',
    arrange: async (world) => {
      await withVisitor(world);
      const code = await pendingVerification(world);
      return () => world.auth.verifyEmail({ code });
    },
  },
  {
    name: 'resendVerificationCode',
    path: `${VERIFICATION}/v1/auth/resend`,
    answering: 'void',
    arrange: async (world) => {
      await withVisitor(world);
      await pendingVerification(world);
      return () => world.auth.resendVerificationCode();
    },
  },
  {
    name: 'sendPasswordResetEmail',
    path: `${RECOVERY}/v1/send-email`,
    answering: 'void',
    arrange: async (world) => {
      await withVisitor(world);
      return () =>
        world.auth.sendPasswordResetEmail(MEMBER.email, { redirectUri: `${PAGE_ORIGIN}/reset` });
    },
  },
  {
    name: 'resetPassword',
    path: `${RECOVERY}/v1/recover`,
    answering: 'void',
    arrange: async (world) => {
      await withVisitor(world);
      await world.auth.sendPasswordResetEmail(MEMBER.email, {
        redirectUri: `${PAGE_ORIGIN}/reset`,
      });
      const link = platform.state.lastEmail({ to: MEMBER.email, kind: 'recovery' })?.link ?? '';
      const recoveryToken = new URL(link).searchParams.get('recoveryToken') ?? '';
      return () => world.auth.resetPassword(recoveryToken, 'a fresh password now');
    },
  },
  {
    name: 'changePassword',
    path: `${AUTH}/v2/change-password`,
    answering: 'void',
    arrange: async (world) => {
      await world.tokens.setTokens(issueTokens('member'));
      return () => world.auth.changePassword('another new password');
    },
  },
  {
    name: 'verifyFactor',
    path: `${AUTH}/v2/totp/verify`,
    answering: 'login-result',
    arrange: async (world) => {
      await withVisitor(world);
      const mfa = await world.auth.login(MFA_MEMBER);
      const stateToken = mfa.data.stateToken ?? '';
      expect(stateToken).not.toBe('');
      return () => world.auth.verifyFactor('TOTP', { stateToken, code: MFA_MEMBER.mfa.totpCode });
    },
  },
  {
    name: 'createRedirectSession',
    path: REDIRECT_SESSION,
    answering: 'rejects',
    arrange: async (world) => {
      await withVisitor(world);
      return () =>
        createRedirectSession(world.redirects, {
          ecomCheckout: { checkoutId: 'checkout-1' },
          callbacks: { postFlowUrl: PAGE_ORIGIN },
        });
    },
  },
  {
    name: 'silentLogin (its redirect-session step; happy-dom loads no hosted page)',
    path: REDIRECT_SESSION,
    answering: 'rejects',
    arrange: async (world) => {
      await withVisitor(world);
      const sessionToken = sessionTokenOf();
      return () => world.redirects.silentLogin(sessionToken, { timeoutMs: 200 });
    },
  },
  {
    name: 'completeLogin (its code exchange)',
    path: TOKEN,
    answering: 'rejects',
    arrange: async (world) => {
      const callbackUrl = await hostedLogin(world);
      history.replaceState(null, '', callbackUrl);
      return () => world.redirects.completeLogin();
    },
  },
];

/** Registers a member on a site that requires e-mail verification; resolves with the e-mailed code. */
async function pendingVerification(world: World): Promise<string> {
  platform.state.settings.requireEmailVerification = true;
  const email = 'to.verify@example.com';
  const result = await world.auth.register({ email, password: 'verify me please' });
  expect(result.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
  return platform.state.lastEmail({ to: email, kind: 'verification' })?.code ?? '';
}

/** The codes and kinds on `error` and its causes, upper-cased (a LoginResult's catalogue name `invalidEmail` → `INVALID_EMAIL`). */
function codesIn(error: unknown, depth = 0): string[] {
  if (depth > 6 || typeof error !== 'object' || error === null) return [];
  const { code, kind, cause } = error as { code?: unknown; kind?: unknown; cause?: unknown };
  const own = [
    code,
    kind === 'network' ? 'NETWORK_ERROR' : kind === 'timeout' ? 'TIMEOUT' : undefined,
  ]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase());
  return [...own, ...codesIn(cause, depth + 1)];
}

const CELLS = CALLS.flatMap((call) =>
  FAULTS.map((fault) => [`${call.name} × ${fault.name}`, call, fault] as const),
);

describe(`fault matrix (${CALLS.length} calls × ${FAULTS.length} faults = ${CELLS.length} cells)`, () => {
  test.each(CELLS)('%s', async (_name, call, fault) => {
    const world = createWorld();
    const act = await call.arrange(world);
    const tokensBefore = localStorage.getItem(TOKEN_KEY);
    const snapshotBefore = world.tokens.getSnapshot().tokens;
    const answersBefore = answersTo(call.path).length;

    platform.faults.inject({ path: call.path, ...fault.spec });
    const outcome = await settle(act, fault.spec.kind === 'timeout');

    // The fault hit the call's own request.
    expect(platform.faults.pending).toEqual([]);
    const answer = answersTo(call.path).slice(answersBefore).at(-1);
    const sentRequestId = fault.answered ? answer?.requestId : undefined;
    if (fault.answered)
      expect(sentRequestId, 'the platform sent a request id').toEqual(expect.any(String));

    let reported: unknown;
    if (call.answering === 'login-result') {
      expect(outcome.ok, 'login results never reject').toBe(true);
      const result = outcome.ok ? outcome.value : undefined;
      expect(isLoginResult(result)).toBe(true);
      if (!isLoginResult(result)) return;
      expect(result.loginState).toBe('FAILURE');
      expect(isMemberAuthError(result.cause)).toBe(true);
      reported = result.cause;
    } else if (call.answering === 'void' && fault.spec.kind === 'wrong-shape') {
      expect(outcome).toEqual({ ok: true, value: undefined });
    } else {
      expect(outcome.ok, 'the call rejects').toBe(false);
      reported = outcome.ok ? undefined : outcome.error;
      expect(isTypedError(reported), `a typed error, not ${String(reported)}`).toBe(true);
    }

    if (reported !== undefined) {
      if (sentRequestId)
        expect(requestIdIn(reported), 'the request id of the answer').toBe(sentRequestId);
      if (fault.transient)
        expect(retryableIn(reported), 'a transient fault is retryable').toBe(true);
      const said = codesIn(reported);
      if (fault.spec.kind === 'network')
        expect(said, 'a network failure says so').toContain('NETWORK_ERROR');
      if (fault.spec.kind === 'timeout') expect(said, 'a time-out says so').toContain('TIMEOUT');
      if (fault.answered)
        expect(said, 'an answer is not reported as no answer').not.toContain('NETWORK_ERROR');
    }

    // No unhandled rejection, and the stored tokens are untouched.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandledRejections()).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(tokensBefore);
    expect(world.tokens.getSnapshot().tokens).toEqual(snapshotBefore);
  });
});

describe('silentLogin hidden-frame time-out (happy-dom runs no hosted page, so the frame never answers)', () => {
  test('rejects with OAUTH_FLOW_TIMED_OUT after timeoutMs, removes the frame and its listener, keeps the stored tokens', async () => {
    const world = createWorld();
    await withVisitor(world);
    const tokensBefore = localStorage.getItem(TOKEN_KEY);
    const sessionToken = sessionTokenOf();
    const removed: string[] = [];
    const removeEventListener = window.removeEventListener.bind(window);
    window.removeEventListener = ((
      type: string,
      listener: EventListener,
      options?: boolean | EventListenerOptions,
    ) => {
      removed.push(type);
      removeEventListener(type, listener, options);
    }) as typeof window.removeEventListener;

    try {
      const outcome = await settle(
        () => world.redirects.silentLogin(sessionToken, { timeoutMs: 5_000 }),
        true,
      );

      expect(outcome.ok).toBe(false);
      const error = outcome.ok ? undefined : outcome.error;
      expect(isRedirectsError(error) && error.code).toBe('OAUTH_FLOW_TIMED_OUT');
      // happy-dom never runs the hosted page: the wait ends after 2 s and says what a test passes.
      expect((error as Error).message).toBe(
        'OAuth flow timed out: HappyDOM does not run the hosted page in a hidden frame; in tests, pass createRedirects({ window: createTestBrowser(platform).window }) or call installTestBrowser(platform), from @site-identity/mock-platform/testing',
      );
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
      expect(removed).toContain('message');
      expect(answersTo(TOKEN).filter((answer) => answer.method === 'POST')).toEqual([]);
      expect(localStorage.getItem(TOKEN_KEY)).toBe(tokensBefore);
      collectError(error);
    } finally {
      window.removeEventListener = removeEventListener;
    }
  });
});

describe('a fault of the flow record does not survive it', () => {
  test.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    'loginWithRedirect × %s at its redirect session: typed error, no flow record left, no navigation',
    async (_name, fault) => {
      const world = createWorld();
      await withVisitor(world);
      const before = storageContents();
      platform.faults.inject({ path: REDIRECT_SESSION, ...fault.spec });

      const outcome = await settle(
        () => world.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI }),
        fault.spec.kind === 'timeout',
      );

      expect(outcome.ok).toBe(false);
      expect(isTypedError(outcome.ok ? undefined : outcome.error)).toBe(true);
      expect(world.navigations).toEqual([]);
      expect(storageContents()).toEqual(before);
    },
  );
});
