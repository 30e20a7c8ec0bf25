#!/usr/bin/env node
// The public API of every published package, as API Extractor reports (api/<name>.api.md):
// each entry point's declarations (dist/*.d.ts, with their TSDoc) reduced to signatures.
// The reports are checked into the repository, so a change of the public surface shows
// in review as a change of its report.
//   node scripts/api-reports.mjs           compare: fails when a report differs (npm test)
//   node scripts/api-reports.mjs --update  rewrite the reports (pnpm api:update)
// Build first. Writes reports/api.json ({ passed, failed, checks }) for npm test's summary.
// A report's warnings name where in dist/*.d.ts they were found; the bundler names its
// shared chunks by content hash and any internal change moves lines, so the reports
// keep each warning without its place (see `placeless`) and are compared that way.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { isInternalEntry } from './tsdoc-examples.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--update');
const reportFolder = join(root, 'api');
const tempFolder = join(root, 'node_modules', '.cache', 'api-extractor');
/** Where API Extractor writes each fresh report, compared with api/ below. */
const freshFolder = join(tempFolder, 'fresh');
mkdirSync(reportFolder, { recursive: true });
mkdirSync(freshFolder, { recursive: true });

/** A report with each warning's place (`// dist/send-BeCKh03w.d.ts:115:5 - `) left out. */
const placeless = (report) => report.replace(/^\/\/ (?:dist|src)\/\S+:\d+:\d+ - /gm, '// ');

/** Every entry point of every published package: its report name and its declarations. */
function entryPoints() {
  const entries = [];
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (manifest.private) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const types = target?.import?.types ?? target?.types;
      if (typeof types !== 'string') continue; // ./package.json
      if (isInternalEntry(subpath)) continue; // not public API: no report
      const suffix = subpath === '.' ? '' : `-${subpath.slice(2).replace(/\//g, '-')}`;
      entries.push({
        dir,
        report: `${name}${suffix}`,
        label: `${manifest.name}${subpath.slice(1)}`,
        types,
      });
    }
  }
  return entries;
}

const checks = [];
for (const { dir, report, label, types } of entryPoints()) {
  const name = `${label}: API report api/${report}.api.md ${update ? 'written' : 'unchanged'}`;
  const problems = [];
  try {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: dir,
        mainEntryPointFilePath: join(dir, types),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'es2022',
              module: 'esnext',
              moduleResolution: 'bundler',
              lib: ['es2022', 'dom', 'dom.iterable'],
              types: ['node'],
              jsx: 'react-jsx',
              strict: true,
              skipLibCheck: true,
            },
            include: [types],
          },
        },
        apiReport: {
          enabled: true,
          reportFolder: freshFolder,
          reportTempFolder: tempFolder,
          reportFileName: `${report}.api.md`,
        },
        // The repository's line ending (API Extractor's default is CRLF).
        newlineKind: 'lf',
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: 'warning' } },
          extractorMessageReporting: {
            default: { logLevel: 'none', addToApiReportFile: true },
            'ae-missing-release-tag': { logLevel: 'none', addToApiReportFile: false },
          },
          tsdocMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: join(dir, 'package.json'),
    });
    const result = Extractor.invoke(config, {
      // Always writes the fresh report (to freshFolder); api/ changes only with --update.
      localBuild: true,
      messageCallback(message) {
        // writing or rewriting a report is what --update is for; comparing reports below
        const aboutTheReport = message.messageId.startsWith('console-api-report');
        if (!aboutTheReport && (message.logLevel === 'warning' || message.logLevel === 'error'))
          problems.push(message.formatMessageWithoutLocation());
        message.handled = true;
      },
    });
    const file = `${report}.api.md`;
    const fresh = existsSync(join(freshFolder, file))
      ? placeless(readFileSync(join(freshFolder, file), 'utf8'))
      : undefined;
    const kept = existsSync(join(reportFolder, file))
      ? placeless(readFileSync(join(reportFolder, file), 'utf8'))
      : undefined;
    if (fresh === undefined) problems.push('API Extractor wrote no report');
    else if (update) writeFileSync(join(reportFolder, file), fresh);
    else if (fresh.replace(/\r\n/g, '\n') !== kept?.replace(/\r\n/g, '\n'))
      problems.push(
        `the public API differs from api/${file}: if the change is intended, run pnpm api:update and commit the report (git diff api/ shows it)`,
      );
    if (!result.succeeded && problems.length === 0) problems.push('API Extractor failed');
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  const ok = problems.length === 0;
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  for (const problem of problems) console.log(`     ${problem}`);
}

const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
mkdirSync(join(root, 'reports'), { recursive: true });
if (!update)
  writeFileSync(
    join(root, 'reports', 'api.json'),
    JSON.stringify({ passed, failed, checks }, null, 2),
  );
console.log(`API reports: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
