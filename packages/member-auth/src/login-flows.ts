import { isRecord, signalOf, tellEach } from '@site-identity/http/internal';
import type { CallSignal } from './call-signal';
import { isSiteIdentityError, type HttpResponse, type RequestDetail } from '@site-identity/http';
import {
  toWireCaptchaTokens,
  type CaptchaTokens,
  type MemberAuthCaptcha,
  type WireCaptchaToken,
} from './captcha-tokens';
import { catalogueError, type CatalogueCall } from './error-catalogue';
import { configurationRefusal, refusalMessage } from './configuration-refusal';
import { factorRequest } from './factor-verification';
import type { IdentityProfile } from './identity';
import { checkCredentials, isFilled, noPendingVerification } from './input-checks';
import { loginProblem, type LoginProblemExtras } from './login-problem';
import {
  completeWithSession,
  completionPlan,
  type CompletionPlan,
  type CompletionSettings,
  type LoginCompletionOptions,
} from './login-completion';
import type { LoginProblem, LoginResult } from './login-result';
import { toLoginResult } from './login-state';
import { MemberAuthError, invalidArgument } from './member-auth-error';
import type { CallOptions, PlatformCalls } from './platform-calls';
import type { MemberAuthRedirects } from './ports';
import type { RefusalListener } from './refusal-listeners';
import type { VerificationStore } from './verification-store';

/**
 * What `login` takes.
 *
 * @example
 * ```ts
 * import type { LoginParams } from '@site-identity/member-auth';
 *
 * const params: LoginParams = { email: 'ada@example.com', password: 'correct horse' };
 * ```
 */
export interface LoginParams extends LoginCompletionOptions, CallSignal {
  email: string;
  password: string;
  /** reCAPTCHA tokens the app already has. */
  captchaTokens?: CaptchaTokens;
  /** Sent as `clientMetaData`. */
  clientMetaData?: Record<string, string>;
}

/**
 * What `register` takes.
 *
 * @example
 * ```ts
 * import type { RegisterParams } from '@site-identity/member-auth';
 *
 * const params: RegisterParams = {
 *   email: 'ada@example.com',
 *   password: 'correct horse',
 *   profile: { firstName: 'Ada', nickname: 'ada' },
 * };
 * ```
 */
export interface RegisterParams extends LoginParams {
  profile?: IdentityProfile;
}

/**
 * What `verifyEmail` takes.
 *
 * @example
 * ```ts
 * import type { VerifyEmailParams } from '@site-identity/member-auth';
 *
 * const params: VerifyEmailParams = { code: '123456' };
 * ```
 */
export interface VerifyEmailParams extends LoginCompletionOptions, CallSignal {
  /** The code the member received by e-mail. */
  code: string;
  /**
   * The flow's state token. Optional: the stored flow is used. When given, it must
   * be the stored flow's token, or the call fails with `NO_PENDING_VERIFICATION`.
   */
  stateToken?: string;
}

/** What the login flows share with the factory: its parts and its checked completion settings. */
export interface FlowContext extends CompletionSettings, PlatformCalls {
  readonly clientId: string;
  readonly redirects: MemberAuthRedirects;
  readonly captcha?: MemberAuthCaptcha | undefined;
  readonly store: VerificationStore;
  /** Told each refusal a call answers with `SITE_MISCONFIGURED`. */
  readonly refusalListeners: ReadonlySet<RefusalListener>;
}

type Params = Partial<LoginParams & RegisterParams>;

/** What a captcha result's error says to the developer when the client has no captcha. */
const NO_CAPTCHA =
  'this member client has no captcha: pass createMemberAuth({ captcha: createCaptcha({ provider }) }) with createCaptcha from @site-identity/member-auth/captcha, or call again with captchaTokens';

/**
 * A captcha result of a client without a captcha, its `cause` naming the separate
 * import (the member's `error` stays as the platform put it); any other result as it is.
 */
function withCaptchaImport(ctx: FlowContext, result: LoginProblem): LoginProblem {
  if (ctx.captcha || result.loginState === 'FAILURE') return result;
  const { code, requestId, cause } = result.cause;
  const error = new MemberAuthError(`${result.cause.message}: ${NO_CAPTCHA}`, {
    code,
    requestId,
    cause,
  });
  return { ...result, cause: error };
}

/**
 * `SITE_MISCONFIGURED` when `error` is a refusal caused by the app's configuration
 * (never the member's mistake): the member's text says logging in is not possible
 * now, the cause's message names what was refused, the value sent and the setting to
 * change; the refusal and the `call` refused are told to the client's refusal
 * listeners. Else `undefined`.
 */
function misconfigured(
  ctx: FlowContext,
  error: unknown,
  { call, ...extras }: Pick<LoginProblemExtras, 'data' | 'identity'> & { call: CatalogueCall },
): LoginProblem | undefined {
  const refusal = configurationRefusal(error, ctx);
  if (refusal === undefined) return undefined;
  // Told after the call's result, each listener on its own microtask.
  tellEach(ctx.refusalListeners, { ...refusal, call });
  const { requestId, detail } = refusal.error as { requestId?: string; detail?: RequestDetail };
  return loginProblem('SITE_MISCONFIGURED', refusalMessage(refusal), {
    ...extras,
    cause: refusal.error,
    requestId,
    detail,
  });
}

/** A login call's request, its input checked: sends it with the call's options (its `signal`). */
type Sending = (options: CallOptions) => Promise<HttpResponse>;

/** One login call, as {@link loginFlow} runs it. */
interface LoginCall {
  /** Which call it is, for the error catalogue and the refusal listeners. */
  readonly call: CatalogueCall;
  /** What the app passed, unchecked: read as the params when it is an object. */
  readonly input: unknown;
  /** Checks the call's own input (throwing before any request) and gives its request. */
  readonly prepare: (params: Params) => Sending;
}

/**
 * Runs one login call and resolves for every outcome: `prepare` checks the call's own
 * input and gives its request; then the completion options and the signal are checked,
 * the request sent, the answer or the error mapped, the verification flow remembered
 * and a SUCCESS completed.
 */
async function loginFlow(
  ctx: FlowContext,
  { call, input, prepare }: LoginCall,
): Promise<LoginResult> {
  let result: LoginResult;
  let plan: CompletionPlan | false;
  try {
    const params: Params = isRecord(input) ? input : {};
    const sending = prepare(params);
    plan = completionPlan(params, ctx);
    const { data, requestId } = await sending({ signal: signalOf(params, invalidArgument) });
    result = toLoginResult(data, requestId);
  } catch (error) {
    return (
      misconfigured(ctx, error, { call }) ?? withCaptchaImport(ctx, catalogueError(call, error))
    );
  }
  // The verification flow: stored while the code is awaited, kept after a FAILURE (the
  // member may try again), over after any other answer (SUCCESS, OWNER_APPROVAL_REQUIRED).
  if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') ctx.store.write(result.data.stateToken);
  else if (result.loginState !== 'FAILURE') ctx.store.clear();
  if (result.loginState !== 'SUCCESS' || plan === false) return result;
  const { sessionToken } = result.data;
  try {
    const completedBy = await completeWithSession(ctx, sessionToken, plan);
    return { ...result, completedBy };
  } catch (cause) {
    const refused = misconfigured(ctx, cause, {
      call,
      data: { sessionToken },
      identity: result.identity,
    });
    if (refused) return refused;
    return loginProblem(
      'LOGIN_NOT_COMPLETED',
      // The library's own errors never hold a token: their words say what to do.
      `Logged in, but member tokens could not be obtained${isSiteIdentityError(cause) ? `: ${cause.message}` : ''}`,
      {
        cause,
        data: { sessionToken },
        identity: result.identity,
      },
    );
  }
}

/**
 * Throws `INVALID_ARGUMENT` naming the call's shape when it was not given one object with
 * `email` (`login('a@b.co', 'pw')`, `login({ username })`): what it takes and what came,
 * by kind and field names only (never a value: it may be the password). It says
 * "no email" only when the object has none, and counts the arguments past the first.
 */
function callShape(call: string, input: unknown, more: number): void {
  const fields = isRecord(input) ? Object.keys(input) : [];
  const hasEmail = fields.includes('email');
  if (more === 0 && hasEmail) return;
  const came = [describeInput(input, fields)];
  if (isRecord(input) && fields.length > 0 && !hasEmail) came.push('no email');
  if (more > 0) came.push(`${more} more argument${more > 1 ? 's' : ''}`);
  throw invalidArgument(
    `${call} takes one object, ${call}({ email, password }); got ${came.join(' and ')}`,
  );
}

/** The first argument by kind and field names, never by value. */
function describeInput(input: unknown, fields: readonly string[]): string {
  if (isRecord(input)) {
    return fields.length > 0 ? `an object with ${fields.join(', ')}` : 'an empty object';
  }
  if (input === null || input === undefined) return String(input);
  return Array.isArray(input) ? 'an array' : `a ${typeof input}`;
}

/** A `register` or `login` call as the app made it. */
export interface CredentialsCall {
  /** Which of the two it is. */
  readonly call: 'register' | 'login';
  /** The first argument, unchecked. */
  readonly input: unknown;
  /** How many arguments came after it (none is right), for the call-shape message. */
  readonly more: number;
}

/** Register or log in: checks the input, sends with captcha handling, maps the answer. */
export function credentialsFlow(
  ctx: FlowContext,
  { call, input, more }: CredentialsCall,
): Promise<LoginResult> {
  return loginFlow(ctx, {
    call,
    input,
    prepare: (params) => {
      const { email, password } = params;
      callShape(call, input, more);
      checkCredentials(email, password);
      return (options) => {
        ctx.store.clear();
        const attempt = (captchaTokens: WireCaptchaToken[]): Promise<HttpResponse> =>
          ctx.request(
            `/authentication/v2/${call}`,
            {
              loginId: { email },
              password,
              ...(call === 'register' && { profile: params.profile ?? {} }),
              captchaTokens,
              ...(params.clientMetaData && { clientMetaData: params.clientMetaData }),
            },
            options,
          );
        const { captcha } = ctx;
        return captcha
          ? captcha.send(attempt, params.captchaTokens)
          : attempt(toWireCaptchaTokens(params.captchaTokens));
      };
    },
  });
}

/** `verifyEmail`: only while an e-mail verification flow is stored. */
export function verifyEmailFlow(ctx: FlowContext, input: unknown): Promise<LoginResult> {
  return loginFlow(ctx, {
    call: 'verify',
    input,
    prepare: (params: Partial<VerifyEmailParams>) => {
      const { code, stateToken } = params;
      const flow = ctx.store.read();
      if (!flow || (stateToken !== undefined && stateToken !== flow.stateToken)) {
        throw noPendingVerification();
      }
      if (!isFilled(code)) throw invalidArgument('Enter the verification code');
      return (options) =>
        ctx.request('/verification/v1/auth/verify', { code, stateToken: flow.stateToken }, options);
    },
  });
}

/** `verifyFactor`: one factor of a `REQUIRE_MFA` answer, checked before any request. */
export function verifyFactorFlow(
  ctx: FlowContext,
  factorType: unknown,
  input: unknown,
): Promise<LoginResult> {
  return loginFlow(ctx, {
    call: 'verify',
    input,
    prepare: () => {
      const { path, body } = factorRequest(factorType, input);
      return (options) => ctx.request(`/authentication${path}`, body, options);
    },
  });
}
