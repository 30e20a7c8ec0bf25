#!/usr/bin/env node
// Size budgets per entry, min+gzip, bundled the way an app would bundle them
// (esbuild --bundle --minify --format=esm --platform=browser).
// Budgets live in size-budgets.json; an entry's `without` lists packages its bundle
// must not contain (esbuild's metafile says which put bytes into it: ky stays out of
// every entry but createHttpClient's). A separate import that extends a client names
// the entry it extends in `over`: its budget is what it adds to an app that has that
// entry (the code they share counted once). Writes reports/size.json for npm test.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle, measureIncrement } from './measure-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budgets = JSON.parse(readFileSync(join(root, 'size-budgets.json'), 'utf8'));

const rows = [];
for (const budget of budgets) {
  try {
    const size = budget.over
      ? await measureIncrement(
          join(root, budget.entry),
          join(root, budget.over),
          budget.external,
          budget.without,
        )
      : await measureBundle(join(root, budget.entry), budget.external, budget.without);
    rows.push({
      ...budget,
      ...size,
      ok: size.gzip <= budget.limitBytes && size.present.length === 0,
    });
  } catch (error) {
    rows.push({ ...budget, ok: false, error: String(error?.message ?? error) });
  }
}
for (const row of rows) {
  const size = row.error
    ? `error: ${row.error}`
    : `${row.over ? `+` : ''}${(row.gzip / 1000).toFixed(2)} kB min+gzip (${(row.min / 1000).toFixed(2)} kB min)${
        row.over ? ` over ${row.over}` : ''
      }${
        row.without
          ? `, without ${row.without.join(', ')}: ${row.present.length === 0 ? 'yes' : `no, it contains ${row.present.join(', ')}`}`
          : ''
      }`;
  console.log(
    `${row.ok ? 'ok  ' : 'FAIL'} ${row.name}: ${size}, budget ${(row.limitBytes / 1000).toFixed(2)} kB`,
  );
}
const passed = rows.filter((r) => r.ok).length;
const failed = rows.length - passed;
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(
  join(root, 'reports', 'size.json'),
  JSON.stringify({ passed, failed, rows }, null, 2),
);
process.exit(failed > 0 ? 1 : 0);
