import { PlatformError } from './platform-error';
import { invalidOptions } from './request-parts';

/**
 * The small checks every package of Site Identity needs, in one place: one rule
 * per kind of value, one message shape (`<name> must be <what>; got <what came>`).
 * Each check throws the error its caller's package makes with `invalid`, so that
 * every package keeps its own typed invalid-argument error.
 */

/**
 * Makes a package's invalid-argument error from a finished message.
 *
 * @example
 * ```ts
 * import type { Invalid } from '@site-identity/http';
 *
 * const invalid: Invalid = (message) => new RangeError(message);
 * ```
 */
export type Invalid = (message: string) => Error;

/**
 * How a message shows a value it refused: numbers, booleans and short strings as
 * they are; anything else by its kind (`null`, `an array`, `an object`, `a function`).
 * Never used for secrets: a check of a token says only what kind of value came.
 *
 * @example
 * ```ts
 * import { describeValue } from '@site-identity/http';
 *
 * describeValue(-1); // '-1'
 * describeValue(null); // 'null'
 * describeValue({}); // 'an object'
 * ```
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'string':
      return value === ''
        ? 'an empty string'
        : JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
  }
}

/** What a check expected, said the one way. @internal */
const must = (name: string, what: string, value: unknown, shown = describeValue(value)) =>
  `${name} must be ${what}; got ${shown}`;

/** The caller's error for `message`; http's own `INVALID_OPTIONS` when `invalid` makes none. */
function refuse(invalid: Invalid, message: string): Error {
  const error: unknown = typeof invalid === 'function' ? invalid(message) : undefined;
  return error instanceof Error ? error : invalidOptions(message);
}

/**
 * Whether `value` is a plain record (an object, not `null`, not an array).
 *
 * @example
 * ```ts
 * import { isRecord } from '@site-identity/http';
 *
 * isRecord({ a: 1 }); // true
 * isRecord([1]); // false
 * ```
 */
export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The options object of a call: `value` when it is a record, `{}` for `undefined`
 * or `null` (options left out); else the caller's invalid-argument error.
 *
 * @example
 * ```ts
 * import { optionsOf } from '@site-identity/http';
 *
 * const { force = false } = optionsOf<{ force?: boolean }>(null, 'options', (message) => new TypeError(message));
 * ```
 */
export function optionsOf<T extends object>(
  value: unknown,
  name: string,
  invalid: Invalid,
): Partial<T> {
  if (value === undefined || value === null) return {};
  if (isRecord(value)) return value as Partial<T>;
  // A string here may be a token passed in the wrong place: said by its kind only.
  const shown = typeof value === 'string' ? 'a string' : describeValue(value);
  throw refuse(invalid, must(name, 'an object', value, shown));
}

/**
 * `value` when it is a non-empty string; else the caller's invalid-argument error,
 * `<name> must be a non-empty string; got <what came>` (a string that fails is
 * empty, so a token never shows).
 *
 * @example
 * ```ts
 * import { requiredString } from '@site-identity/http';
 *
 * const clientId = requiredString('my-client-id', 'clientId', (message) => new TypeError(message));
 * ```
 */
export function requiredString(value: unknown, name: string, invalid: Invalid): string {
  if (typeof value === 'string' && value !== '') return value;
  throw refuse(invalid, must(name, 'a non-empty string', value));
}

/**
 * `value` as a `URL` when it is an absolute URL of one of `schemes` (default
 * http and https), without a fragment unless `fragment` is allowed; else the
 * caller's invalid-argument error naming the parameter, the rule and what came.
 *
 * @example
 * ```ts
 * import { absoluteUrl } from '@site-identity/http';
 *
 * const url = absoluteUrl('https://shop.example/callback', 'redirectUri', (message) => new TypeError(message));
 * ```
 */
export function absoluteUrl(
  value: unknown,
  name: string,
  invalid: Invalid,
  {
    schemes = ['http:', 'https:'],
    fragment = true,
  }: { schemes?: readonly string[]; fragment?: boolean } = {},
): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    // refused below
  }
  const rule = `an absolute ${schemes.map((s) => s.slice(0, -1)).join(' or ')} URL${fragment ? '' : ' without a fragment'}`;
  if (
    !url ||
    !schemes.includes(url.protocol) ||
    (!fragment && typeof value === 'string' && value.includes('#'))
  )
    throw refuse(invalid, must(name, rule, value));
  return url;
}

/** The longest time-out `setTimeout` keeps: 2^31 − 1 ms. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * `value` when it is a time-out in milliseconds that `setTimeout` keeps (1 to
 * 2 147 483 647); else the caller's invalid-argument error.
 *
 * @example
 * ```ts
 * import { timeoutMs } from '@site-identity/http';
 *
 * const ms = timeoutMs(5000, 'timeoutMs', (message) => new RangeError(message));
 * ```
 */
export function timeoutMs(value: unknown, name: string, invalid: Invalid): number {
  if (typeof value === 'number' && value >= 1 && value <= MAX_TIMEOUT_MS) return value;
  throw refuse(invalid, must(name, `a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`, value));
}

/**
 * `value` when it is a finite number ≥ `min` (default 0); else the caller's
 * invalid-argument error, e.g. `leewaySeconds must be a number ≥ 0; got -1`.
 *
 * @example
 * ```ts
 * import { nonNegative } from '@site-identity/http';
 *
 * const leeway = nonNegative(60, 'leewaySeconds', (message) => new RangeError(message));
 * ```
 */
export function nonNegative(value: unknown, name: string, invalid: Invalid, min = 0): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= min) return value;
  throw refuse(invalid, must(name, `a number ≥ ${min}`, value));
}

/**
 * `value` when it is a function or `undefined` (an option left out); else the
 * caller's invalid-argument error, e.g. `fetch must be a function; got "nope"`.
 *
 * @example
 * ```ts
 * import { optionalFunction } from '@site-identity/http';
 *
 * const fetchImpl = optionalFunction(globalThis.fetch, 'fetch', (message) => new TypeError(message));
 * ```
 */
export function optionalFunction<T>(value: T, name: string, invalid: Invalid): T {
  if (value === undefined || typeof value === 'function') return value;
  throw refuse(invalid, must(name, 'a function', value));
}

/**
 * `value` when it is an `AbortSignal` or `undefined` (no signal); else the caller's
 * invalid-argument error. The `{ signal }` every public async call takes is checked
 * with it.
 *
 * @example
 * ```ts
 * import { optionalSignal } from '@site-identity/http';
 *
 * const signal = optionalSignal(AbortSignal.timeout(1000), 'signal', (message) => new TypeError(message));
 * ```
 */
export function optionalSignal(
  value: unknown,
  name: string,
  invalid: Invalid,
): AbortSignal | undefined {
  if (value === undefined || value instanceof AbortSignal) return value;
  throw refuse(invalid, must(name, 'an AbortSignal', value));
}

/**
 * `work`, or a rejection with `aborted(signal)` as soon as `signal` aborts: the
 * caller stops waiting, the work it joined (shared with other callers) goes on.
 * A `signal` that is not an `AbortSignal` rejects with `INVALID_OPTIONS`.
 *
 * @example
 * ```ts
 * import { untilAborted } from '@site-identity/http';
 * declare const shared: Promise<string>;
 *
 * const controller = new AbortController();
 * const mine = untilAborted(shared, controller.signal, () => new Error('aborted'));
 * controller.abort(); // `mine` rejects; `shared` carries on
 * ```
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  aborted: (signal: AbortSignal) => Error,
): Promise<T> {
  if (signal === undefined) return Promise.resolve(work);
  if (!(signal instanceof AbortSignal))
    return Promise.reject(invalidOptions(must('signal', 'an AbortSignal', signal)));
  const stopped = (): Error => {
    const error: unknown = typeof aborted === 'function' ? aborted(signal) : undefined;
    return error instanceof Error
      ? error
      : new PlatformError('The call was aborted by its signal', {
          kind: 'aborted',
          code: 'ABORTED',
          cause: signal.reason,
        });
  };
  if (signal.aborted) {
    Promise.resolve(work).catch(() => undefined);
    return Promise.reject(stopped());
  }
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(stopped());
    signal.addEventListener('abort', stop, { once: true });
    Promise.resolve(work)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', stop))
      .catch(() => undefined);
  });
}

/**
 * One flight per key: while `start()` for a key runs, callers of the same key
 * share its promise; once it settles the next call starts again.
 *
 * @example
 * ```ts
 * import { keyedFlight } from '@site-identity/http';
 *
 * const once = keyedFlight();
 * const [a, b] = await Promise.all([once('k', async () => 1), once('k', async () => 2)]); // 1, 1
 * ```
 */
export function keyedFlight(): <T>(key: string, start: () => Promise<T>) => Promise<T> {
  const flights = new Map<string, Promise<unknown>>();
  return <T>(key: string, start: () => Promise<T>): Promise<T> => {
    let promise = flights.get(key) as Promise<T> | undefined;
    if (!promise) {
      flights.set(key, (promise = start()));
      const forget = () => flights.delete(key);
      promise.then(forget, forget);
    }
    return promise;
  };
}

/**
 * The result of `task`, or `undefined` when it throws (text that is not JSON, a
 * storage or channel that refuses).
 *
 * @example
 * ```ts
 * import { attempt } from '@site-identity/http';
 *
 * const parsed = attempt(() => JSON.parse('{')); // undefined
 * ```
 */
export function attempt<T>(task: () => T): T | undefined {
  try {
    return task();
  } catch {
    return undefined;
  }
}

/**
 * Whether `value` carries the brand `name` (`site-identity.<name>` in the global
 * symbol registry, which every realm shares): an error class sets it on its
 * prototype with a getter, so its subclasses and its copies in other realms or
 * other copies of the package are recognised, without trusting the `name` alone.
 *
 * @example
 * ```ts
 * import { hasBrand } from '@site-identity/http';
 *
 * class MyError extends Error {
 *   get [Symbol.for('site-identity.MyError')](): true {
 *     return true;
 *   }
 * }
 * hasBrand(new MyError(), 'MyError'); // true
 * ```
 */
export const hasBrand = (value: unknown, name: string): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as Record<symbol, unknown>)[Symbol.for(`site-identity.${name}`)] === true;
