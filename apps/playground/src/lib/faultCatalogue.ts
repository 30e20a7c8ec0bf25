import type { FaultKind, MockFault } from './mockControl';

/**
 * Every fault kind of the mock platform, in words. Typed as a record of
 * `FaultKind`, so a kind the mock platform adds fails the typecheck until the
 * fault panel offers it.
 */
export const FAULT_KINDS: Readonly<Record<FaultKind, { label: string; hint: string }>> = {
  network: {
    label: 'Network failure',
    hint: 'The connection drops before an answer: status 0, NETWORK_ERROR.',
  },
  timeout: {
    label: 'Time-out',
    hint: 'No answer at all until the client gives up (TIMEOUT); removing the fault releases it.',
  },
  status: {
    label: 'Error status',
    hint: "An error status with the platform's error body: 503, 500, 429 (with Retry-After) or 401.",
  },
  html: {
    label: 'HTML error page',
    hint: 'A 502 with an HTML page instead of JSON (a proxy in the way).',
  },
  empty: { label: 'Empty body', hint: 'A 200 with no body at all.' },
  truncated: {
    label: 'Cut-off answer',
    hint: 'The request is processed, then its JSON answer is cut in half.',
  },
  'wrong-shape': {
    label: 'Wrong shape',
    hint: 'A 200 with JSON of the wrong shape; the request is not processed.',
  },
  latency: {
    label: 'Slow answer',
    hint: 'Waits, then answers normally (before processing, or after it with "answer phase").',
  },
  lost: {
    label: 'Lost answer',
    hint: 'Processed (a refresh really rotates), then the answer is lost like a dropped connection.',
  },
};

/** The platform endpoints a fault can target: a path prefix, or every platform call. */
export const FAULT_ENDPOINTS = [
  { path: '', label: 'every platform call' },
  { path: '/oauth2/token', label: 'token endpoint (/oauth2/token)' },
  { path: '/_api/iam/authentication/v2/login', label: 'login (/v2/login)' },
  { path: '/_api/iam/authentication/v2/register', label: 'register (/v2/register)' },
  { path: '/_api/iam/authentication', label: 'authentication (all)' },
  { path: '/_api/iam/verification', label: 'e-mail verification' },
  { path: '/_api/iam/recovery', label: 'password recovery and activation' },
  { path: '/_api/redirects-api', label: 'redirect sessions' },
  { path: '/_hosted/', label: 'hosted pages and hidden frames' },
] as const;

/** A fault in one line, as the armed list shows it. */
export function describeFault(fault: MockFault): string {
  const kind = FAULT_KINDS[fault.kind]?.label ?? fault.kind;
  const what =
    fault.kind === 'status' || fault.kind === 'html'
      ? `${kind} ${fault.status ?? (fault.kind === 'html' ? 502 : 503)}${fault.retryAfterSeconds !== undefined ? ` (Retry-After ${fault.retryAfterSeconds} s)` : ''}`
      : fault.kind === 'latency' || fault.kind === 'lost'
        ? `${kind}, ${((fault.latencyMs ?? (fault.kind === 'latency' ? 1000 : 0)) / 1000).toFixed(1)} s${fault.latencyPhase === 'response' ? ' after processing' : ''}`
        : kind;
  const where = FAULT_ENDPOINTS.find((endpoint) => endpoint.path === (fault.path ?? ''));
  const times =
    fault.times === null || fault.times === 'Infinity' || fault.times === undefined
      ? 'every time'
      : fault.times === 1
        ? 'once'
        : `${fault.times} more times`;
  return `${what} on ${where?.label ?? fault.path ?? 'every platform call'}, ${times}`;
}
