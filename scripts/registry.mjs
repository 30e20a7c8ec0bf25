#!/usr/bin/env node
// A real npm registry on loopback: Verdaccio (a root devDependency), with its storage
// under .cache/registry/, no uplink (it serves only what is published into it, so it
// works offline; everything outside the @site-identity scope still comes from the
// ordinary registry through the scope line), on a free port of 127.0.0.1 that the
// system picks. Anyone may publish into it: it is a local stand-in, never exposed.
//
// As a module: `startRegistry({ name })` starts one and answers
// `{ url, storage, npmrc, env, stop() }`; the scripts that need one (the release test,
// the consumer matrix) start and stop their own.
// As a command (`pnpm registry [--port N] [--fresh]`): starts the one people use
// (.cache/registry/local/), prints how to publish into it and install from it, and
// runs until Ctrl-C. `pnpm release` finds it through .cache/registry/local/url.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where every registry of this repository keeps its files, one directory per name. */
export const REGISTRY_HOME = join(root, '.cache', 'registry');
/** The scope every published package lives in. */
export const SCOPE = '@site-identity';

/** A port on 127.0.0.1 that nothing listens on now (the system picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function configYaml(storage) {
  // no `uplinks`: a package that was not published here is a 404, never a download
  return [
    `storage: ${JSON.stringify(storage)}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(storage, '..', 'htpasswd'))}`,
    '    max_users: -1',
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $all',
    '    unpublish: $all',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/** The lines of an .npmrc that send the scope to `url` (and authorise publishing there). */
export function npmrcLines(url, { publish = false } = {}) {
  const lines = [`${SCOPE}:registry=${url}`];
  // npm and pnpm refuse to publish without a token; this registry accepts any
  if (publish) lines.push(`${url.replace(/^https?:/, '')}:_authToken=local-registry`);
  return lines;
}

async function waitUntilUp(url, child, output) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the registry exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the registry did not answer ${url}-/ping within 30 s:\n${output()}`);
}

/**
 * Starts Verdaccio with its files in .cache/registry/<name>/ (emptied first unless
 * `keep`), on `port` or a free one. Answers its URL, an .npmrc that points the scope at
 * it with a publish token, the environment that makes npm, pnpm and changesets use that
 * .npmrc, and `stop()`.
 */
export async function startRegistry({ name, port, keep = false, stdio = 'pipe' }) {
  const home = join(REGISTRY_HOME, name);
  const storage = join(home, 'storage');
  if (!keep) rmSync(home, { recursive: true, force: true });
  mkdirSync(storage, { recursive: true });
  writeFileSync(join(home, 'config.yaml'), configYaml(storage));
  const listen = port ?? (await freePort());
  const url = `http://127.0.0.1:${listen}/`;
  const npmrc = join(home, 'npmrc');
  writeFileSync(npmrc, `${npmrcLines(url, { publish: true }).join('\n')}\n`);

  const bin = join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  if (!existsSync(bin)) throw new Error(`no Verdaccio at ${bin} (run node scripts/setup.mjs)`);
  const child = spawn(
    process.execPath,
    [bin, '--config', join(home, 'config.yaml'), '--listen', `127.0.0.1:${listen}`],
    { stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  child.stderr?.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitUntilUp(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  // npm and pnpm read this .npmrc as the user's (the project's own .npmrc still applies)
  const env = { ...process.env, npm_config_userconfig: npmrc };
  return { url, home, storage, npmrc, env, stop, log: () => log };
}

/**
 * The packument of `name` as `registryUrl` serves it (undefined for a 404). A request the
 * connection lost (a kept-alive socket the server closed that moment) is tried again.
 */
export async function packument(registryUrl, name) {
  const url = `${registryUrl}${name.replace('/', '%2f')}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return await response.json();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** The URL of the registry `pnpm registry` runs, if it runs. */
export function localRegistryUrl() {
  const file = join(REGISTRY_HOME, 'local', 'url');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const portArg = args.indexOf('--port');
  const port = portArg >= 0 ? Number(args[portArg + 1]) : undefined;
  const registry = await startRegistry({
    name: 'local',
    port,
    keep: !args.includes('--fresh'),
    stdio: 'inherit',
  });
  const urlFile = join(registry.home, 'url');
  writeFileSync(urlFile, `${registry.url}\n`);
  console.log(`Registry: ${registry.url} (packages in ${registry.storage}; no uplink)`);
  console.log('Publish the workspace into it, in another terminal:  pnpm release');
  console.log("Then, in your project's .npmrc:");
  console.log(`  ${npmrcLines(registry.url)[0]}`);
  console.log('and install as usual:  npm install @site-identity/tokens');
  console.log('Ctrl-C stops it; the packages stay for the next start (--fresh empties it).');
  const shutdown = async () => {
    rmSync(urlFile, { force: true });
    await registry.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
