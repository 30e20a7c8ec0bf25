import { describe, expect, test } from 'vitest';
import type { Tokens } from '@site-identity/tokens';
import { parseCookies } from './cookies';
import { createSealer } from './sealer';
import { sessionCookie } from './session-cookie';

const A = 'first-secret-0123456789-abcdefghijklm';
const B = 'second-secret-9876543210-nopqrstuvwxyz-ABC';
const tokens: Tokens = {
  accessToken: { value: 'access', expiresAt: 2_000_000_000 },
  refreshToken: { value: 'refresh', role: 'member' },
};
const attrs = { path: '/', secure: false };

function jarOf(lines: string[]): Map<string, string> {
  return parseCookies(lines.map((line) => line.split(';')[0]).join('; '));
}

describe('sessionCookie', () => {
  const make = (secrets = [A], now = () => 1_000_000_000_000) =>
    sessionCookie({ name: 'sid', sealer: createSealer(secrets), maxAgeSeconds: 3600, now });

  test('round trip', async () => {
    const cookie = make();
    const lines = await cookie.write(new Map(), tokens, attrs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sid=[A-Za-z0-9_-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    expect(lines[0]).not.toContain('refresh');
    expect(await cookie.read(jarOf(lines))).toEqual({
      tokens,
      rewrite: false,
      until: 1_000_003_600,
    });
  });

  test('no cookie: no tokens, nothing to write', async () => {
    expect(await make().read(new Map())).toEqual({ tokens: null, rewrite: false });
  });

  test('tampered, foreign or garbage cookies are a visitor, and get cleared', async () => {
    const cookie = make();
    const [line] = await cookie.write(new Map(), tokens, attrs);
    const value = line!.split(';')[0]!.slice(4);
    const tampered = value.slice(0, 20) + (value[20] === 'x' ? 'y' : 'x') + value.slice(21);
    for (const bad of [
      tampered,
      'garbage',
      '',
      (await make([B]).write(new Map(), tokens, attrs))[0]!.split(';')[0]!.slice(4),
    ])
      expect(await cookie.read(new Map([['sid', bad]]))).toEqual({ tokens: null, rewrite: true });
  });

  test('a cookie past its own expiry is a visitor, even when a browser still sends it', async () => {
    let now = 1_000_000_000_000;
    const cookie = make([A], () => now);
    const lines = await cookie.write(new Map(), tokens, attrs);
    now += 3_599_000;
    expect((await cookie.read(jarOf(lines))).tokens).toEqual(tokens);
    now += 1_000;
    expect(await cookie.read(jarOf(lines))).toEqual({ tokens: null, rewrite: true });
  });

  test('a sealed record that is not a token set is a visitor', async () => {
    const sealer = createSealer([A]);
    const cookie = sessionCookie({ name: 'sid', sealer, maxAgeSeconds: 60, now: Date.now });
    const sealed = await sealer.seal('session:sid', JSON.stringify({ t: { nope: 1 }, x: 9e12 }));
    expect(await cookie.read(new Map([['sid', sealed]]))).toEqual({ tokens: null, rewrite: true });
  });

  test('a cookie sealed with a rotated-out first secret still opens and asks to be rewritten', async () => {
    const lines = await make([A]).write(new Map(), tokens, attrs);
    expect(await make([B, A]).read(jarOf(lines))).toEqual({
      tokens,
      rewrite: true,
      until: 1_000_003_600,
    });
  });

  test('long platform tokens are chunked and read back', async () => {
    const big: Tokens = {
      accessToken: { value: 'A'.repeat(3000), expiresAt: 2_000_000_000 },
      refreshToken: { value: 'R'.repeat(2500), role: 'member' },
    };
    const cookie = make();
    const lines = await cookie.write(new Map(), big, attrs);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^sid\.0=/);
    expect((await cookie.read(jarOf(lines))).tokens).toEqual(big);
  });

  test('null clears every piece', async () => {
    const cookie = make();
    const lines = await cookie.write(new Map(), tokens, attrs);
    expect(await cookie.write(jarOf(lines), null, attrs)).toEqual([
      'sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });

  test('where cookies are Secure, the name is __Host- prefixed', async () => {
    const cookie = make();
    const lines = await cookie.write(new Map(), tokens, { path: '/', secure: true });
    expect(lines).toEqual([
      expect.stringMatching(
        /^__Host-sid=[\w-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/,
      ),
    ]);
    expect((await cookie.read(jarOf(lines), true)).tokens).toEqual(tokens);
    // Over plain http (localhost) a prefixed cookie is not what this server wrote.
    expect((await cookie.read(jarOf(lines), false)).tokens).toBeNull();
  });

  test('a cookie of before the prefix keeps the member, is moved to the prefixed name and removed', async () => {
    const cookie = make();
    const old = jarOf(await cookie.write(new Map(), tokens, attrs));
    const read = await cookie.read(old, true);
    expect(read).toMatchObject({ tokens, rewrite: true });
    const moved = await cookie.write(old, tokens, { path: '/', secure: true, until: read.until });
    expect(moved.map((line) => line.split(';')[0]!.split('=')[0])).toEqual(['__Host-sid', 'sid']);
    expect(moved[1]).toMatch(/^sid=; Path=\/; Max-Age=0;/);
  });

  test('a renewal that keeps the sign-in time keeps its end: the cookie never outlives the sign-in', async () => {
    let now = 1_000_000_000_000;
    const cookie = make([A], () => now);
    const first = await cookie.write(new Map(), tokens, attrs);
    const { until } = await cookie.read(jarOf(first));
    now += 3_000_000;
    const renewed = await cookie.write(jarOf(first), tokens, { ...attrs, until });
    expect(renewed[0]).toMatch(/Max-Age=600;/);
    now += 600_000;
    expect((await cookie.read(jarOf(renewed))).tokens).toBeNull();
  });
});
