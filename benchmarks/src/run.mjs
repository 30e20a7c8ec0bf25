// pnpm bench: bundle size, request economy, hot-path speed and memory, side by
// side with the peer libraries. Prints the tables, writes results.md and
// refreshes the block between the bench markers in the root README.
//
// Usage: node src/run.mjs [name ...]   (names select measurements; a partial
// run prints its tables but writes no files)
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKER } from './lib/marker.mjs';
import { machine, renderResults, writeReadmeBlock, writeResults } from './lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** Every measurement, in the order it is run and reported, with its time limit. */
const MEASUREMENTS = [
  { name: 'bundle-size', timeoutMs: 90_000 },
  { name: 'concurrent-renewal', timeoutMs: 60_000 },
  { name: 'tab-renewals', timeoutMs: 60_000 },
  { name: 'reloads', timeoutMs: 60_000 },
  { name: 'hot-path', timeoutMs: 60_000 },
  { name: 'memory-renewals', timeoutMs: 120_000 },
  { name: 'memory-subscriptions', timeoutMs: 30_000 },
  { name: 'wix-sdk-requests', timeoutMs: 60_000 },
  { name: 'wix-sdk-tabs', timeoutMs: 60_000 },
  { name: 'wix-sdk-bundles', timeoutMs: 60_000 },
];

/** The whole run stops starting measurements after this, whatever each one's own limit. */
const RUN_BUDGET_MS = 240_000;

/** Runs one measurement in a fresh Node process (with `--expose-gc`). */
function runOne({ name, timeoutMs }) {
  const file = join('src', 'measurements', `${name}.mjs`);
  return new Promise((resolvePromise) => {
    execFile(
      process.execPath,
      ['--expose-gc', join('src', 'lib', 'child.mjs'), file],
      { cwd: root, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const line = stdout.split('\n').find((l) => l.startsWith(MARKER));
        if (line) return resolvePromise(JSON.parse(line.slice(MARKER.length)));
        const reason = error?.killed
          ? `timed out after ${timeoutMs / 1000} s`
          : firstLine(stderr) || String(error?.message ?? 'no result');
        resolvePromise({ title: name, head: ['Result'], rows: [[`error: ${reason}`]], notes: [] });
      },
    );
  });
}

function firstLine(text) {
  return text.trim().split('\n').filter(Boolean).slice(0, 1)[0] ?? '';
}

const selected = process.argv.slice(2);
const chosen =
  selected.length > 0 ? MEASUREMENTS.filter((m) => selected.includes(m.name)) : MEASUREMENTS;
if (chosen.length === 0) {
  console.error(`unknown measurement; choose from: ${MEASUREMENTS.map((m) => m.name).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const info = machine();
console.log(
  `Site Identity benchmarks: Node ${info.node}, ${info.platform}, ${info.cores} cores (${info.cpu})\n`,
);
const results = [];
for (const measurement of chosen) {
  const t0 = Date.now();
  const left = started + RUN_BUDGET_MS - t0;
  const result =
    left < 5_000
      ? {
          title: measurement.name,
          head: ['Result'],
          rows: [[`skipped: the run's ${RUN_BUDGET_MS / 1000} s budget is spent`]],
          notes: [],
        }
      : await runOne({ ...measurement, timeoutMs: Math.min(measurement.timeoutMs, left) });
  result.seconds = (Date.now() - t0) / 1000;
  results.push(result);
  console.log(renderResults([result], { level: 2 }));
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (chosen === MEASUREMENTS) {
  writeResults(results, info, seconds);
  writeReadmeBlock(results, info, seconds);
  console.log(`Wrote benchmarks/results.md and the README block in ${seconds} s.`);
} else {
  console.log(`Partial run in ${seconds} s: no files written.`);
}
