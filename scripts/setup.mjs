#!/usr/bin/env node
// Installs whatever a fresh machine is missing, and nothing else:
//   pnpm 12.21 (npm i -g), dependencies from the frozen lockfile, and with
//   --browser Debian's Chromium. Idempotent; a no-op run takes well under 2 s.
// Only Node built-ins here: this runs before any dependency exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '12.21.0';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');
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

// 3. Chromium for the end-to-end tests
if (wantBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) {
      console.error(
        `[setup] Chromium is missing at ${chromium}. Install Debian's package as root:\n` +
          '          apt-get update && apt-get install -y chromium\n' +
          '        or point CHROMIUM_PATH at a Chromium binary, then run npm test again.',
      );
      process.exit(1);
    }
    log("installing Chromium from Debian's packages");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  }
}
