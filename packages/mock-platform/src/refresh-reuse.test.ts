import { describe, expect, it, test, vi } from 'vitest';
import { isMockPlatformError } from './mock-platform-error';
import { createMockPlatform, type MockPlatform } from './platform';
import {
  REDIRECTS,
  TOKEN_URL,
  errorCode,
  post,
  visitorTokens,
  serveThroughMsw,
  caught,
} from './test-platform';

const platform = createMockPlatform();
serveThroughMsw(platform);

const refresh = (refreshToken: string, target: MockPlatform = platform) =>
  post(target, TOKEN_URL, { clientId: 'app', grantType: 'refresh_token', refreshToken });

/** An authenticated endpoint: a redirect session needs a valid access token. */
const redirectSession = (accessToken: string, target: MockPlatform = platform) =>
  post(target, `${REDIRECTS}/v1/redirect-session`, { login: {} }, accessToken);

describe('refreshTokenReuse', () => {
  it("defaults to 'reject': a retired refresh token is refused, the newer tokens live on", async () => {
    expect(platform.state.settings.refreshTokenReuse).toBe('reject');
    const first = await visitorTokens(platform);
    const second = (await refresh(first.refresh_token)).body as typeof first;
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body['error']).toBe('invalid_grant');
    expect((await redirectSession(second.access_token)).status).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it("'revoke-family' revokes every token descended from the grant and answers invalid_grant", async () => {
    const local = createMockPlatform({ refreshTokenReuse: 'revoke-family' });
    expect(local.state.settings.refreshTokenReuse).toBe('revoke-family');
    const other = await visitorTokens(local);
    const first = await visitorTokens(local);
    const second = (await refresh(first.refresh_token, local)).body as typeof first;
    const third = (await refresh(second.refresh_token, local)).body as typeof first;
    expect((await redirectSession(third.access_token, local)).status).toBe(200);

    const reused = await refresh(first.refresh_token, local);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      error: 'invalid_grant',
      details: { applicationError: { code: 'invalid_grant' } },
    });
    for (const token of [second.access_token, third.access_token, third.refresh_token])
      expect(local.state.tokens.describe(token)?.status).toBe('revoked');
    const refused = await redirectSession(third.access_token, local);
    expect(refused.status).toBe(401);
    expect(errorCode(refused.body)).toBe('UNAUTHENTICATED');
    expect((await refresh(third.refresh_token, local)).body['error']).toBe('invalid_grant');
    // Another grant's family is untouched.
    expect((await redirectSession(other.access_token, local)).status).toBe(200);
    expect((await refresh(other.refresh_token, local)).status).toBe(200);
  });

  it("'revoke-family' ends a member's session from one login and keeps the member's other logins", async () => {
    const local = createMockPlatform({ refreshTokenReuse: 'revoke-family' });
    const member = local.state.addMember({ email: 'ada@example.com', password: 'secret' });
    const login = local.state.tokens.issue({
      role: 'member',
      clientId: 'app',
      memberId: member.id,
    });
    const otherLogin = local.state.tokens.issue({
      role: 'member',
      clientId: 'app',
      memberId: member.id,
    });
    const renewed = (await refresh(login.refresh_token, local)).body as unknown as typeof login;
    expect(local.state.tokens.describe(renewed.access_token)).toMatchObject({
      role: 'member',
      familyId: local.state.tokens.describe(login.access_token)?.familyId,
    });
    await refresh(login.refresh_token, local);
    expect(local.state.tokens.authenticate(renewed.access_token)).toBeUndefined();
    expect(local.state.tokens.authenticate(otherLogin.access_token)?.role).toBe('member');
  });

  it('applies a change of platform.state.settings to the next request', async () => {
    const first = await visitorTokens(platform);
    const second = (await refresh(first.refresh_token)).body as typeof first;
    platform.state.settings.refreshTokenReuse = 'revoke-family';
    await refresh(first.refresh_token);
    expect(platform.state.tokens.describe(second.refresh_token)?.status).toBe('revoked');
  });

  it('is set and checked through the control API', async () => {
    const set = await post(platform, 'https://www.wixapis.com/_mock/settings', {
      refreshTokenReuse: 'revoke-family',
    });
    expect(set.status).toBe(200);
    expect(set.body['refreshTokenReuse']).toBe('revoke-family');
    const bad = await post(platform, 'https://www.wixapis.com/_mock/settings', {
      refreshTokenReuse: 'always',
    });
    expect(bad.status).toBe(400);
    expect(errorCode(bad.body)).toBe('INVALID_SETTING');
    expect(bad.body['message']).toBe(
      `refreshTokenReuse must be one of 'reject', 'revoke-family', got "always"`,
    );
    expect(platform.state.settings.refreshTokenReuse).toBe('revoke-family');
    const unknown = await post(platform, 'https://www.wixapis.com/_mock/settings', { foo: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body['message']).toMatch(/^foo is not a setting/);
  });

  test.each([
    [
      { refreshTokenReuse: 'never' },
      `refreshTokenReuse must be one of 'reject', 'revoke-family', got "never"`,
    ],
    [
      { accessTokenTtlSeconds: -1 },
      'accessTokenTtlSeconds must be a positive number of seconds, got -1',
    ],
    [
      { site: { captcha: 'sometimes' } },
      `site.captcha must be one of 'off', 'invisible', 'visible', got "sometimes"`,
    ],
  ])('createMockPlatform(%j) throws INVALID_OPTION', (options, message) => {
    const error = caught(() => createMockPlatform(options as never));
    expect(isMockPlatformError(error) && error.code).toBe('INVALID_OPTION');
    expect((error as Error).message).toBe(message);
  });
});

describe('refreshTokenReused in the request log', () => {
  it('flags each refresh grant whose refresh token the endpoint had already received', async () => {
    const first = await visitorTokens(platform);
    const second = (await refresh(first.refresh_token)).body as typeof first;
    await refresh(first.refresh_token);
    await refresh(first.refresh_token);
    await refresh('mock-rt.never-issued');
    await refresh('mock-rt.never-issued');
    await refresh(second.refresh_token);
    expect(
      platform.state.requests.map(({ grantType, status, refreshTokenReused }) => ({
        grantType,
        status,
        refreshTokenReused,
      })),
    ).toEqual([
      { grantType: 'anonymous', status: 200, refreshTokenReused: undefined },
      { grantType: 'refresh_token', status: 200, refreshTokenReused: false },
      { grantType: 'refresh_token', status: 400, refreshTokenReused: true },
      { grantType: 'refresh_token', status: 400, refreshTokenReused: true },
      { grantType: 'refresh_token', status: 400, refreshTokenReused: false },
      { grantType: 'refresh_token', status: 400, refreshTokenReused: true },
      { grantType: 'refresh_token', status: 200, refreshTokenReused: false },
    ]);
    expect(platform.state.refreshTokenReuses).toBe(3);
    const state = (await (await fetch('https://www.wixapis.com/_mock/state')).json()) as {
      counts: { refreshTokenReuses: number };
    };
    expect(state.counts.refreshTokenReuses).toBe(3);
    const log = (await (await fetch('https://www.wixapis.com/_mock/requests')).json()) as {
      refreshTokenReused?: boolean;
    }[];
    expect(log.filter((entry) => entry.refreshTokenReused)).toHaveLength(3);
  });

  it('orders two racing requests with one refresh token as the endpoint took them', async () => {
    const first = await visitorTokens(platform);
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 400]);
    expect(platform.state.requests.slice(1).map((entry) => entry.refreshTokenReused)).toEqual([
      false,
      true,
    ]);
  });

  it('a request stopped by a fault before processing does not spend the token, but repeats are flagged', async () => {
    const first = await visitorTokens(platform);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    expect((await refresh(first.refresh_token)).status).toBe(503);
    expect((await refresh(first.refresh_token)).status).toBe(200);
    platform.faults.inject({ path: '/oauth2/token', kind: 'network' });
    await expect(refresh(first.refresh_token)).rejects.toBeInstanceOf(TypeError);
    expect(platform.state.requests.slice(1).map((entry) => entry.refreshTokenReused)).toEqual([
      false,
      false,
      true,
    ]);
    expect(platform.state.refreshTokenReuses).toBe(1);
  });

  it('reset forgets the tokens received', async () => {
    const first = await visitorTokens(platform);
    await refresh(first.refresh_token);
    platform.reset();
    expect(platform.state.refreshTokenReuses).toBe(0);
    expect(platform.state.tokens.presentations(first.refresh_token)).toBe(0);
  });
});

describe("the 'lost' fault", () => {
  it('processes a refresh grant (it rotates), then fails like a dropped connection', async () => {
    const first = await visitorTokens(platform);
    platform.faults.inject({ path: '/oauth2/token', kind: 'lost' });
    await expect(
      fetch(TOKEN_URL, {
        method: 'POST',
        body: JSON.stringify({
          clientId: 'app',
          grantType: 'refresh_token',
          refreshToken: first.refresh_token,
        }),
      }),
    ).rejects.toThrow(TypeError);
    expect(platform.state.tokens.describe(first.refresh_token)?.status).toBe('used');
    expect(platform.state.tokens.size).toBe(4);
    expect(platform.state.requests[1]).toMatchObject({
      grantType: 'refresh_token',
      status: 200,
      lost: true,
      refreshTokenReused: false,
    });
    // The client retries with the only token it has: a reuse.
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect(platform.state.refreshTokenReuses).toBe(1);
  });

  it('with revoke-family, the retry after a lost answer revokes the session', async () => {
    const local = createMockPlatform({ refreshTokenReuse: 'revoke-family' });
    const first = await visitorTokens(local);
    local.faults.inject({ kind: 'lost' });
    await expect(refresh(first.refresh_token, local)).rejects.toBeInstanceOf(TypeError);
    expect(local.state.tokens.presentations(first.refresh_token)).toBe(1);
    expect((await refresh(first.refresh_token, local)).status).toBe(400);
    expect(local.state.tokens.describe(first.access_token)?.status).toBe('revoked');
    expect(local.state.requests.filter((entry) => entry.lost)).toHaveLength(1);
  });

  it('waits latencyMs before failing, the request already processed', async () => {
    vi.useFakeTimers();
    const first = await visitorTokens(platform);
    platform.faults.inject({ path: '/oauth2/token', kind: 'lost', latencyMs: 6000 });
    let settled = false;
    const pending = refresh(first.refresh_token).finally(() => (settled = true));
    pending.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.state.tokens.describe(first.refresh_token)?.status).toBe('used');
    await vi.advanceTimersByTimeAsync(5900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });
});

describe("the 'latency' fault", () => {
  it('is targeted by path and by number of requests', async () => {
    vi.useFakeTimers();
    platform.faults.inject({ path: '/oauth2/token', kind: 'latency', latencyMs: 6000, times: 2 });
    const started = Date.now();
    const a = post(platform, TOKEN_URL, { clientId: 'app', grantType: 'anonymous' });
    const b = post(platform, TOKEN_URL, { clientId: 'app', grantType: 'anonymous' });
    const c = post(platform, TOKEN_URL, { clientId: 'app', grantType: 'anonymous' });
    const other = redirectSession('mock-at.unknown');
    expect((await other).status).toBe(401);
    expect((await c).status).toBe(200);
    expect(Date.now() - started).toBe(0);
    await vi.advanceTimersByTimeAsync(6000);
    expect((await a).status).toBe(200);
    expect((await b).status).toBe(200);
    expect(platform.faults.pending).toHaveLength(0);
  });

  it("with latencyPhase 'response' the grant rotates at once and the answer comes late", async () => {
    vi.useFakeTimers();
    const first = await visitorTokens(platform);
    platform.faults.inject({
      path: '/oauth2/token',
      kind: 'latency',
      latencyMs: 6000,
      latencyPhase: 'response',
    });
    const pending = refresh(first.refresh_token);
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.state.tokens.describe(first.refresh_token)?.status).toBe('used');
    // Another tab presenting the same token meanwhile is refused and flagged.
    expect((await refresh(first.refresh_token)).status).toBe(400);
    await vi.advanceTimersByTimeAsync(6000);
    expect((await pending).status).toBe(200);
    expect(platform.state.refreshTokenReuses).toBe(1);
  });

  it("with the default latencyPhase 'request' the grant is processed after the delay", async () => {
    vi.useFakeTimers();
    const first = await visitorTokens(platform);
    platform.faults.inject({ path: '/oauth2/token', kind: 'latency', latencyMs: 6000 });
    const pending = refresh(first.refresh_token);
    await vi.advanceTimersByTimeAsync(5000);
    expect(platform.state.tokens.describe(first.refresh_token)?.status).toBe('active');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending).status).toBe(200);
  });
});

describe('bad faults', () => {
  test.each([
    [{ kind: 'latency', latencyMs: -5 }, 'latencyMs must be a number of milliseconds ≥ 0, got -5'],
    [
      { kind: 'latency', latencyPhase: 'later' },
      `latencyPhase must be 'request' or 'response', got "later"`,
    ],
    [{ kind: 'lost', times: '2' }, 'times must be a positive number or Infinity, got "2"'],
    [{ kind: 'dropped' }, /^kind must be one of .*lost, got "dropped"$/],
  ])('%j is an INVALID_FAULT naming the field', (spec, message) => {
    const error = caught(() => platform.faults.inject(spec as never));
    expect(isMockPlatformError(error) && error.code).toBe('INVALID_FAULT');
    expect((error as Error).message).toMatch(message);
  });

  it('the control API answers 400 INVALID_FAULT, also for a bad pathPattern', async () => {
    const bad = await post(platform, 'https://www.wixapis.com/_mock/faults', {
      kind: 'lost',
      pathPattern: '(',
    });
    expect(bad.status).toBe(400);
    expect(errorCode(bad.body)).toBe('INVALID_FAULT');
    expect(bad.body['message']).toMatch(/^pathPattern must be a regular expression/);
    const good = await post(platform, 'https://www.wixapis.com/_mock/faults', {
      kind: 'latency',
      pathPattern: '^/oauth2/',
      latencyMs: 10,
      latencyPhase: 'response',
      times: 'Infinity',
    });
    expect(good.status).toBe(201);
    expect(platform.faults.pending).toEqual([
      {
        kind: 'latency',
        path: /^\/oauth2\//,
        latencyMs: 10,
        latencyPhase: 'response',
        times: Infinity,
      },
    ]);
  });
});
