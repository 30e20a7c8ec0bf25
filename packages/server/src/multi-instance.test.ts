import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { createMockPlatform, startMockPlatformServer } from '@site-identity/mock-platform';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startRedis } from './redis-test-server';
import { ADA, SECRET } from './test-platform';

// Ports of this suite: the platform, Redis, and two instances per coordinator.
const PLATFORM_PORT = 4491;
const REDIS_PORT = 4494;
const INSTANCES = { redis: [4492, 4493], memory: [4495, 4496] } as const;

const outDir = join(import.meta.dirname, '..', 'node_modules', '.cache', 'server-test-instance');
const entry = join(outDir, 'instance.mjs');
let platformServer: Awaited<ReturnType<typeof startMockPlatformServer>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
const children: ChildProcess[] = [];

function startInstance(port: number, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), PLATFORM_URL: platformServer.url, SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`instance ${port} did not start:\n${output}`)),
      15_000,
    );
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${port} exited with ${code}:\n${output}`));
    });
  });
}

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(import.meta.dirname, 'test-instance.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: entry,
    logLevel: 'silent',
  });
  // Access tokens that count as expired (60 s leeway) two seconds after they are issued.
  const platform = createMockPlatform({ members: [ADA], accessTokenTtlSeconds: 62 });
  platformServer = await startMockPlatformServer({ port: PLATFORM_PORT, platform });
  redis = await startRedis(REDIS_PORT);
  await Promise.all([
    ...INSTANCES.redis.map((port) => startInstance(port, { REDIS_URL: redis.url })),
    ...INSTANCES.memory.map((port) => startInstance(port, {})),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await redis?.stop();
  await platformServer?.close();
});

/** Logs Ada in through the hosted page, over HTTP, as a browser would; resolves with her Cookie header. */
async function logIn(port: number): Promise<string> {
  const site = `http://127.0.0.1:${port}`;
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (/Max-Age=0/.test(line)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const start = await fetch(`${site}/auth/login?returnTo=/account`, { redirect: 'manual' });
  remember(start);
  const hosted = await fetch(start.headers.get('location')!, {
    method: 'POST',
    body: new URLSearchParams({ ...ADA, action: 'login' }),
    redirect: 'manual',
  });
  const callback = await fetch(hosted.headers.get('location')!, {
    headers: { cookie: cookie() },
    redirect: 'manual',
  });
  remember(callback);
  expect(callback.headers.get('location')).toBe('/account');
  return cookie();
}

const refreshRequests = () =>
  platformServer.platform.state.requests.filter((r) => r.grantType === 'refresh_token');

describe.each([
  ['redisCoordinator', INSTANCES.redis, 1],
  ['memoryCoordinator (the control: one per process)', INSTANCES.memory, 2],
] as const)('two server processes with %s', (_, ports, expectedRefreshes) => {
  test(`one expired session, 20 concurrent requests to both instances → ${expectedRefreshes} refresh request(s)`, async () => {
    const cookie = await logIn(ports[0]);
    // Let the access token come within the leeway, then hold the refresh answer so the
    // requests of both instances overlap it.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const before = refreshRequests().length;
    platformServer.platform.faults.inject({
      path: '/oauth2/token',
      kind: 'latency',
      latencyMs: 400,
      times: 2,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`http://127.0.0.1:${ports[i % 2]}/whoami`, { headers: { cookie } }).then(
          async (r) =>
            (await r.json()) as { instance: string; status: string; accessToken?: string },
        ),
      ),
    );
    platformServer.platform.faults.clear();
    expect(refreshRequests().length - before).toBe(expectedRefreshes);
    if (expectedRefreshes === 1) {
      expect(new Set(answers.map((a) => a.instance)).size).toBe(2);
      expect(answers.every((a) => a.status === 'member')).toBe(true);
      expect(new Set(answers.map((a) => a.accessToken)).size).toBe(1);
      expect(platformServer.platform.state.tokens.describe(answers[0]!.accessToken!)).toMatchObject(
        {
          role: 'member',
          status: 'active',
        },
      );
    } else {
      // Without a shared coordinator the second instance spends the rotated refresh token.
      expect(
        refreshRequests()
          .slice(-2)
          .map((r) => r.status),
      ).toContain(400);
    }
  }, 30_000);
});
