// The report: renders measurement results as Markdown, writes results.md and
// refreshes the block between `<!-- bench:start -->` and `<!-- bench:end -->`
// in the root README.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, arch } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { table } from './format.mjs';

const benchmarks = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

/** The machine the run measures on. */
export function machine() {
  const list = cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cores: list.length,
    cpu: list[0]?.model?.trim() ?? 'unknown CPU',
  };
}

/** Markdown for a list of results, each a heading, its intro, its table and its notes. */
export function renderResults(results, { level }) {
  const hashes = '#'.repeat(level);
  return results
    .map((result) => {
      const parts = [`${hashes} ${result.title}`];
      if (result.intro) parts.push(result.intro);
      parts.push(table(result.head, result.rows));
      for (const note of result.notes ?? []) parts.push(`- ${note}`);
      return `${parts.join('\n\n')}\n`;
    })
    .join('\n');
}

function runLine(info, seconds) {
  return `Measured ${info.date} with Node ${info.node} on ${info.platform}, ${info.cores} cores (${info.cpu}); the whole run took ${seconds} s.`;
}

/** Writes benchmarks/results.md. */
export function writeResults(results, info, seconds) {
  const text = [
    '# Benchmark results',
    '',
    'Written by `pnpm bench`; do not edit by hand. What each table measures and how to read it: [README.md](README.md).',
    '',
    runLine(info, seconds),
    '',
    renderResults(results, { level: 2 }),
  ].join('\n');
  writeFileSync(join(benchmarks, 'results.md'), text);
}

/** Replaces the text between the bench markers in the root README, and nothing else. */
export function writeReadmeBlock(results, info, seconds) {
  const file = join(benchmarks, '..', 'README.md');
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) {
    console.warn('README.md has no bench markers; its block was not refreshed.');
    return;
  }
  const block = [
    '',
    runLine(info, seconds),
    '',
    renderResults(results, { level: 3 }).trimEnd(),
    '',
  ].join('\n');
  writeFileSync(file, readme.slice(0, start + START.length) + block + readme.slice(end));
}
