#!/usr/bin/env node
// Size budgets per entry, bundled the way an app would bundle them
// (esbuild --bundle --minify --format=esm --platform=browser).
//
// Budgets live in size-budgets.json. They guard against an accident; they are not a
// target to chase:
// - A whole entry is measured min+gzip and budgeted in `limitBytes`.
// - A separate import that extends a client names the entry it extends in `over`: its
//   budget, `limitMinBytes`, is what it adds to an app that has that entry, in MINIFIED
//   bytes (the code they share counted once). A minified increment changes only when
//   the add-on's own code changes; a gzip difference also moves with every change to
//   the base it is measured over.
// - An entry's `without` lists packages its bundle must not contain (esbuild's metafile
//   says which put bytes into it: ky stays out of every entry but createHttpClient's).
// - Headroom: a budget is the measured size + 5 % (HEADROOM), rounded up.
//   `node scripts/size.mjs --reset-budgets` measures every entry and writes exactly
//   that into size-budgets.json; a budget is raised only in a commit that names the
//   capability that needs the bytes (see CONTRIBUTING.md, "Size budgets").
//
// Writes reports/size.json for npm test.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle, measureIncrement } from './measure-bundle.mjs';

/** A budget is the measured size times this, rounded up: 5 % headroom. */
const HEADROOM = 1.05;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budgetsPath = join(root, 'size-budgets.json');
const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8'));
const resetting = process.argv.includes('--reset-budgets');

/** The measured bytes a budget is compared with: the minified increment of an add-on, else min+gzip. */
const measured = (row) => (row.over ? row.min : row.gzip);

/** The budget field of an entry: `limitMinBytes` for an add-on (`over`), `limitBytes` otherwise. */
const limitField = (budget) => (budget.over ? 'limitMinBytes' : 'limitBytes');

/** Measures one entry of size-budgets.json: its sizes, and which `without` packages it contains. */
async function measure(budget) {
  if (budget.over) {
    return measureIncrement(
      join(root, budget.entry),
      join(root, budget.over),
      budget.external,
      budget.without,
    );
  }
  return measureBundle(join(root, budget.entry), budget.external, budget.without);
}

/** Whether a measured row is within its budget and contains none of its `without` packages. */
function verdict(budget, size) {
  const limit = budget[limitField(budget)];
  if (typeof limit !== 'number') {
    return {
      ok: false,
      error: `${limitField(budget)} is missing (an add-on is budgeted in minified bytes)`,
    };
  }
  return { ok: measured({ ...budget, ...size }) <= limit && size.present.length === 0 };
}

const rows = [];
for (const budget of budgets) {
  try {
    const size = await measure(budget);
    rows.push({ ...budget, ...size, ...verdict(budget, size) });
  } catch (error) {
    rows.push({ ...budget, ok: false, error: String(error?.message ?? error) });
  }
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

/** One line of the report: what was measured against what budget. */
function describe(row) {
  if (row.error && row.min === undefined) return `error: ${row.error}`;
  const contains = row.without
    ? `, without ${row.without.join(', ')}: ${row.present.length === 0 ? 'yes' : `no, it contains ${row.present.join(', ')}`}`
    : '';
  const size = row.over
    ? `+${kB(row.min)} min over ${row.over} (+${kB(row.gzip)} min+gzip, for information)`
    : `${kB(row.gzip)} min+gzip (${kB(row.min)} min)`;
  const limit = row[limitField(row)];
  const budget = typeof limit === 'number' ? `budget ${kB(limit)}` : row.error;
  return `${size}${contains}, ${budget}`;
}

for (const row of rows) console.log(`${row.ok ? 'ok  ' : 'FAIL'} ${row.name}: ${describe(row)}`);

if (resetting) {
  // Every budget becomes the measured size + 5 %; an entry that could not be measured keeps its own.
  const reset = budgets.map((budget, index) => {
    const row = rows[index];
    if (row.min === undefined) return budget;
    const field = limitField(budget);
    const fields = Object.entries(budget).filter(
      ([key]) => key !== 'limitBytes' && key !== 'limitMinBytes',
    );
    // The limit goes back where it was: after `entry`.
    const at = fields.findIndex(([key]) => key === 'entry') + 1;
    fields.splice(at, 0, [field, Math.ceil(measured(row) * HEADROOM)]);
    return Object.fromEntries(fields);
  });
  // Formatted as the repository formats JSON, so a reset's diff shows only the numbers.
  const { format } = await import('prettier');
  writeFileSync(
    budgetsPath,
    await format(JSON.stringify(reset, null, 2), { filepath: budgetsPath }),
  );
  const kept = rows.filter((row) => row.min === undefined).map((row) => row.name);
  console.log(
    `size-budgets.json: every measured budget set to the measured size + ${Math.round((HEADROOM - 1) * 100)} %${
      kept.length > 0 ? `; not measured, kept: ${kept.join('; ')}` : ''
    }`,
  );
}

const passed = rows.filter((r) => r.ok).length;
const failed = rows.length - passed;
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(
  join(root, 'reports', 'size.json'),
  JSON.stringify({ passed, failed, rows }, null, 2),
);
process.exit(!resetting && failed > 0 ? 1 : 0);
