/**
 * The small checks every package of Site Identity needs, in one place: one rule
 * per kind of value, one message shape (`<name> must be <what>; got <what came>`).
 * Each check throws the error its caller's package makes from the message (`make`),
 * so that every package keeps its own typed invalid-argument error. Internal: on
 * the subpath `@site-identity/http/internal`, not public API.
 */

/**
 * Makes a package's invalid-argument error from a finished message.
 *
 * @example
 * ```ts
 * import type { Invalid } from '@site-identity/http/internal';
 *
 * const make: Invalid = (message) => new RangeError(message);
 * ```
 */
export type Invalid<E extends Error = Error> = (message: string) => E;

/**
 * How a message shows a value it refused: numbers, booleans and short strings as
 * they are; anything else by its kind (`null`, `an array`, `an object`, `a function`).
 * Never used for secrets: a check of a token says only what kind of value came.
 *
 * @example
 * ```ts
 * import { describeValue } from '@site-identity/http/internal';
 *
 * describeValue(-1); // '-1'
 * describeValue(null); // 'null'
 * describeValue({}); // 'an object'
 * ```
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value === ''
        ? 'an empty string'
        : JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    case 'function':
    case 'symbol':
      return `a ${typeof value}`;
    default:
      // A number, a boolean, a bigint or undefined, as it is.
      return String(value);
  }
}

/**
 * What an input error says: the parameter, what it must be, and what came.
 *
 * @example
 * ```ts
 * import type { Mismatch } from '@site-identity/http/internal';
 *
 * const mismatch: Mismatch = { name: 'leewaySeconds', expected: 'a number ≥ 0', value: -1 };
 * ```
 */
export interface Mismatch {
  /** The parameter as the caller wrote it (`options.timeoutMs`, `tokens`, …). */
  readonly name: string;
  /** What it must be (`a number ≥ 0`, `an absolute http or https URL`, …). */
  readonly expected: string;
  /** What came. */
  readonly value: unknown;
  /**
   * What the message says came, instead of {@link describeValue}'s account of `value`:
   * for a value that may be a secret, said by its kind.
   */
  readonly shown?: string;
}

/**
 * The one input error: what `make` builds from the message
 * `<name> must be <expected>; got <value>`.
 *
 * @example
 * ```ts
 * import { invalid } from '@site-identity/http/internal';
 *
 * throw invalid(
 *   { name: 'leewaySeconds', expected: 'a number ≥ 0', value: -1 },
 *   (message) => new RangeError(message),
 * );
 * // RangeError: leewaySeconds must be a number ≥ 0; got -1
 * ```
 */
export function invalid<E extends Error>(
  { name, expected, value, shown = describeValue(value) }: Mismatch,
  make: Invalid<E>,
): E {
  return make(`${name} must be ${expected}; got ${shown}`);
}

/**
 * Whether `value` is a plain record (an object, not `null`, not an array).
 *
 * @example
 * ```ts
 * import { isRecord } from '@site-identity/http/internal';
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
 * import { optionsOf } from '@site-identity/http/internal';
 *
 * const { force = false } = optionsOf<{ force?: boolean }>(null, 'options', (message) => new TypeError(message));
 * ```
 */
export function optionsOf<T extends object>(
  value: unknown,
  name: string,
  make: Invalid,
): Partial<T> {
  if (value === undefined || value === null) return {};
  if (isRecord(value)) return value as Partial<T>;
  // A string here may be a token passed in the wrong place: said by its kind only.
  const shown = typeof value === 'string' ? 'a string' : describeValue(value);
  throw invalid({ name, expected: 'an object', value, shown }, make);
}

/**
 * `value` when it is a non-empty string; else the caller's invalid-argument error,
 * `<name> must be a non-empty string; got <what came>` (a string that fails is
 * empty, so a token never shows).
 *
 * @example
 * ```ts
 * import { requiredString } from '@site-identity/http/internal';
 *
 * const clientId = requiredString('my-client-id', 'clientId', (message) => new TypeError(message));
 * ```
 */
export function requiredString(value: unknown, name: string, make: Invalid): string {
  if (typeof value === 'string' && value !== '') return value;
  throw invalid({ name, expected: 'a non-empty string', value }, make);
}

/**
 * The client id of a factory that takes a token manager: `given` when there is one
 * (it must then be the manager's, when the manager has one), else the manager's.
 * Anything else is the caller's invalid-argument error naming both values.
 *
 * @example
 * ```ts
 * import { clientIdOf } from '@site-identity/http/internal';
 *
 * const clientId = clientIdOf(undefined, { clientId: 'my-client-id' }, (message) => new TypeError(message));
 * ```
 */
export function clientIdOf(
  given: unknown,
  tokens: { readonly clientId?: unknown } | undefined,
  make: Invalid,
): string {
  const inherited = tokens?.clientId;
  if (given === undefined) return requiredString(inherited, 'clientId', make);
  const clientId = requiredString(given, 'clientId', make);
  if (inherited === undefined || inherited === clientId) return clientId;
  throw invalid(
    {
      name: 'clientId',
      expected: `the token manager's clientId ${describeValue(inherited)} or left out`,
      value: clientId,
    },
    make,
  );
}

/** `value` as a `URL` when it is a string that parses as an absolute http or https URL. */
function httpUrl(value: unknown): URL | undefined {
  const url = typeof value === 'string' ? attempt(() => new URL(value)) : undefined;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

/**
 * `value` as a `URL` when it is an absolute http or https URL; else the caller's
 * invalid-argument error naming the parameter, the rule and what came.
 *
 * @example
 * ```ts
 * import { absoluteUrl } from '@site-identity/http/internal';
 *
 * const url = absoluteUrl('https://shop.example/#top', 'apiBaseUrl', (message) => new TypeError(message));
 * ```
 */
export function absoluteUrl(value: unknown, name: string, make: Invalid): URL {
  const url = httpUrl(value);
  if (!url) throw invalid({ name, expected: 'an absolute http or https URL', value }, make);
  return url;
}

/**
 * `value` as a `URL` when it is an absolute http or https URL without a fragment (a
 * redirect URI, an origin); else the caller's invalid-argument error naming the
 * parameter, the rule and what came.
 *
 * @example
 * ```ts
 * import { fragmentFreeUrl } from '@site-identity/http/internal';
 *
 * const url = fragmentFreeUrl('https://shop.example/callback', 'redirectUri', (message) => new TypeError(message));
 * ```
 */
export function fragmentFreeUrl(value: unknown, name: string, make: Invalid): URL {
  const url = httpUrl(value);
  // A URL was made: `value` is a string.
  if (!url || (value as string).includes('#'))
    throw invalid(
      { name, expected: 'an absolute http or https URL without a fragment', value },
      make,
    );
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
 * import { timeoutMs } from '@site-identity/http/internal';
 *
 * const ms = timeoutMs(5000, 'timeoutMs', (message) => new RangeError(message));
 * ```
 */
export function timeoutMs(value: unknown, name: string, make: Invalid): number {
  if (typeof value === 'number' && value >= 1 && value <= MAX_TIMEOUT_MS) return value;
  throw invalid(
    { name, expected: `a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`, value },
    make,
  );
}

/**
 * `value` when it is a finite number ≥ 0; else the caller's
 * invalid-argument error, e.g. `leewaySeconds must be a number ≥ 0; got -1`.
 *
 * @example
 * ```ts
 * import { nonNegative } from '@site-identity/http/internal';
 *
 * const leeway = nonNegative(60, 'leewaySeconds', (message) => new RangeError(message));
 * ```
 */
export function nonNegative(value: unknown, name: string, make: Invalid): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  throw invalid({ name, expected: 'a number ≥ 0', value }, make);
}

/**
 * `value` when it is a function or `undefined` (an option left out); else the
 * caller's invalid-argument error, e.g. `fetch must be a function; got "nope"`.
 *
 * @example
 * ```ts
 * import { optionalFunction } from '@site-identity/http/internal';
 *
 * const fetchImpl = optionalFunction(globalThis.fetch, 'fetch', (message) => new TypeError(message));
 * ```
 */
export function optionalFunction<T>(value: T, name: string, make: Invalid): T {
  if (value === undefined || typeof value === 'function') return value;
  throw invalid({ name, expected: 'a function', value }, make);
}

/**
 * One flight per key: while `start()` for a key runs, callers of the same key
 * share its promise; once it settles the next call starts again.
 *
 * @example
 * ```ts
 * import { keyedFlight } from '@site-identity/http/internal';
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
 * import { attempt } from '@site-identity/http/internal';
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
 * The longest redirect target {@link sameOriginTarget} keeps by default: 2048
 * characters (what browsers, proxies and servers keep of a URL without trouble).
 */
export const MAX_TARGET_LENGTH = 2048;

/**
 * The one rule for every place a login, a logout or a callback sends the browser
 * afterwards (`returnTo`, `failureTo`, `originalUri`): `value` as a path on
 * `origin` (path, query and fragment, normalised), else `undefined` — never an
 * open redirect. Kept are a site path (`/account?tab=1`) and an absolute http(s)
 * URL whose origin is `origin`, parsed as a browser parses them; refused are
 * anything longer than `maxLength`, control characters (a browser drops tab and
 * newline, so `/\t/evil.example` would be `//evil.example`), backslashes, paths
 * without a leading `/`, other schemes (`javascript:`, `data:`), other origins, and
 * anything whose normalised path starts with `//` (`/.//evil.example`,
 * `/%2e%2e//evil.example`), which a browser would read as another host.
 *
 * @example
 * ```ts
 * import { sameOriginTarget } from '@site-identity/http/internal';
 *
 * sameOriginTarget('/account?tab=1', 'https://shop.example'); // '/account?tab=1'
 * sameOriginTarget('https://shop.example/a#b', 'https://shop.example'); // '/a#b'
 * sameOriginTarget('/.//evil.example', 'https://shop.example'); // undefined
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.11 RFC 9700 §4.11 (open redirection)
 * @see https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function sameOriginTarget(
  value: unknown,
  origin: string | URL,
  { maxLength = MAX_TARGET_LENGTH }: { maxLength?: number } = {},
): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > maxLength) return undefined;
  if (/[\\\0-\x20\x7f]/.test(value)) return undefined;
  const base = attempt(() => new URL(origin));
  // A path is read on the origin; anything else must be an absolute http(s) URL on its own.
  const url = value.startsWith('/')
    ? base && !value.startsWith('//')
      ? attempt(() => new URL(value, base))
      : undefined
    : /^https?:\/\//i.test(value)
      ? attempt(() => new URL(value))
      : undefined;
  if (!url || !base || url.origin !== base.origin || !/^https?:$/.test(url.protocol))
    return undefined;
  if (/^\/[/\\]/.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** The most characters of a server's own text (a status text, a request id, a reason) a message carries. */
export const MAX_SERVER_TEXT_LENGTH = 200;

/** Characters that could break a log line or fake another one (C0, DEL, C1, line and paragraph separators). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Text a server sent (a status text, a request id, an `error_description`), as a
 * message may carry it: never interpreted, each run of control characters made one
 * space, trimmed, and capped at `max` characters (the last one an ellipsis).
 *
 * @example
 * ```ts
 * import { serverText } from '@site-identity/http/internal';
 *
 * serverText('Bad\r\nRequest'); // 'Bad Request'
 * serverText('x'.repeat(500)).length; // 200
 * ```
 */
export function serverText(text: string, max = MAX_SERVER_TEXT_LENGTH): string {
  const plain = text.replace(CONTROL_CHARACTERS, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
