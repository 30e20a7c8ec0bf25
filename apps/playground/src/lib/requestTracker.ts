/** How a request of the library ended. */
export type RequestOutcome = 'pending' | 'ok' | 'refused' | 'failed';

/** One request a tab's library made to the platform. */
export interface TrackedRequest {
  readonly id: string;
  /** The tab that made it (see {@link TabIdentity}). */
  readonly tab: string;
  readonly method: string;
  readonly path: string;
  readonly grant?: string;
  /** Epoch ms. */
  readonly start: number;
  readonly end?: number;
  /** The answer's status; 0 when no answer came (network failure, time-out). */
  readonly status?: number;
  readonly outcome: RequestOutcome;
}

/**
 * Records the platform requests of the library in this tab (its `fetch` goes
 * through {@link RequestTracker.fetch}): the step a flow is taking, and the popup
 * login's watch on its own requests. Nothing is shared with other tabs: a channel
 * message to a page in the back/forward cache would make the browser evict it (the
 * session panel of `@site-identity/devtools` shows the hand-offs between tabs).
 */
export interface RequestTracker {
  readonly tab: string;
  readonly fetch: typeof fetch;
  getSnapshot(): readonly TrackedRequest[];
  subscribe(listener: () => void): () => void;
  /** Calls `listener` when a request of this tab starts; returns the unsubscribe function. */
  onStart(listener: (request: TrackedRequest) => void): () => void;
  clear(): void;
}

const LIMIT = 300;

function grantOf(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const grant = parsed['grantType'] ?? parsed['grant_type'];
    return typeof grant === 'string' ? grant : undefined;
  } catch {
    return undefined;
  }
}

function outcomeOf(status: number): RequestOutcome {
  if (status === 0 || status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'ok';
}

export function createRequestTracker(tab: string): RequestTracker {
  let entries: readonly TrackedRequest[] = [];
  let next = 0;
  const page = Date.now().toString(36);
  const listeners = new Set<() => void>();
  const starters = new Set<(request: TrackedRequest) => void>();
  const put = (entry: TrackedRequest) => {
    const others = entries.filter((known) => known.id !== entry.id);
    entries = [...others, entry].sort((a, b) => a.start - b.start).slice(-LIMIT);
    for (const listener of listeners) listener();
  };
  const record = put;

  const tracked: typeof fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = new URL(href, window.location.href);
    const entry: TrackedRequest = {
      id: `${tab}-${page}-${++next}`,
      tab,
      method: method.toUpperCase(),
      path: url.pathname,
      grant: grantOf(init?.body),
      start: Date.now(),
      outcome: 'pending',
    };
    record(entry);
    for (const starter of starters) starter(entry);
    try {
      const response = await fetch(input, init);
      record({
        ...entry,
        end: Date.now(),
        status: response.status,
        outcome: outcomeOf(response.status),
      });
      return response;
    } catch (error) {
      record({ ...entry, end: Date.now(), status: 0, outcome: 'failed' });
      throw error;
    }
  };

  return {
    tab,
    fetch: tracked,
    getSnapshot: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStart(listener) {
      starters.add(listener);
      return () => starters.delete(listener);
    },
    clear() {
      entries = [];
      for (const listener of listeners) listener();
    },
  };
}

/** What a request is for, in words: the step a multi-step flow is taking. */
export function stepOf(request: Pick<TrackedRequest, 'path' | 'grant' | 'method'>): string {
  const { path, grant } = request;
  if (path.endsWith('/oauth2/token')) {
    if (grant === 'authorization_code') return 'exchanging the code for member tokens';
    if (grant === 'refresh_token') return 'renewing the access token';
    if (grant === 'anonymous') return 'getting visitor tokens';
    return `asking the token endpoint (${grant ?? 'grant'})`;
  }
  if (path.endsWith('/v2/login')) return 'checking the e-mail and password';
  if (path.endsWith('/v2/register')) return 'creating the member';
  if (path.endsWith('/verify')) return 'checking the code';
  if (path.endsWith('/v2/sign-on')) return 'signing the member on';
  if (path.endsWith('/redirect-session')) return 'asking the platform for a hosted page';
  return `${request.method} ${path}`;
}
