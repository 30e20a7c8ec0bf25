import { MockPlatformError } from './mock-platform-error';

/**
 * What an injected fault does to a request.
 *
 * @example
 * ```ts
 * import type { FaultKind, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const kind: FaultKind = 'network';
 * platform.faults.inject({ kind });
 * ```
 */
export type FaultKind =
  | 'network'
  | 'timeout'
  | 'status'
  | 'html'
  | 'empty'
  | 'truncated'
  | 'wrong-shape'
  | 'latency'
  | 'lost';

/**
 * When a 'latency' fault waits: `'request'` (the default) before the request is
 * processed, as a slow upload or a slow server; `'response'` after it is processed, as
 * a slow answer (a refresh grant has already rotated while the client still waits).
 *
 * @example
 * ```ts
 * import type { LatencyPhase, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const phase: LatencyPhase = 'response';
 * platform.faults.inject({ path: '/oauth2/token', kind: 'latency', latencyMs: 6000, latencyPhase: phase });
 * ```
 */
export type LatencyPhase = 'request' | 'response';

/**
 * A fault to inject with `platform.faults.inject()`.
 *
 * @example
 * ```ts
 * import type { FaultSpec, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const fault: FaultSpec = { path: /^\/_api\/iam\//, kind: 'status', status: 429, retryAfterSeconds: 2, times: Infinity };
 * platform.faults.inject(fault);
 * ```
 */
export interface FaultSpec {
  /** Which requests: a path prefix (`'/oauth2/token'`), a full URL prefix, or a RegExp tested on the path. Default: all. */
  readonly path?: string | RegExp;
  /** How many matching requests it hits. Default 1; `Infinity` for every one. */
  readonly times?: number;
  readonly kind: FaultKind;
  /** Status of a 'status' (default 503), 'html' (default 502) fault. */
  readonly status?: number;
  /** Adds `Retry-After` to a 'status' or 'html' fault. */
  readonly retryAfterSeconds?: number;
  /** Delay of a 'latency' fault (default 1000), or of a 'lost' fault before it fails (default 0), ms. */
  readonly latencyMs?: number;
  /** When a 'latency' fault waits; see {@link LatencyPhase}. Default 'request'. */
  readonly latencyPhase?: LatencyPhase;
}

/**
 * Fault injection: `platform.faults`.
 *
 * @example
 * ```ts
 * import type { MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * platform.faults.inject({ path: '/oauth2/token', kind: 'timeout' });
 * platform.faults.clear();
 * ```
 */
export interface Faults {
  /**
   * Injects a fault. 'network' fails like a dropped connection; 'timeout' never
   * answers until the client aborts; 'status' answers `status` with the platform's
   * error body; 'html' an HTML error page; 'empty' a 200 with no body; 'truncated'
   * processes the request and cuts its JSON answer in half; 'wrong-shape' a 200 with
   * JSON of an unexpected shape (not processed); 'latency' delays, then processes
   * (or processes, then delays the answer, with `latencyPhase: 'response'`); 'lost'
   * processes the request (a refresh grant really rotates), waits `latencyMs`, then
   * fails like a dropped connection, so the client never sees the answer.
   * Throws `MockPlatformError('INVALID_FAULT')` for a bad spec.
   */
  inject(spec: FaultSpec): void;
  /** Removes every fault and lets pending 'timeout' requests fail. */
  clear(): void;
  /** The faults still armed. */
  readonly pending: readonly FaultSpec[];
}

/**
 * The emulator's side of {@link Faults}.
 *
 * @example
 * ```ts
 * const fault = controller.take(new URL('https://www.wixapis.com/oauth2/token'));
 * ```
 */
export interface FaultController extends Faults {
  /** Consumes one hit of the first fault matching `url`, if any. */
  take(url: URL): FaultSpec | undefined;
  /** Increases on every `clear()`. */
  readonly generation: number;
  /** Resolves when `signal` aborts or the faults are cleared (also if cleared since `generation`). */
  hang(signal: AbortSignal | undefined, generation: number): Promise<void>;
}

const KINDS: readonly FaultKind[] = [
  'network',
  'timeout',
  'status',
  'html',
  'empty',
  'truncated',
  'wrong-shape',
  'latency',
  'lost',
];

function faultProblem(spec: FaultSpec): string | undefined {
  if (typeof spec !== 'object' || spec === null)
    return `a fault must be an object, got ${String(spec)}`;
  if (!KINDS.includes(spec.kind))
    return `kind must be one of ${KINDS.join(', ')}, got ${JSON.stringify(spec.kind)}`;
  const { path, times = 1, status, retryAfterSeconds, latencyMs, latencyPhase } = spec;
  if (path !== undefined && typeof path !== 'string' && !(path instanceof RegExp))
    return `path must be a string or a RegExp, got ${typeof path}`;
  if (typeof times !== 'number' || !(times > 0))
    return `times must be a positive number or Infinity, got ${JSON.stringify(times)}`;
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599))
    return `status must be an HTTP status between 200 and 599, got ${JSON.stringify(status)}`;
  if (
    retryAfterSeconds !== undefined &&
    !(
      typeof retryAfterSeconds === 'number' &&
      Number.isFinite(retryAfterSeconds) &&
      retryAfterSeconds >= 0
    )
  )
    return `retryAfterSeconds must be a number of seconds ≥ 0, got ${JSON.stringify(retryAfterSeconds)}`;
  if (
    latencyMs !== undefined &&
    !(typeof latencyMs === 'number' && Number.isFinite(latencyMs) && latencyMs >= 0)
  )
    return `latencyMs must be a number of milliseconds ≥ 0, got ${JSON.stringify(latencyMs)}`;
  if (latencyPhase !== undefined && latencyPhase !== 'request' && latencyPhase !== 'response')
    return `latencyPhase must be 'request' or 'response', got ${JSON.stringify(latencyPhase)}`;
  return undefined;
}

function matches(path: FaultSpec['path'], url: URL): boolean {
  if (path === undefined) return true;
  if (path instanceof RegExp) return path.test(url.pathname);
  return /^https?:/.test(path) ? url.href.startsWith(path) : url.pathname.startsWith(path);
}

/**
 * Creates the fault injector.
 *
 * @example
 * ```ts
 * const faults = createFaults();
 * faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
 * ```
 */
export function createFaults(): FaultController {
  const armed: { spec: FaultSpec; left: number }[] = [];
  const hanging = new Set<() => void>();
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    inject(spec) {
      const problem = faultProblem(spec);
      if (problem !== undefined) throw new MockPlatformError(problem, { code: 'INVALID_FAULT' });
      const times = spec.times ?? 1;
      armed.push({ spec: { ...spec }, left: times });
    },
    clear() {
      generation += 1;
      armed.length = 0;
      for (const release of hanging) release();
      hanging.clear();
    },
    get pending() {
      return armed.map((entry) => entry.spec);
    },
    take(url) {
      const index = armed.findIndex((entry) => matches(entry.spec.path, url));
      const entry = armed[index];
      if (entry === undefined) return undefined;
      entry.left -= 1;
      if (entry.left <= 0) armed.splice(index, 1);
      return entry.spec;
    },
    hang(signal, since) {
      return new Promise<void>((resolve) => {
        const release = (): void => {
          hanging.delete(release);
          signal?.removeEventListener('abort', release);
          resolve();
        };
        if (signal?.aborted || since !== generation) return resolve();
        hanging.add(release);
        signal?.addEventListener('abort', release, { once: true });
      });
    },
  };
}
