import { describe, expect, test } from 'vitest';
import { inspect } from './inspection';
import type { InspectionEvent } from './inspection-events';
import { memoryStorage } from './storage';
import { MIN_POOR_RENEWAL_INTERVAL_MS } from './renewal';
import { createTokenEndpoint, MAX_ANSWER_BYTES } from './token-endpoint';
import { createTokenManager } from './token-manager';
import { isTokenEndpointError, isTokensError, type TokensError } from './tokens-error';

const NOW = 1_700_000_000_000;
const A_YEAR = 31_536_000;

/** A token endpoint whose every answer is `answer()`, counting the requests. */
function endpointAnswering(answer: () => Response) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => (requests.push(request), answer());
  return { requests, fetch };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isTokenEndpointError(error))
    throw new Error(`expected a TokenEndpointError, got ${String(error)}`);
  return error;
}

describe('malformed token answers', () => {
  // expires_in as the endpoint gave it, each accepted before: now refused, the answer
  // INVALID_RESPONSE (a missing, negative or non-numeric one: token-set.test.ts).
  test.each<[string, unknown]>([
    ['a hexadecimal string', '0x10'],
    ['an empty string', ''],
    ['a string with spaces', ' 60 '],
    ['an exponent string', '1e3'],
    ['a fraction', 0.5],
    ['1e308', 1e308],
    ['zero', 0],
    ['one second over a year', A_YEAR + 1],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER],
    ['a string of a fraction', '0.5'],
  ])('expires_in of %s: INVALID_RESPONSE', async (_what, expiresIn) => {
    const { fetch } = endpointAnswering(() =>
      Response.json({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: expiresIn }),
    );
    const endpoint = createTokenEndpoint({ clientId: 'c', fetch, now: () => NOW });
    const error = await refusal(endpoint.anonymous());
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('the answer is not a token set');
  });

  test.each<[string, unknown, number]>([
    ['one second', 1, 1],
    ['a year', A_YEAR, A_YEAR],
    ['a string of digits', '3600', 3600],
  ])('expires_in of %s is kept', async (_what, expiresIn, seconds) => {
    const { fetch } = endpointAnswering(() =>
      Response.json({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: expiresIn }),
    );
    const endpoint = createTokenEndpoint({ clientId: 'c', fetch, now: () => NOW });
    expect((await endpoint.anonymous()).accessToken.expiresAt).toBe(NOW / 1000 + seconds);
  });

  test.each<[string, (pulled: { bytes: number }) => Response]>([
    [
      'a 10 MB answer, streamed without a length',
      (pulled) => {
        const chunk = new TextEncoder().encode(`{"access_token":"${'a'.repeat(16_000)}`);
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled.bytes += chunk.byteLength;
              if (pulled.bytes > 10_000_000) controller.close();
              else controller.enqueue(chunk);
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      },
    ],
    [
      'an answer declaring 10 MB',
      () =>
        new Response('{}', {
          headers: { 'content-type': 'application/json', 'content-length': '10000000' },
        }),
    ],
    [
      'a valid token set padded past the limit',
      () =>
        Response.json({
          access_token: 'at-1',
          refresh_token: 'rt-1',
          expires_in: 3600,
          padding: 'x'.repeat(MAX_ANSWER_BYTES),
        }),
    ],
  ])('%s is refused, read no further than the limit', async (_what, make) => {
    const pulled = { bytes: 0 };
    const { fetch } = endpointAnswering(() => make(pulled));
    const endpoint = createTokenEndpoint({ clientId: 'c', fetch, now: () => NOW });
    const error = await refusal(endpoint.anonymous());
    expect(error.code).toBe('INVALID_RESPONSE');
    // The stream is cancelled past the limit (a chunk or two of read-ahead at most).
    expect(pulled.bytes).toBeLessThan(MAX_ANSWER_BYTES + 3 * 16_020);
  });
});

describe('a floor on token requests when the answer gives nothing usable', () => {
  function managerAnswering(expiresIn: number) {
    let now = NOW;
    const { requests, fetch } = endpointAnswering(() =>
      Response.json({ access_token: `at-${now}`, refresh_token: 'rt-1', expires_in: expiresIn }),
    );
    const manager = createTokenManager({
      clientId: 'c',
      fetch,
      now: () => now,
      storage: memoryStorage(),
      crossTab: false,
      onError: () => {},
    });
    return { manager, requests, advance: (ms: number) => void (now += ms) };
  }

  test.each([
    ['born expired: 30 s with a leeway of 60 s', 30],
    ['born expired: 1 s', 1],
  ])('%s: ten getTokens() in a row make one request', async (_what, expiresIn) => {
    const { manager, requests } = managerAnswering(expiresIn);
    for (let call = 0; call < 10; call += 1) await manager.getTokens();
    expect(requests).toHaveLength(1);
    manager.dispose();
  });

  test('born expired: after the floor, the next getTokens() asks again', async () => {
    const { manager, requests, advance } = managerAnswering(30);
    await manager.getTokens();
    advance(MIN_POOR_RENEWAL_INTERVAL_MS);
    await manager.getTokens();
    expect(requests).toHaveLength(2);
    manager.dispose();
  });

  test('born expired: once its own expiry passed, the next getTokens() asks again', async () => {
    const { manager, requests, advance } = managerAnswering(1);
    await manager.getTokens();
    advance(1_000);
    await manager.getTokens();
    expect(requests).toHaveLength(2);
    manager.dispose();
  });

  test('expires_in 0: ten getTokens() make one request, each rejects INVALID_RESPONSE', async () => {
    const { manager, requests, advance } = managerAnswering(0);
    for (let call = 0; call < 10; call += 1) {
      const error = await refusal(manager.getTokens());
      expect(error.code).toBe('INVALID_RESPONSE');
    }
    expect(requests).toHaveLength(1);
    advance(MIN_POOR_RENEWAL_INTERVAL_MS);
    await refusal(manager.getTokens());
    expect(requests).toHaveLength(2);
    manager.dispose();
  });
});

describe('stored records from beyond the clock', () => {
  const KEY = 'site-identity:c:tokens';
  const record = (expiresAt: number, epoch = 1) =>
    JSON.stringify({
      accessToken: { value: 'at-stored', expiresAt },
      refreshToken: { value: 'rt-stored', role: 'member' },
      epoch,
      generation: 0,
    });

  test.each<[string, string]>([
    ['an expiresAt of 1e308', record(1e308)],
    ['an expiresAt a year and a second ahead', record(NOW / 1000 + A_YEAR + 1)],
    ['the largest safe epoch', record(NOW / 1000 + 3600, Number.MAX_SAFE_INTEGER)],
    ['an epoch an hour ahead', record(NOW / 1000 + 3600, NOW + 3_600_000)],
  ])('%s is read as corrupt, never adopted', async (_what, stored) => {
    const storage = memoryStorage();
    void storage.setItem(KEY, stored);
    const errors: TokensError[] = [];
    const { fetch, requests } = endpointAnswering(() =>
      Response.json({ access_token: 'at-new', refresh_token: 'rt-new', expires_in: 3600 }),
    );
    const manager = createTokenManager({
      clientId: 'c',
      fetch,
      now: () => NOW,
      storage,
      crossTab: false,
      onError: (error) => {
        if (isTokensError(error)) errors.push(error);
      },
    });
    const tokens = await manager.getTokens();
    expect(tokens.accessToken.value).toBe('at-new');
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(requests).toHaveLength(1);
    expect(errors.map((error) => error.code)).toContain('STORAGE_CORRUPT');
    manager.dispose();
  });

  test('a record within the bounds is adopted', async () => {
    const storage = memoryStorage();
    void storage.setItem(KEY, record(NOW / 1000 + A_YEAR));
    const manager = createTokenManager({ clientId: 'c', now: () => NOW, storage, crossTab: false });
    expect((await manager.getTokens()).accessToken.value).toBe('at-stored');
    manager.dispose();
  });
});

describe('hostile messages of another tab, heard by a manager', () => {
  test.each<[string, Record<string, unknown>]>([
    ['a sign-out from the largest safe epoch', { tokens: null, epoch: Number.MAX_SAFE_INTEGER }],
    [
      'attacker tokens from an epoch an hour ahead',
      {
        tokens: {
          accessToken: { value: 'at-attacker', expiresAt: NOW / 1000 + 3600 },
          refreshToken: { value: 'rt-attacker', role: 'member' },
        },
        epoch: NOW + 3_600_000,
      },
    ],
  ])('%s: the session is kept, the inspection told', async (_what, fields) => {
    const listeners = new Set<(event: { data: unknown }) => void>();
    const port = {
      postMessage: () => {},
      addEventListener: (_type: 'message', listener: (event: { data: unknown }) => void) =>
        void listeners.add(listener),
      removeEventListener: () => {},
      close: () => {},
    };
    const { fetch } = endpointAnswering(() =>
      Response.json({ access_token: 'at-own', refresh_token: 'rt-own', expires_in: 3600 }),
    );
    const manager = createTokenManager({
      clientId: 'c',
      fetch,
      now: () => NOW,
      storage: memoryStorage(),
      crossTab: { locks: null, openPort: () => port },
    });
    const events: InspectionEvent[] = [];
    const stop = inspect(manager, (event) => void events.push(event));
    await manager.getTokens();
    for (const listener of listeners)
      listener({ data: { key: 'site-identity:c:tokens', generation: 0, ...fields } });
    expect((await manager.getTokens()).accessToken.value).toBe('at-own');
    const refused = events.flatMap((event) => (event.type === 'error' ? [event.error] : []));
    expect(refused.map((error) => error.code)).toEqual(['TAB_MESSAGE_REFUSED']);
    expect(refused[0]?.message).not.toContain('attacker');
    // A later sign-out of this tab is an ordinary epoch, read back by every tab.
    await manager.clear();
    expect(manager.getSnapshot().tokens).toBeNull();
    stop();
    manager.dispose();
  });
});
