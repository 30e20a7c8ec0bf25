#!/usr/bin/env node
// npm run dev: checks that its ports are free (PORT, MOCK_PLATFORM_PORT), builds
// the packages, then starts the playground (which starts the mock platform beside
// it) and prints the URLs.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDevPorts } from '../apps/playground/scripts/ports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await checkDevPorts();
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const built = spawnSync(
  join(root, 'node_modules', '.bin', 'turbo'),
  ['run', 'build', '--filter=./packages/*', '--output-logs=errors-only'],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
if (built.status !== 0) process.exit(built.status ?? 1);
const dev = spawn('pnpm', ['--filter', 'playground', 'dev'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
