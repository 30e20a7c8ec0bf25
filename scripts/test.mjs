#!/usr/bin/env node
// npm test: formatting, lint, build, typecheck, unit tests, the README and TSDoc snippets, packaging
// checks, size budgets, the devtools' absence from a production build, the end-to-end tests, the
// release test and the consumer matrix (both on a local registry), then the time each step took, the reports' notes (versions across the
// release test, each project's install footprint) and one closing line summed from the
// runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
};
const turbo = join(root, 'node_modules', '.bin', 'turbo');

const workspaces = ['packages', 'apps', 'tests', 'examples']
  .flatMap((dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir)).map((name) => join(root, dir, name))
      : [],
  )
  .concat([join(root, 'benchmarks')])
  .filter((dir) => existsSync(join(dir, 'package.json')));

for (const dir of workspaces) rmSync(join(dir, 'reports'), { recursive: true, force: true });
rmSync(join(root, 'reports'), { recursive: true, force: true });

const steps = [
  [
    'formatting (prettier --check)',
    join(root, 'node_modules', '.bin', 'prettier'),
    ['--check', '--log-level', 'warn', '.'],
  ],
  ['lint (eslint, typescript-eslint)', 'node', ['scripts/lint.mjs']],
  ['build and typecheck', turbo, ['run', 'build', 'typecheck', '--output-logs=errors-only']],
  ['unit tests', turbo, ['run', 'test', '--continue', '--output-logs=new-only', '--concurrency=1']],
  ['README and TSDoc snippets (strict)', 'node', ['scripts/check-snippets.mjs']],
  ['API reports (API Extractor)', 'node', ['scripts/api-reports.mjs']],
  ['packaging checks', 'node', ['scripts/check-packages.mjs']],
  ['size budgets', 'node', ['scripts/size.mjs']],
  [
    'devtools in production (0 bytes in the Vite example)',
    'node',
    ['scripts/check-devtools-production.mjs'],
  ],
  ['end-to-end tests', turbo, ['run', 'e2e', '--continue', '--concurrency=1']],
  ['release test (changesets into a local registry)', 'node', ['scripts/release-test.mjs']],
  [
    'consumer matrix (installed by name from a local registry, Node 20 and 24)',
    'node',
    ['scripts/consumer-matrix.mjs'],
  ],
];

const failedSteps = [];
const timings = [];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) failedSteps.push(name);
}

let passed = 0;
let failed = 0;
const lines = [];
const notes = [];
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
for (const dir of [...workspaces, root]) {
  const reports = join(dir, 'reports');
  if (!existsSync(reports)) continue;
  for (const file of readdirSync(reports).filter((f) => f.endsWith('.json'))) {
    const report = readJson(join(reports, file));
    const where = `${dir.slice(root.length + 1) || '.'}/reports/${file}`;
    if (!report) {
      failed += 1;
      lines.push(`${where}: unreadable report`);
      continue;
    }
    if (report.stats && typeof report.stats.expected === 'number') {
      // Playwright JSON reporter
      const p = report.stats.expected + (report.stats.flaky ?? 0);
      const f = report.stats.unexpected + (report.errors?.length ?? 0);
      const s = report.stats.skipped ?? 0;
      passed += p;
      failed += f + s;
      lines.push(
        `${where}: ${p} passed, ${f} failed${s ? `, ${s} skipped (counted as failed)` : ''}`,
      );
    } else if (typeof report.numPassedTests === 'number') {
      // Vitest (Jest-compatible) JSON reporter; a file that failed to load counts too
      const brokenFiles = (report.testResults ?? []).filter(
        (r) =>
          r.status === 'failed' && (r.assertionResults ?? []).every((a) => a.status !== 'failed'),
      ).length;
      const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      const f = report.numFailedTests + brokenFiles + skipped;
      passed += report.numPassedTests;
      failed += f;
      lines.push(
        `${where}: ${report.numPassedTests} passed, ${f} failed${skipped ? ` (${skipped} skipped counted as failed)` : ''}`,
      );
    } else if (typeof report.passed === 'number' && typeof report.failed === 'number') {
      // our own checks (packaging, size budgets, the release test, the consumer matrix)
      passed += report.passed;
      failed += report.failed;
      lines.push(`${where}: ${report.passed} passed, ${report.failed} failed`);
      for (const note of Array.isArray(report.notes) ? report.notes : []) notes.push(note);
    } else {
      failed += 1;
      lines.push(`${where}: report of an unknown shape`);
    }
  }
}

console.log('\n=== summary ===');
for (const line of timings) console.log(line);
for (const line of lines) console.log(line);
for (const note of notes) console.log(`note: ${note}`);
if (failedSteps.length > 0) {
  console.log(`steps that failed: ${failedSteps.join(', ')}`);
  // A step that failed without reporting a failing test (a build error, say) still counts.
  if (failed === 0) failed = failedSteps.length;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps.length > 0 || passed === 0 ? 1 : 0);
