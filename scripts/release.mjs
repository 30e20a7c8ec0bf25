#!/usr/bin/env node
// `pnpm release`: the release as maintainers run it, with changesets.
//   1. build the packages (turbo; skipped with --no-build),
//   2. `changeset version`: consumes the pending changesets, bumps each package that has
//      one and the dependents .changeset/config.json says (see CONTRIBUTING.md), writes
//      the changelogs (skipped with --current: publish the versions as they are),
//   3. `changeset publish`: publishes every package whose version is not on the registry
//      yet (with pnpm, which turns `workspace:^` into `^<version>`), nothing else.
// Where to:
//   (default)        the local registry `pnpm registry` runs (.cache/registry/local/url),
//   --registry URL   another registry for the @site-identity scope (no git tags),
//   --public         npm's public registry, with provenance (publishConfig.provenance):
//                    needs a token (NPM_TOKEN, or `npm login`) and, for provenance, a CI
//                    that issues an OIDC identity (GitHub Actions with id-token: write);
//                    creates the git tags `changeset publish` makes, to push afterwards.
// Only Node built-ins and the repository's own devDependencies.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localRegistryUrl, npmrcLines, REGISTRY_HOME } from './registry.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const changesetBin = join(root, 'node_modules', '.bin', 'changeset');

function step(command, args, options) {
  console.log(`[release] ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit code ${result.status})`);
}

/** The environment that points npm and pnpm at `registryUrl` for the scope, with a token. */
export function registryEnv(registryUrl, env = process.env) {
  mkdirSync(REGISTRY_HOME, { recursive: true });
  const npmrc = join(REGISTRY_HOME, 'release.npmrc');
  writeFileSync(npmrc, `${npmrcLines(registryUrl, { publish: true }).join('\n')}\n`);
  return { ...env, npm_config_userconfig: npmrc };
}

/**
 * Versions (unless `version: false`) and publishes the workspace in `cwd` with
 * changesets. `env` decides the registry (see `registryEnv`); `gitTag: false` leaves
 * the tags out.
 */
export function release({
  cwd = root,
  env = process.env,
  build = true,
  version = true,
  gitTag = true,
}) {
  const options = { cwd, env: { ...env, TURBO_TELEMETRY_DISABLED: '1' } };
  if (build)
    step(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--filter=./packages/*'], {
      ...options,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  if (version) step(changesetBin, ['version'], options);
  step(changesetBin, ['publish', ...(gitTag ? [] : ['--no-git-tag'])], options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--registry');
  const flags = {
    build: !args.includes('--no-build'),
    version: !args.includes('--current'),
  };
  try {
    if (args.includes('--public')) {
      if (!process.env.NPM_TOKEN && spawnSync('npm', ['whoami'], { stdio: 'ignore' }).status !== 0)
        throw new Error('--public needs a token: set NPM_TOKEN, or run npm login first');
      const env = { ...process.env, npm_config_provenance: 'true' };
      if (process.env.NPM_TOKEN) {
        // the token stays in the environment; the file names the variable
        mkdirSync(REGISTRY_HOME, { recursive: true });
        const npmrc = join(REGISTRY_HOME, 'public.npmrc');
        writeFileSync(npmrc, `//registry.npmjs.org/:_authToken=\${NPM_TOKEN}\nprovenance=true\n`);
        env.npm_config_userconfig = npmrc;
      }
      release({ ...flags, env, gitTag: true });
    } else {
      const url = at >= 0 ? args[at + 1] : localRegistryUrl();
      if (!url)
        throw new Error(
          'no registry to publish to: start the local one with `pnpm registry` (in another ' +
            'terminal), or pass --registry <url>, or --public for the npm registry',
        );
      const registryUrl = url.endsWith('/') ? url : `${url}/`;
      release({ ...flags, env: registryEnv(registryUrl), gitTag: false });
      console.log(`[release] published to ${registryUrl}; in a project's .npmrc:`);
      console.log(`  ${npmrcLines(registryUrl)[0]}`);
    }
  } catch (error) {
    console.error(`[release] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
