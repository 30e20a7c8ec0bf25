import { MockPlatformError } from './errors';

/**
 * What an injected fault does to a request.
 *
 * @example
 * ```ts
 * const kind: FaultKind = 'network';
 * platform.faults.inject({ kind });
 * ```
 */
export type FaultKind =
  'network' | 'timeout' | 'status' | 'html' | 'empty' | 'truncated' | 'wrong-shape' | 'latency';

/**
 * A fault to inject with `platform.faults.inject()`.
 *
 * @example
 * ```ts
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
  /** Delay of a 'latency' fault, ms. Default 1000. */
  readonly latencyMs?: number;
}

/**
 * Fault injection: `platform.faults`.
 *
 * @example
 * ```ts
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
   * JSON of an unexpected shape (not processed); 'latency' delays, then processes.
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
];

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
      if (typeof spec !== 'object' || spec === null || !KINDS.includes(spec.kind)) {
        throw new MockPlatformError('INVALID_FAULT', `a fault needs a kind: ${KINDS.join(', ')}`);
      }
      const times = spec.times ?? 1;
      if (!(times > 0))
        throw new MockPlatformError('INVALID_FAULT', 'times must be a positive number or Infinity');
      if (
        spec.status !== undefined &&
        !(Number.isInteger(spec.status) && spec.status >= 200 && spec.status <= 599)
      ) {
        throw new MockPlatformError(
          'INVALID_FAULT',
          'status must be an HTTP status between 200 and 599',
        );
      }
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
