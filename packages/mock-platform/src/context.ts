import type { ResolvedOptions } from './options';
import { validationError } from './responses';
import type { PlatformState } from './state';
import type { TokenDescription } from './token-store';

/**
 * A request as the emulator routes it: read once, on arrival.
 *
 * @example
 * ```ts
 * const incoming: PlatformRequest = { request, url: new URL(request.url), path: '/oauth2/token', rawBody: await request.text() };
 * ```
 */
export interface PlatformRequest {
  /** The request (its body already read: see `rawBody`). */
  readonly request: Request;
  /** The request's URL, parsed. */
  readonly url: URL;
  /** The path below the API base (its path prefix removed, if it has one). */
  readonly path: string;
  /** The request body as text ('' for none). */
  readonly rawBody: string;
}

/**
 * What a route handler gets.
 *
 * @example
 * ```ts
 * const handler: RouteHandler = (context: RouteContext) => json({ path: context.path });
 * ```
 */
export interface RouteContext extends PlatformRequest {
  readonly state: PlatformState;
  readonly options: ResolvedOptions;
  /** The caller's access token, when the request carried a valid one. */
  readonly caller: TokenDescription | undefined;
  /** Where hosted pages are served: `options.hostedBaseUrl` or the request's origin. */
  readonly hostedBaseUrl: string;
  /** Regex groups of the matched route. */
  readonly params: readonly string[];
  now(): number;
}

/**
 * A route handler.
 *
 * @example
 * ```ts
 * const ping: RouteHandler = () => json({});
 * ```
 */
export type RouteHandler = (context: RouteContext) => Response | Promise<Response>;

/**
 * A JSON object.
 *
 * @example
 * ```ts
 * const body: JsonObject = { stateToken: 'mock-state.x' };
 * ```
 */
export type JsonObject = Record<string, unknown>;

/**
 * The JSON object body of a request, or the platform's 400 validation answer.
 *
 * @example
 * ```ts
 * const body = parseJsonBody(context.rawBody);
 * if (body instanceof Response) return body;
 * ```
 */
export function parseJsonBody(rawBody: string): JsonObject | Response {
  if (rawBody.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    return validationError([{ field: 'body', description: 'must be well-formed JSON' }]);
  }
  if (!isObject(value))
    return validationError([{ field: 'body', description: 'must be a JSON object' }]);
  return value;
}

/**
 * Tells whether `value` is a plain JSON object.
 *
 * @example
 * ```ts
 * isObject({}); // true
 * ```
 */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A non-empty string at `key`, or undefined.
 *
 * @example
 * ```ts
 * stringAt(body, 'stateToken');
 * ```
 */
export function stringAt(value: unknown, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/**
 * An object at `key`, or undefined.
 *
 * @example
 * ```ts
 * objectAt(body, 'loginId');
 * ```
 */
export function objectAt(value: unknown, key: string): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return isObject(found) ? found : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Tells whether a string looks like an e-mail address.
 *
 * @example
 * ```ts
 * isEmail('ada@example.com'); // true
 * ```
 */
export function isEmail(value: string | undefined): value is string {
  return value !== undefined && EMAIL.test(value);
}
