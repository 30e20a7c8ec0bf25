#!/usr/bin/env node
// Packaging checks for every published package: publint, attw --pack, that both
// the ESM and the CJS build load in Node and export the same names, and that every
// export carries a TSDoc @example, and the licence and registry metadata are complete.
// Writes reports/packages.json ({ passed, failed, checks }) for npm test's summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportsWithoutExample, packageEntries } from './tsdoc-examples.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2);

const packages = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private)
  .filter(({ manifest }) => only.length === 0 || only.includes(manifest.name));

const checks = [];
function check(name, command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  const ok = result.status === 0;
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (!ok)
    console.log(`${result.stdout ?? ''}${result.stderr ?? ''}`.trim().replace(/^/gm, '     '));
}

function record(name, task) {
  try {
    task();
    checks.push({ name, ok: true });
    console.log(`ok   ${name}`);
  } catch (error) {
    checks.push({ name, ok: false });
    console.log(`FAIL ${name}\n     ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What a published manifest lacks: licence, links back to the repository, provenance. */
function registryMetadataProblems(manifest, directory) {
  const problems = [];
  if (manifest.license !== 'MIT') problems.push('license is not MIT');
  // what the tarball holds besides package.json (the release test checks the published one)
  for (const file of ['dist', 'README.md', 'CHANGELOG.md', 'LICENSE'])
    if (!manifest.files?.includes(file)) problems.push(`files does not list ${file}`);
  if (manifest.repository?.directory !== directory)
    problems.push(`repository.directory is not ${directory}`);
  if (!manifest.repository?.url) problems.push('repository.url is missing');
  if (!manifest.homepage) problems.push('homepage is missing');
  if (!manifest.bugs?.url) problems.push('bugs.url is missing');
  if (!(manifest.keywords?.length > 0)) problems.push('keywords are missing');
  if (manifest.publishConfig?.provenance !== true)
    problems.push('publishConfig.provenance is not true');
  if (manifest.publishConfig?.access !== 'public')
    problems.push('publishConfig.access is not public');
  if (!existsSync(join(root, directory, 'LICENSE'))) problems.push('LICENSE file is missing');
  return problems;
}

/** The scope's packages whose internal subpath (`@site-identity/<name>/internal`) the built code imports. */
function internalImports(dir) {
  const found = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(c?js|d\.c?ts)$/.test(entry.name))
        for (const [, name] of readFileSync(path, 'utf8').matchAll(
          /["'](@site-identity\/[a-z-]+)\/internal["']/g,
        ))
          found.add(name);
    }
  };
  if (existsSync(join(dir, 'dist'))) walk(join(dir, 'dist'));
  return [...found].sort();
}

/**
 * An internal subpath is not public API: its signatures change in any release. A
 * package that imports one depends on that package with `workspace:*`, which pnpm
 * publishes as the exact version (and changesets bumps in step), so no install can
 * pair it with another version's internals.
 */
function internalPinProblems(dir, manifest) {
  return internalImports(dir)
    .filter((name) => name !== manifest.name && manifest.dependencies?.[name] !== 'workspace:*')
    .map(
      (name) =>
        `imports ${name}/internal but depends on ${name} with ${JSON.stringify(manifest.dependencies?.[name])}, not "workspace:*" (the exact version)`,
    );
}

for (const { dir, manifest } of packages) {
  const name = manifest.name;
  record(`${name}: an internal subpath it imports is pinned to the exact version`, () => {
    const problems = internalPinProblems(dir, manifest);
    if (problems.length > 0) throw new Error(problems.join('; '));
  });
  check(`${name}: publint`, bin('publint'), ['--strict'], dir);
  check(`${name}: attw --pack`, bin('attw'), ['--pack', '.', '--format', 'table-flipped'], dir);
  for (const { subpath } of packageEntries(dir)) {
    const specifier = subpath === '.' ? name : `${name}${subpath.slice(1)}`;
    const loadBoth = `
    const esm = await import(${JSON.stringify(specifier)});
    const { createRequire } = await import('node:module');
    const cjs = createRequire(process.cwd() + '/package.json')(${JSON.stringify(specifier)});
    const a = Object.keys(esm).filter((k) => k !== 'default').sort();
    const b = Object.keys(cjs).filter((k) => k !== '__esModule' && k !== 'default').sort();
    if (a.length === 0) throw new Error('the ESM build exports nothing');
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('ESM and CJS exports differ: ' + a + ' vs ' + b);
    for (const key of a) if (typeof esm[key] !== typeof cjs[key]) throw new Error(key + ' differs in type');
  `;
    check(
      `${specifier}: ESM and CJS builds load in Node with the same exports`,
      'node',
      ['--input-type=module', '-e', loadBoth],
      dir,
    );
  }
  record(`${name}: licence and registry metadata, LICENSE in the tarball`, () => {
    const problems = registryMetadataProblems(manifest, dir.slice(root.length + 1));
    const packed = spawnSync('pnpm', ['pack', '--dry-run', '--json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const listed = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('{'))).files.map(
      (f) => f.path,
    );
    if (!listed.includes('LICENSE')) problems.push('LICENSE is not in the tarball');
    if (problems.length > 0) throw new Error(problems.join('; '));
  });
  record(`${name}: TSDoc @example on every export`, () => {
    const missing = exportsWithoutExample(dir);
    if (missing.length > 0)
      throw new Error(`exports without a TSDoc @example: ${missing.join(', ')}`);
  });
}

const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(
  join(root, 'reports', 'packages.json'),
  JSON.stringify({ passed, failed, checks }, null, 2),
);
console.log(`packaging checks: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
