import type { RequestHandler } from 'msw';
import { stringAt, type PlatformRequest } from './context';
import { controlRoute } from './control';
import { createFaults, type FaultKind, type FaultSpec, type Faults } from './faults';
import { createMswHandlers } from './msw-handlers';
import { resolveOptions, type MockPlatformOptions, type ResolvedOptions } from './options';
import { createPlatformRouter } from './platform-router';
import { randomDigits } from './random';
import { bareError, html, json, statusText } from './responses';
import { createPlatformState, type PlatformState, type RequestLogEntry } from './state';

/**
 * How the emulator answered a request: a response, or a failure of the connection itself.
 *
 * @example
 * ```ts
 * import type { MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 *
 * async function answer(request: Request): Promise<Response> {
 *   const outcome = await platform.handle(request);
 *   return outcome.type === 'response' ? outcome.response : Response.error();
 * }
 * ```
 */
export type PlatformOutcome =
  | { readonly type: 'response'; readonly response: Response }
  | { readonly type: 'network' }
  | { readonly type: 'aborted'; readonly reason: unknown };

/**
 * The emulator {@link createMockPlatform} returns.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import type { MockPlatform } from '@site-identity/mock-platform';
 * const platform: MockPlatform = createMockPlatform();
 * const response = await platform.fetch('https://www.wixapis.com/oauth2/token', { method: 'POST', body: JSON.stringify({ clientId: 'app', grantType: 'anonymous' }) });
 * ```
 */
export interface MockPlatform {
  /**
   * A standard fetch handler: answers any request by its path. Pass it as the `fetch`
   * seam of the library, or call it directly. An injected 'network' or 'lost' fault
   * rejects with a TypeError, as `fetch` does; a 'timeout' rejects with the signal's
   * reason on abort.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** The same answers without the fetch semantics (used by the MSW handlers and the server). */
  handle(request: Request): Promise<PlatformOutcome>;
  /** MSW request handlers for `setupServer(...platform.handlers)` or `setupWorker(...)`. */
  readonly handlers: readonly RequestHandler[];
  /** Members, settings, outbox, request log, tokens: everything the emulator remembers. */
  readonly state: PlatformState;
  /** Fault injection. */
  readonly faults: Faults;
  /** The resolved options (base URL, token URL, …). */
  readonly options: ResolvedOptions;
  /** Forgets everything: members and settings back to the options, no tokens, no faults, empty logs. */
  reset(): void;
}

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** Tells whether `input` is a Request of another realm (happy-dom, jsdom). */
function isForeignRequest(input: Request | string | URL): input is Request {
  return (
    typeof input === 'object' &&
    input !== null &&
    !(input instanceof Request) &&
    !(input instanceof URL) &&
    typeof (input as { url?: unknown }).url === 'string'
  );
}

/** Copies a Request of another realm into this realm's `Request`, which cannot take it as is. */
async function copyRequest(foreign: Request, init: RequestInit | undefined): Promise<Request> {
  const method = foreign.method || 'GET';
  const headers = new Headers();
  foreign.headers?.forEach((value, name) => headers.set(name, value));
  const body = method === 'GET' || method === 'HEAD' ? undefined : await foreign.arrayBuffer();
  const signal = foreign.signal instanceof AbortSignal ? foreign.signal : undefined;
  return new Request(foreign.url, {
    method,
    headers,
    ...(body ? { body } : {}),
    ...(signal ? { signal } : {}),
    ...init,
  });
}

/** The grant type and refresh token of a token endpoint body, as far as it has them. */
function grantOf(rawBody: string): { grantType?: string; refreshToken?: string } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return {};
  }
  const grantType = stringAt(body, 'grantType') ?? stringAt(body, 'grant_type');
  const refreshToken = stringAt(body, 'refreshToken');
  return {
    ...(grantType ? { grantType } : {}),
    ...(grantType === 'refresh_token' && refreshToken ? { refreshToken } : {}),
  };
}

/** Fault kinds after which the request is still processed by its route. */
const PROCESSED: ReadonlySet<FaultKind> = new Set(['latency', 'truncated', 'lost']);

function faultResponse(fault: FaultSpec): Response {
  const retryAfter: Record<string, string> =
    fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
  switch (fault.kind) {
    case 'html': {
      const status = fault.status ?? 502;
      return html(
        `<!doctype html><html><body><h1>${status} ${statusText(status)}</h1></body></html>`,
        status,
        retryAfter,
      );
    }
    case 'empty':
      return new Response(null, {
        status: fault.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    case 'wrong-shape':
      return json({ unexpected: 'shape', data: [1, 2, 3] }, fault.status ?? 200);
    default: {
      const status = fault.status ?? 503;
      return bareError(status, statusText(status) || `HTTP ${status}`, retryAfter);
    }
  }
}

/** The first half of `response`'s body, as a connection cut mid-answer leaves it. */
async function truncate(response: Response): Promise<Response> {
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(text.slice(0, Math.floor(text.length / 2)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The path of `url` below the API base's path prefix (`''` for none). */
function pathBelow(url: URL, basePath: string): string {
  return basePath !== '' && url.pathname.startsWith(basePath)
    ? url.pathname.slice(basePath.length) || '/'
    : url.pathname;
}

/**
 * Creates an in-memory emulator of the platform: the token endpoint, the
 * authentication, recovery, verification and redirect services, the hosted pages,
 * and a control API under `/_mock/`, answering at the production defaults.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMockPlatform } from '@site-identity/mock-platform';
 *
 * const platform = createMockPlatform({ site: { requireEmailVerification: true } });
 * const server = setupServer(...platform.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * platform.state.addMember({ email: 'ada@example.com', password: 'secret' });
 * ```
 */
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const resolved = resolveOptions(options);
  const state = createPlatformState(resolved);
  const faults = createFaults();
  const tokenPath = new URL(resolved.tokenUrl).pathname;
  const basePath = new URL(resolved.baseUrl).pathname.replace(/\/$/, '');

  const reset = (): void => {
    faults.clear();
    state.clear();
  };

  const route = createPlatformRouter({ state, options: resolved, tokenPath, basePath });

  async function handle(request: Request): Promise<PlatformOutcome> {
    const url = new URL(request.url);
    const path = pathBelow(url, basePath);
    const control = path.startsWith('/_mock/');
    // The fault is chosen on arrival, before any await, so that it binds to this request.
    const fault = control ? undefined : faults.take(url);
    const generation = faults.generation;
    let rawBody: string;
    try {
      rawBody = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    } catch {
      rawBody = '';
    }
    const incoming: PlatformRequest = { request, url, path, rawBody };
    const requestId = `${resolved.now()}.${randomDigits(12)}`;
    const finish = (response: Response): PlatformOutcome => {
      response.headers.set('x-wix-request-id', requestId);
      return { type: 'response', response };
    };
    if (control) {
      try {
        return finish(await controlRoute(incoming, { state, faults, reset, now: resolved.now }));
      } catch {
        return finish(bareError(500, 'The control request failed'));
      }
    }
    const { grantType, refreshToken } = path === tokenPath ? grantOf(rawBody) : {};
    const entry: RequestLogEntry = {
      method: request.method,
      host: url.host,
      path,
      ...(grantType ? { grantType } : {}),
      time: resolved.now(),
      status: 0,
    };
    state.requests.push(entry);
    // Decided in the same tick as the answer or the processing, so that two requests
    // racing with one refresh token are told apart in the order the endpoint took them.
    const noteReuse = (): void => {
      if (grantType === 'refresh_token')
        entry.refreshTokenReused =
          refreshToken !== undefined && state.tokens.presentations(refreshToken) > 0;
    };

    const aborted = (): PlatformOutcome => ({ type: 'aborted', reason: request.signal.reason });
    if (fault?.kind === 'network' || fault?.kind === 'timeout') {
      noteReuse();
      if (fault.kind === 'network') return { type: 'network' };
      await faults.hang(request.signal, generation);
      return request.signal?.aborted ? aborted() : { type: 'network' };
    }
    const delayFirst = fault?.kind === 'latency' && fault.latencyPhase !== 'response';
    if (delayFirst) {
      await sleep(fault.latencyMs ?? 1000, request.signal);
      if (request.signal?.aborted) {
        noteReuse();
        return aborted();
      }
    }
    noteReuse();
    let response: Response;
    if (fault !== undefined && !PROCESSED.has(fault.kind)) {
      response = faultResponse(fault);
    } else {
      try {
        response = await route(incoming);
      } catch {
        response = bareError(500, 'Internal Server Error');
      }
      if (fault?.kind === 'truncated') response = await truncate(response);
    }
    entry.status = response.status;
    const delayAfter =
      fault?.kind === 'latency' && !delayFirst
        ? (fault.latencyMs ?? 1000)
        : fault?.kind === 'lost'
          ? (fault.latencyMs ?? 0)
          : 0;
    if (fault !== undefined && delayAfter > 0) {
      await sleep(delayAfter, request.signal);
      if (fault.kind === 'latency' && request.signal?.aborted) return aborted();
    }
    if (fault?.kind === 'lost') {
      entry.lost = true;
      return { type: 'network' };
    }
    return finish(response);
  }

  const platform: MockPlatform = {
    async fetch(input, init) {
      // No await before handle() for a native request: a fault binds to the call at once.
      const request = isForeignRequest(input)
        ? await copyRequest(input, init)
        : input instanceof Request && init === undefined
          ? input
          : new Request(input, init);
      const outcome = await handle(request);
      if (outcome.type === 'network')
        throw new TypeError('Failed to fetch (injected network fault)');
      if (outcome.type === 'aborted') throw outcome.reason;
      return outcome.response;
    },
    handle,
    handlers: [],
    state,
    faults,
    options: resolved,
    reset,
  };
  return Object.assign(platform, { handlers: createMswHandlers(platform) });
}
