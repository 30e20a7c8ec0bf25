import type { LoginProblem } from '@site-identity/member-auth';
import type { OutcomeFact, OutcomeValue } from '../components/Outcome';

/** The fields the library's errors carry, read without trusting their presence. */
interface ErrorFields {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly grantType?: string;
  readonly error?: string;
  readonly errorDescription?: string;
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

function fieldsOf(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const raw = error as Error & Record<string, unknown>;
  const text = (key: string) => (typeof raw[key] === 'string' ? raw[key] : undefined);
  return {
    name: error.name,
    message: error.message,
    code: text('code'),
    status: typeof raw['status'] === 'number' ? raw['status'] : undefined,
    requestId: text('requestId'),
    grantType: text('grantType'),
    error: text('error'),
    errorDescription: text('errorDescription'),
    retryable: typeof raw['retryable'] === 'boolean' ? raw['retryable'] : undefined,
    cause: raw['cause'],
  };
}

/** The first request id and status along the cause chain (a member-auth error wraps the platform's). */
function deepest(fields: ErrorFields): { status?: number; requestId?: string } {
  let status = fields.status;
  let requestId = fields.requestId;
  let cause = fields.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const inner = fieldsOf(cause);
    status ??= inner.status;
    requestId ??= inner.requestId;
    cause = inner.cause;
  }
  return { status, requestId };
}

/** What went wrong, in a sentence a person understands, from the error's code and status. */
function sentence(fields: ErrorFields, status: number | undefined): string {
  switch (fields.code) {
    case 'NETWORK_ERROR':
      return 'The platform could not be reached: the connection failed.';
    case 'TIMEOUT':
      return 'The platform did not answer in time.';
    case 'RATE_LIMITED':
    case 'TOO_MANY_REQUESTS':
      return 'The platform asks to slow down (429 Too Many Requests).';
    case 'SERVER_ERROR':
      return `The platform is unavailable (${status ?? '5xx'}).`;
    case 'INVALID_RESPONSE':
      return 'The platform answered something that is not the JSON expected (an HTML page, an empty or cut-off body, or the wrong fields).';
    case 'INVALID_GRANT':
      return 'The platform no longer accepts this refresh token.';
    case 'AUTHORIZATION_ERROR':
      return fields.error === 'access_denied'
        ? 'You cancelled on the hosted login page.'
        : `The hosted login page answered with an error (${fields.error ?? 'unknown'}).`;
    case 'INVALID_STATE':
    case 'MISSING_CODE_OR_STATE':
      return 'This address holds no login answer this browser started (it may have been used already).';
    case 'OAUTH_FLOW_TIMED_OUT':
      return 'The hidden frame did not answer in time.';
    case 'POPUP_BLOCKED':
      return 'The browser blocked the popup window. Allow popups for this site, or log in through the redirect.';
    case 'POPUP_CLOSED':
      return 'The popup window was closed before the login finished. Nothing changed.';
    case 'NOT_LOGGED_IN':
      return 'Log in first: only a member can do this.';
    default:
      return fields.message.endsWith('.') ? fields.message : `${fields.message}.`;
  }
}

function factsOf(fields: ErrorFields, status?: number, requestId?: string): OutcomeFact[] {
  const facts: OutcomeFact[] = [
    ['error', `${fields.name}${fields.code ? ` (${fields.code})` : ''}`],
  ];
  if (status !== undefined) facts.push(['status', String(status)]);
  if (fields.grantType) facts.push(['grant', fields.grantType]);
  if (requestId) facts.push(['request id', requestId]);
  facts.push(['message', fields.message]);
  if (fields.cause instanceof Error)
    facts.push(['cause', `${fields.cause.name}: ${fields.cause.message}`]);
  return facts;
}

/**
 * Any thrown error as an outcome: a sentence first, with the code, status, request id
 * and cause behind the details toggle. `after` is appended to the sentence (what the
 * failure means for the session, for instance).
 */
export function explainError(error: unknown, after?: string): OutcomeValue {
  const fields = fieldsOf(error);
  const { status, requestId } = deepest(fields);
  const transient = fields.retryable === true;
  const tail = after ?? (transient ? 'Nothing changed; try again.' : undefined);
  return {
    tone:
      fields.code === 'POPUP_CLOSED' ||
      (fields.code === 'AUTHORIZATION_ERROR' && fields.error === 'access_denied')
        ? 'warn'
        : 'bad',
    message: tail ? `${sentence(fields, status)} ${tail}` : sentence(fields, status),
    facts: factsOf(fields, status, requestId),
  };
}

/**
 * A login result that did not log the member in, through the same component as a
 * thrown error: its message for people, then `loginState`, `errorCode` and the cause.
 */
export function explainLoginProblem(result: LoginProblem, hint?: string): OutcomeValue {
  const cause = fieldsOf(result.cause);
  const { status, requestId } = deepest(cause);
  const text = result.error.endsWith('.') ? result.error : `${result.error}.`;
  const facts: OutcomeFact[] = [
    ['loginState', result.loginState],
    ['errorCode', String(result.errorCode)],
  ];
  if (result.serverState) facts.push(['platform state', result.serverState]);
  if (status !== undefined) facts.push(['status', String(status)]);
  if (requestId) facts.push(['request id', requestId]);
  if (cause.cause instanceof Error)
    facts.push(['cause', `${cause.cause.name}: ${cause.cause.message}`]);
  return {
    tone: result.loginState === 'FAILURE' ? 'bad' : 'warn',
    message: `${result.loginState === 'FAILURE' ? 'FAILURE' : result.loginState}: ${text}`,
    detail: hint,
    facts,
  };
}
