import { fragmentFreeUrl, invalid, timeoutMs } from '@site-identity/http/internal';
import { isRedirectsError, OAUTH_FLOW_TIMEOUT_MS, RedirectsError } from '@site-identity/redirects';
import type { MemberAuthRedirects } from './ports';
import { invalidArgument } from './member-auth-error';

/**
 * How `login`, `register`, `verifyEmail` and `verifyFactor` turn the session token of
 * a SUCCESS into member tokens:
 *
 * - `'frame'`: a hidden frame on the platform's hosted page (`redirects.silentLogin`);
 *   the page never leaves. Needs the platform's cookies in a frame of another site,
 *   which Safari, Firefox, Brave and Chrome's private windows block.
 * - `'redirect'`: a top-level navigation to the hosted authorize URL with the session
 *   token (`redirects.loginWithRedirect`); the callback page (`redirectUri`) finishes
 *   with `redirects.completeLogin()`. Works in every browser.
 * - `'auto'` (the default): the frame; when it answers that it cannot sign in
 *   (`login_required`, `interaction_required`, `consent_required`) or does not answer
 *   within `frameBudgetMs`, the redirect.
 *
 * @example
 * ```ts
 * import type { CompleteLoginStrategy } from '@site-identity/member-auth';
 *
 * const strategy: CompleteLoginStrategy = 'auto';
 * ```
 */
export type CompleteLoginStrategy = 'auto' | 'frame' | 'redirect';

/**
 * Which path turned the session token into member tokens: `'frame'` (the tokens are
 * stored) or `'redirect'` (the page is leaving for the hosted page; the callback page
 * stores them with `redirects.completeLogin()`).
 *
 * @example
 * ```ts
 * import type { CompletedBy } from '@site-identity/member-auth';
 *
 * const loggedInHere = (completedBy: CompletedBy | undefined) => completedBy === 'frame';
 * ```
 */
export type CompletedBy = 'frame' | 'redirect';

/**
 * The time the hidden frame gets to answer under `completeLogin: 'auto'` before the
 * redirect is used: 10 seconds.
 *
 * @example
 * ```ts
 * import { DEFAULT_FRAME_BUDGET_MS } from '@site-identity/member-auth';
 *
 * console.log(`The frame gets ${DEFAULT_FRAME_BUDGET_MS / 1000} s`);
 * ```
 */
export const DEFAULT_FRAME_BUDGET_MS = 10_000;

/**
 * Announces a login completion by redirect, just before the page leaves: save what
 * the app must find again on the callback page. If the listener throws, the page
 * stays and the call resolves with a FAILURE `LOGIN_NOT_COMPLETED` whose cause is what
 * it threw.
 *
 * @example
 * ```ts
 * import type { BeforeRedirectEvent } from '@site-identity/member-auth';
 *
 * const saveDraft = (event: BeforeRedirectEvent) =>
 *   sessionStorage.setItem('draft-before-login', event.reason);
 * ```
 */
export interface BeforeRedirectEvent {
  /** The hosted authorize URL the page is about to load. */
  readonly authUrl: string;
  /**
   * Why: `'strategy'` (`completeLogin: 'redirect'`), `'loginRequired'` (the frame
   * answered that it cannot sign in, typically because third-party cookies are
   * blocked) or `'frameTimedOut'` (the frame did not answer within `frameBudgetMs`, or its page loaded and stayed silent: `FRAME_NOT_ANSWERED`).
   */
  readonly reason: 'strategy' | 'loginRequired' | 'frameTimedOut';
  /** Where the callback page returns to (`completeLogin()` gives it back), if anywhere. */
  readonly originalUri: string | undefined;
}

/**
 * What the login calls take to choose and tune how a SUCCESS is completed.
 *
 * @example
 * ```ts
 * import type { LoginCompletionOptions } from '@site-identity/member-auth';
 *
 * const options: LoginCompletionOptions = { completeLogin: 'auto', frameBudgetMs: 5000 };
 * ```
 */
export interface LoginCompletionOptions {
  /**
   * How the session token of a SUCCESS becomes member tokens; see
   * {@link CompleteLoginStrategy}. Default `'auto'`; `true` means `'auto'`; with
   * `false` the app does it.
   */
  completeLogin?: CompleteLoginStrategy | boolean;
  /** Under `'auto'`: how long the frame may take before the redirect. Default: the client's, else 10000 ms. */
  frameBudgetMs?: number;
  /** The callback page of a redirect (where the app calls `redirects.completeLogin()`). Default: the client's. */
  redirectUri?: string;
  /** Where the callback page goes after a redirect, on the redirect URI's origin. Default: the page's address. */
  originalUri?: string;
}

/** What {@link createMemberAuth} takes for the completion of every login. */
export interface CompletionSettings {
  readonly redirectUri?: string | undefined;
  readonly frameBudgetMs?: number | undefined;
  readonly onBeforeRedirect?: ((event: BeforeRedirectEvent) => void) | undefined;
}

/** The parts of a member client that {@link completeWithSession} completes a login with. */
export interface CompletionContext {
  /** The client's redirects: its hidden frame (`silentLogin`) and its redirect (`loginWithRedirect`). */
  readonly redirects: MemberAuthRedirects;
  /** Told just before the page leaves for the hosted page; see {@link BeforeRedirectEvent}. */
  readonly onBeforeRedirect?: CompletionSettings['onBeforeRedirect'];
}

/** A checked completion: the strategy and what it needs. */
export interface CompletionPlan {
  readonly strategy: CompleteLoginStrategy;
  readonly frameBudgetMs: number;
  readonly redirectUri: string | undefined;
  readonly originalUri: string | undefined;
}

const STRATEGIES: readonly unknown[] = ['auto', 'frame', 'redirect', true, false];

/** The frame's answers after which a top-level redirect can still sign the member in. */
const FRAME_CANNOT_SIGN_IN: readonly unknown[] = [
  'login_required',
  'interaction_required',
  'consent_required',
];

/**
 * The completion a login call asked for, or `false` when the app completes it
 * itself. Throws `INVALID_ARGUMENT` for an option that is not acceptable, before any
 * request.
 */
export function completionPlan(
  params: LoginCompletionOptions,
  settings: CompletionSettings,
  location: { href: string } | undefined = globalThis.location,
): CompletionPlan | false {
  const { completeLogin = 'auto' } = params;
  if (!STRATEGIES.includes(completeLogin))
    throw invalid(
      {
        name: 'completeLogin',
        expected: "'auto', 'frame', 'redirect', true or false",
        value: completeLogin,
      },
      invalidArgument,
    );
  if (completeLogin === false) return false;
  const strategy = completeLogin === true ? 'auto' : completeLogin;
  const frameBudgetMs = timeoutMs(
    params.frameBudgetMs ?? settings.frameBudgetMs ?? DEFAULT_FRAME_BUDGET_MS,
    'frameBudgetMs',
    invalidArgument,
  );
  const redirectUri = params.redirectUri ?? settings.redirectUri;
  if (redirectUri !== undefined || strategy === 'redirect')
    fragmentFreeUrl(redirectUri, 'redirectUri', invalidArgument);
  const originalUri = params.originalUri ?? location?.href;
  if (originalUri !== undefined && typeof originalUri !== 'string')
    throw invalid(
      { name: 'originalUri', expected: 'a string', value: originalUri },
      invalidArgument,
    );
  return { strategy, frameBudgetMs, redirectUri, originalUri };
}

/** A login call that gives no completion option of its own: the settings decide. */
const SETTINGS_ALONE: LoginCompletionOptions = {};

/** No page to return to: the factory checks its settings before any call has one. */
const NO_PAGE = undefined;

/**
 * The factory's completion settings, checked once by the rules of a call's: an
 * `'auto'` call on the settings alone. Throws `INVALID_ARGUMENT` as a call would.
 */
export function checkCompletionSettings(settings: CompletionSettings): void {
  completionPlan(SETTINGS_ALONE, settings, NO_PAGE);
}

/** Whether a redirect can still do what the frame could not. */
const frameCannotSignIn = (error: unknown): error is RedirectsError =>
  isRedirectsError(error) &&
  (error.code === 'OAUTH_FLOW_TIMED_OUT' ||
    // A page that loaded and stayed silent: an origin the app does not allow, or a
    // browser that keeps the frame's cookies out; a top-level redirect may still work.
    error.code === 'FRAME_NOT_ANSWERED' ||
    (error.code === 'AUTHORIZATION_ERROR' &&
      FRAME_CANNOT_SIGN_IN.includes((error as { error?: unknown }).error)));

/**
 * Turns `sessionToken` into member tokens as `plan` says, within the OAuth flow's
 * time limit (120 s) as a whole, with the client's parts (`ctx`): the frame (whose
 * listener and element `silentLogin` always removes), then under `'auto'` the
 * redirect, announced to `onBeforeRedirect` just before the page leaves. A frame that answered is the only
 * code exchanged here; after a redirect the callback page exchanges its own code.
 * Rejects with what stopped it (the frame's error, or `OAUTH_FLOW_TIMED_OUT`).
 */
export async function completeWithSession(
  ctx: CompletionContext,
  sessionToken: string,
  plan: CompletionPlan,
): Promise<CompletedBy> {
  const { redirects, onBeforeRedirect } = ctx;
  const started = Date.now();
  const timedOut = () =>
    new RedirectsError('OAuth flow timed out', { code: 'OAUTH_FLOW_TIMED_OUT' });
  const left = () => OAUTH_FLOW_TIMEOUT_MS - (Date.now() - started);
  const { strategy, redirectUri, originalUri } = plan;
  let reason: BeforeRedirectEvent['reason'] = 'strategy';
  if (strategy !== 'redirect') {
    // Without a redirect to fall back on, the frame has the whole flow's time.
    const frameOnly = strategy === 'frame' || redirectUri === undefined;
    try {
      await redirects.silentLogin(sessionToken, {
        timeoutMs: frameOnly ? left() : Math.min(plan.frameBudgetMs, left()),
      });
      return 'frame';
    } catch (error) {
      if (frameOnly || !frameCannotSignIn(error)) throw error;
      if (left() <= 0) throw error.code === 'OAUTH_FLOW_TIMED_OUT' ? error : timedOut();
      reason = error.code === 'AUTHORIZATION_ERROR' ? 'loginRequired' : 'frameTimedOut';
    }
  }
  await redirects.loginWithRedirect({
    // Only here with a redirectUri: 'redirect' requires one, and 'auto' without one stays in the frame.
    redirectUri: redirectUri!,
    originalUri,
    prompt: 'none',
    sessionToken,
    beforeNavigate: (authUrl) => {
      if (left() <= 0) throw timedOut();
      onBeforeRedirect?.({ authUrl, reason, originalUri });
    },
  });
  return 'redirect';
}
