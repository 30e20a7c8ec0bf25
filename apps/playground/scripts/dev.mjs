#!/usr/bin/env node
// Starts the mock platform server and the Vite dev server side by side, prints
// both URLs once they answer, and stops both on Ctrl-C (or when either exits).
// It first checks that both ports are free, and says which is taken otherwise.
//
//   MOCK_PLATFORM_PORT  mock platform port (default 4010)
//   PORT                playground port (default 5173)
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDevPorts } from './ports.mjs';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const { mock: mockPort, app: appPort } = await checkDevPorts();
const mockUrl = `http://127.0.0.1:${mockPort}`;
const appUrl = `http://127.0.0.1:${appPort}`;

const children = [];
let stopping = false;

function start(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: app,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n'))
        if (line.trim()) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the other server too.`,
      );
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}

async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      await fetch(url);
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return false;
}

start(
  'mock-platform',
  join(app, 'node_modules', '.bin', 'mock-platform'),
  ['--port', String(mockPort)],
  {},
);
start(
  'vite',
  join(app, 'node_modules', '.bin', 'vite'),
  ['--port', String(appPort), '--strictPort'],
  {
    VITE_MOCK_PLATFORM_URL: mockUrl,
  },
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));

const [mockUp, appUp] = await Promise.all([waitFor(`${mockUrl}/_mock/state`), waitFor(appUrl)]);
if (mockUp && appUp) {
  console.log('');
  console.log('  Site Identity playground');
  console.log(`    playground     ${appUrl}/`);
  console.log(`    mock platform  ${mockUrl}/  (control API under ${mockUrl}/_mock/)`);
  console.log(
    `    cross-site     http://localhost:${appPort}/  (the playground on another site than the platform)`,
  );
  console.log('  Press Ctrl-C to stop both.');
  console.log('');
}
