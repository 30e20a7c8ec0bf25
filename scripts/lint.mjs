#!/usr/bin/env node
// The lint step of npm test: ESLint (eslint.config.mjs) over the packages' sources and
// tests, the playground and the scripts. Prints the problems and one count line, writes
// reports/lint.json for the summary (one check that passes when no file has an error;
// each file with errors counts as a failure, clean files are not counted as tests),
// and exits 1 on any error. Arguments, if given, replace the default paths.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const paths = process.argv.slice(2);
const targets =
  paths.length > 0
    ? paths
    : [
        ...['packages', 'tests'].flatMap((dir) =>
          readdirSync(join(root, dir)).map((name) => `${dir}/${name}/src`),
        ),
        'packages/react/test-support',
        'apps/playground/src',
        'apps/playground/e2e',
        'apps/playground/scripts',
        'scripts',
        'eslint.config.mjs',
      ].filter((path) => existsSync(join(root, path)));

// Lint runs before the build: every subpath a package exports must be mapped to its
// source in tsconfig.eslint.json, or its imports type as unresolved (`any`) in a clean clone.
const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const mapped = readJson('tsconfig.eslint.json').compilerOptions.paths;
const unmapped = readdirSync(join(root, 'packages')).flatMap((dir) => {
  const manifest = readJson(`packages/${dir}/package.json`);
  return Object.keys(manifest.exports ?? {})
    .filter((subpath) => subpath !== '.' && subpath !== './package.json')
    .map((subpath) => `${manifest.name}${subpath.slice(1)}`)
    .filter((specifier) => !(specifier in mapped));
});
for (const specifier of unmapped) {
  console.log(`tsconfig.eslint.json: compilerOptions.paths has no entry for ${specifier}`);
}

const started = Date.now();
const eslint = new ESLint({ cwd: root, errorOnUnmatchedPattern: false });
const results = await eslint.lintFiles(targets);
const formatter = await eslint.loadFormatter('stylish');
const output = await formatter.format(results);
if (output) console.log(output);

const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
const failedFiles =
  results.filter((result) => result.errorCount > 0).length + (unmapped.length > 0 ? 1 : 0);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`lint: ${results.length} files, ${errors} errors, ${warnings} warnings (${seconds} s)`);

mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(
  join(root, 'reports', 'lint.json'),
  `${JSON.stringify({ passed: failedFiles === 0 ? 1 : 0, failed: failedFiles, files: results.length, errors, warnings }, null, 2)}\n`,
);
process.exit(errors > 0 || unmapped.length > 0 ? 1 : 0);
