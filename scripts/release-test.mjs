#!/usr/bin/env node
// The release test: the release flow of `pnpm release` (changeset version, then changeset
// publish) run three times against a real registry (Verdaccio on loopback, storage under
// .cache/registry/release-test/), on a COPY of the repository in the system's temporary
// directory, so the real versions and the real pending changesets are never touched.
//   1. the first release: the pending changesets, every package published; what the
//      registry then serves is checked (npm view metadata, the tarball's files, publint
//      and attw on the tarball as downloaded);
//   2. a changeset for @site-identity/tokens alone (minor): exactly tokens and the
//      dependents .changeset/config.json releases get new versions and are published;
//      every other package keeps its version, its versions on the registry and their
//      tarballs;
//   3. a changeset for @site-identity/pkce alone (patch): the same, for pkce;
//   4. a changeset for @site-identity/http alone (patch): every package that imports
//      http's internal subpath depends on http's exact version, so it is released in
//      step with a patch of its own, and what it publishes depends on the new http.
// Every published package that imports another's internal subpath depends on that
// package's exact version (npm view).
// Expected releases are worked out from the packages' manifests with the rule the
// config states (see CONTRIBUTING.md, "Releases"), never listed by hand.
// Needs built packages. Writes reports/release.json for npm test's summary.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createChecks, workDir } from './checks.mjs';
import { packument, startRegistry } from './registry.mjs';
import { release } from './release.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// semver as changesets itself uses it
const semver = createRequire(
  realpathSync(join(root, 'node_modules', '@changesets', 'cli', 'package.json')),
)('semver');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const work = workDir('release-test');
const copy = join(work, 'repo');
const { record, run, note, write } = createChecks();

// --- the copy -------------------------------------------------------------------------

function git(args, cwd = copy) {
  const result = spawnSync(
    'git',
    ['-c', 'user.name=Release Test', '-c', 'user.email=release-test@localhost', ...args],
    { cwd, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** The repository's files as git sees them (committed or not), the built dist, a git of its own. */
function copyRepository() {
  rmSync(work, { recursive: true, force: true });
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], root)
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  for (const { dir } of publicPackages(root)) {
    const dist = join(root, dir, 'dist');
    if (!existsSync(dist)) throw new Error(`${dir} is not built (pnpm build first)`);
    cpSync(dist, join(copy, dir, 'dist'), { recursive: true });
  }
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'The workspace as it stands']);
}

/** The published packages of a checkout: { name, dir, manifest }. */
function publicPackages(base) {
  return readdirSync(join(base, 'packages'))
    .map((name) => join('packages', name))
    .filter((dir) => existsSync(join(base, dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(base, dir, 'package.json'))) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir, manifest }));
}

function versionsOfCopy() {
  return Object.fromEntries(publicPackages(copy).map((p) => [p.name, p.manifest.version]));
}

// --- the registry ---------------------------------------------------------------------

/** { name: { latest, versions: { version: integrity } } } as the registry serves it. */
async function registrySnapshot(url, names) {
  const snapshot = {};
  for (const name of names) {
    const served = await packument(url, name);
    if (!served) {
      snapshot[name] = { latest: undefined, versions: {} };
      continue;
    }
    snapshot[name] = {
      latest: served['dist-tags']?.latest,
      versions: Object.fromEntries(
        Object.entries(served.versions ?? {}).map(([v, m]) => [v, m.dist.integrity]),
      ),
    };
  }
  return snapshot;
}

// --- what the config says a release contains ---------------------------------------------

const RANK = { patch: 1, minor: 2, major: 3 };

/** The range pnpm publishes for a dependency spec, given the dependency's version now. */
function publishedRange(spec, version) {
  if (!spec.startsWith('workspace:')) return spec;
  const rest = spec.slice('workspace:'.length);
  if (rest === '*') return version;
  if (rest === '^' || rest === '~') return `${rest}${version}`;
  return rest;
}

/**
 * The releases a changeset `{ [target]: type }` makes, by the rule of
 * .changeset/config.json (`updateInternalDependents: "out-of-range"`): a package that
 * depends on a released one (dependencies, optionalDependencies) gets a patch release
 * only when the new version leaves the range it publishes (`workspace:^` is published as
 * `^<version>`); a peer dependent only when it leaves the peer range, and then a major;
 * private packages and devDependencies never cause a release. Answers { name: version }.
 */
function plannedVersions(packages, target, type) {
  const current = Object.fromEntries(packages.map((p) => [p.name, p.manifest.version]));
  const bumps = new Map([[target, type]]);
  const queue = [target];
  while (queue.length > 0) {
    const dependency = queue.shift();
    const next = semver.inc(current[dependency], bumps.get(dependency));
    for (const { name, manifest } of packages) {
      for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
        const spec = manifest[field]?.[dependency];
        if (!spec) continue;
        if (semver.satisfies(next, publishedRange(spec, current[dependency]))) continue;
        const kind = field === 'peerDependencies' ? 'major' : 'patch';
        if (!bumps.has(name) || RANK[kind] > RANK[bumps.get(name)]) {
          bumps.set(name, kind);
          queue.push(name);
        }
      }
    }
  }
  return Object.fromEntries(
    packages.map((p) => [
      p.name,
      bumps.has(p.name) ? semver.inc(current[p.name], bumps.get(p.name)) : current[p.name],
    ]),
  );
}

// --- the published metadata ------------------------------------------------------------

const TARBALL_FILE = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/.+)$/;

function exportTargets(value) {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')];
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

function npmJson(args, env) {
  const result = spawnSync('npm', [...args, '--json'], { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')}: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout);
  return Array.isArray(parsed) ? parsed[0] : parsed;
}

/** The scope's packages whose internal subpath the built code of `dir` (in the copy) imports. */
function internalImports(dir) {
  const found = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.c?js$/.test(entry.name))
        for (const [, used] of readFileSync(path, 'utf8').matchAll(
          /["'](@site-identity\/[a-z-]+)\/internal["']/g,
        ))
          found.add(used);
    }
  };
  walk(join(copy, dir, 'dist'));
  return [...found];
}

async function checkPublished(registry, { name, dir, manifest }) {
  const spec = `${name}@${manifest.version}`;
  const internals = internalImports(dir).filter((used) => used !== name);
  if (internals.length > 0)
    await record(
      `${spec}: depends on the exact version of ${internals.join(', ')}, whose internals it imports`,
      () => {
        const { dependencies = {} } = npmJson(['view', spec], registry.env);
        const loose = internals.filter((used) => !semver.valid(dependencies[used]));
        if (loose.length > 0)
          throw new Error(
            loose.map((used) => `${used} is ${JSON.stringify(dependencies[used])}`).join('; '),
          );
      },
    );
  await record(`${spec}: npm view shows the registry metadata`, () => {
    const view = npmJson(['view', spec], registry.env);
    const problems = [];
    for (const field of ['repository', 'homepage', 'bugs', 'license', 'keywords', 'engines'])
      if (!isDeepStrictEqual(view[field], manifest[field]))
        problems.push(`${field} is ${JSON.stringify(view[field])}`);
    if (!isDeepStrictEqual(view.exports, manifest.exports)) problems.push('exports differ');
    if (view.types !== manifest.types || !view.types) problems.push(`types is ${view.types}`);
    if (view.sideEffects !== false) problems.push(`sideEffects is ${view.sideEffects}`);
    if (!view.repository?.directory) problems.push('repository.directory is missing');
    if (problems.length > 0) throw new Error(problems.join('; '));
  });
  const downloads = join(work, 'tarballs');
  mkdirSync(downloads, { recursive: true });
  let tarball;
  await record(`${spec}: the tarball holds dist, README, LICENSE and CHANGELOG only`, () => {
    const packed = npmJson(['pack', spec, '--pack-destination', downloads], registry.env);
    tarball = join(downloads, packed.filename);
    const files = packed.files.map((f) => f.path);
    const problems = files.filter((f) => !TARBALL_FILE.test(f)).map((f) => `${f} is packed`);
    for (const needed of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      ...exportTargets(manifest.exports).filter((f) => f !== 'package.json'),
    ])
      if (!files.includes(needed)) problems.push(`${needed} is missing`);
    if (problems.length > 0) throw new Error(problems.join('; '));
  });
  if (!tarball) return;
  run(`${spec}: publint on the tarball the registry serves`, bin('publint'), [
    'run',
    tarball,
    '--strict',
  ]);
  run(`${spec}: attw on the tarball the registry serves`, bin('attw'), [
    tarball,
    '--format',
    'table-flipped',
  ]);
}

// --- one release -------------------------------------------------------------------------

function addChangeset(slug, target, type, summary) {
  writeFileSync(
    join(copy, '.changeset', `${slug}.md`),
    `---\n'${target}': ${type}\n---\n\n${summary}\n`,
  );
  git(['add', '-A']);
  git(['commit', '-q', '-m', summary]);
}

function publishRelease(registry) {
  release({ cwd: copy, env: registry.env, build: false, version: true, gitTag: true });
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Version packages']);
}

async function checkIndependentRelease(registry, label, target, type, history) {
  const packages = publicPackages(copy);
  const names = packages.map((p) => p.name);
  const planned = plannedVersions(packages, target, type);
  const before = versionsOfCopy();
  const registryBefore = await registrySnapshot(registry.url, names);
  addChangeset(`${label}-${target.split('/')[1]}`, target, type, `A ${type} change in ${target}.`);
  const released = await record(`${label}: pnpm release (${target} ${type})`, () =>
    publishRelease(registry),
  );
  if (!released) return;
  const after = versionsOfCopy();
  const registryAfter = await registrySnapshot(registry.url, names);
  history.push(after);
  const bumped = names.filter((n) => planned[n] !== before[n]);
  for (const name of names) {
    const isReleased = bumped.includes(name);
    const what = isReleased ? `${before[name]} → ${planned[name]}, published` : 'untouched';
    await record(`${label}: ${name} ${what}`, () => {
      if (after[name] !== planned[name])
        throw new Error(`version is ${after[name]}, planned ${planned[name]}`);
      const was = registryBefore[name].versions;
      const now = registryAfter[name].versions;
      for (const [version, integrity] of Object.entries(was))
        if (now[version] !== integrity) throw new Error(`the tarball of ${version} changed`);
      const added = Object.keys(now).filter((v) => !(v in was));
      const expected = isReleased ? [planned[name]] : [];
      if (!isDeepStrictEqual(added, expected))
        throw new Error(`published ${JSON.stringify(added)}, expected ${JSON.stringify(expected)}`);
      if (registryAfter[name].latest !== planned[name])
        throw new Error(`latest is ${registryAfter[name].latest}, expected ${planned[name]}`);
      // a package pinned to the target's exact version publishes the target's new one
      const pinned = packages.find((p) => p.name === name).manifest.dependencies?.[target];
      if (isReleased && pinned === 'workspace:*') {
        const { dependencies = {} } = npmJson(['view', `${name}@${planned[name]}`], registry.env);
        if (dependencies[target] !== planned[target])
          throw new Error(`depends on ${target} ${dependencies[target]}, not ${planned[target]}`);
      }
    });
  }
  note(
    `${label} (${target} ${type}): released ${bumped.map((n) => `${n} ${before[n]} → ${after[n]}`).join(', ')}; ` +
      `untouched ${names.filter((n) => !bumped.includes(n)).join(', ')}`,
  );
}

// --- the run --------------------------------------------------------------------------

/** What of the real repository a release would change: versions and pending changesets. */
function realReleaseState() {
  const versions = publicPackages(root).map((p) => `${p.name}@${p.manifest.version}`);
  return { versions, changesets: readdirSync(join(root, '.changeset')).sort() };
}

const history = [];
const realBefore = realReleaseState();
let registry;
try {
  await record('copy of the repository with its own git (the real one is never changed)', () =>
    copyRepository(),
  );
  registry = await startRegistry({ name: 'release-test' });
  console.log(`registry ${registry.url}, copy ${copy}`);
  const names = publicPackages(copy).map((p) => p.name);
  history.push(versionsOfCopy());

  // 1. the first release: the pending changesets, every package
  const first = await record('first release: pnpm release with the pending changesets', () =>
    publishRelease(registry),
  );
  if (first) {
    history.push(versionsOfCopy());
    const onRegistry = await registrySnapshot(registry.url, names);
    for (const pkg of publicPackages(copy)) {
      await record(`${pkg.name}@${pkg.manifest.version} is on the registry as latest`, () => {
        if (onRegistry[pkg.name].latest !== pkg.manifest.version)
          throw new Error(`latest is ${onRegistry[pkg.name].latest}`);
      });
      await checkPublished(registry, pkg);
    }
    // 2. and 3. one package at a time
    await checkIndependentRelease(
      registry,
      'second release',
      '@site-identity/tokens',
      'minor',
      history,
    );
    await checkIndependentRelease(
      registry,
      'third release',
      '@site-identity/pkce',
      'patch',
      history,
    );
    await checkIndependentRelease(
      registry,
      'fourth release',
      '@site-identity/http',
      'patch',
      history,
    );
  }
  const table = names.map(
    (n) => `${n.replace('@site-identity/', '')} ${history.map((h) => h[n]).join(' → ')}`,
  );
  note(`versions (workspace → first → second → third → fourth release): ${table.join('; ')}`);
} catch (error) {
  await record('release test', () => {
    throw error instanceof Error && error.cause
      ? new Error(`${error.message}: ${String(error.cause)}`)
      : error;
  });
} finally {
  await registry?.stop();
}
await record("the repository's own versions and pending changesets are untouched", () => {
  if (!isDeepStrictEqual(realReleaseState(), realBefore)) throw new Error('they changed');
});

const { passed, failed, seconds } = write(join(root, 'reports', 'release.json'));
console.log(`release test: ${passed} passed, ${failed} failed in ${seconds} s (${work})`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
