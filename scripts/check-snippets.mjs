#!/usr/bin/env node
// Typechecks every ```ts / ```tsx block of the root README and the package READMEs,
// and every TSDoc @example a user sees (those of the published declarations,
// dist/*.d.ts: the public surface), each block on its own (as its
// own module, the way a user pastes it) under `strict`, against the built packages
// as a user installs them (tests/snippets is that user's project).
// A block that leans on something it does not build declares it at its top.
// Usage: node scripts/check-snippets.mjs [filter]   (filter: a substring of the block's place)
// Writes reports/snippets.json ({ passed, failed, blocks }) for npm test's summary.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = join(root, 'tests', 'snippets');
const out = join(project, '.generated');
const filter = process.argv[2];

const FENCE = /^```(ts|tsx|typescript)[^\n]*\n([\s\S]*?)^```/gm;

/** Fenced TypeScript blocks of a Markdown text, with the line each starts on. */
function fencedBlocks(text) {
  const blocks = [];
  for (const match of text.matchAll(FENCE)) {
    const line = text.slice(0, match.index).split('\n').length + 1;
    blocks.push({ lang: match[1], code: match[2], line });
  }
  return blocks;
}

/** The fenced blocks of every `@example` in the TSDoc comments of one source file. */
function exampleBlocks(text) {
  const blocks = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const startLine = text.slice(0, comment.index).split('\n').length;
    const lines = comment[0]
      .replace(/^\/\*\*/, '')
      .replace(/\*\/$/, '')
      .split('\n')
      .map((l) => l.replace(/^\s*\* ?/, ''));
    const body = lines.join('\n');
    // the text of each @example tag, up to the next block tag
    for (const tag of body.matchAll(/^@example[^\n]*\n([\s\S]*?)(?=^@\w|$(?![\s\S]))/gm)) {
      const tagLine = body.slice(0, tag.index).split('\n').length;
      for (const block of fencedBlocks(tag[1]))
        blocks.push({ ...block, line: startLine + tagLine + block.line - 1 });
    }
  }
  return blocks;
}

/** The line (1-based) of a source file where a TSDoc comment holds `code`, or 0. */
function lineOfBlock(text, code) {
  const lines = text.split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
  const wanted = code.replace(/\n$/, '').split('\n');
  for (let i = 0; i + wanted.length <= lines.length; i += 1)
    if (wanted.every((w, j) => lines[i + j] === w)) return i + 1;
  return 0;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const packageDirs = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .filter((dir) => !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private);

const found = [];
function collect(file, blocks) {
  for (const block of blocks)
    found.push({ ...block, where: `${relative(root, file)}:${block.line}` });
}
collect(join(root, 'README.md'), fencedBlocks(readFileSync(join(root, 'README.md'), 'utf8')));
for (const dir of packageDirs) {
  const readme = join(dir, 'README.md');
  if (existsSync(readme)) collect(readme, fencedBlocks(readFileSync(readme, 'utf8')));
  const sources = existsSync(join(dir, 'src'))
    ? sourceFiles(join(dir, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    : [];
  const seen = new Set();
  const declarationFiles = readdirSync(join(dir, 'dist'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.d.ts'))
    .sort();
  for (const declarations of declarationFiles) {
    for (const block of exampleBlocks(readFileSync(join(dir, 'dist', declarations), 'utf8'))) {
      if (seen.has(block.code)) continue; // the same declaration seen from two entries
      seen.add(block.code);
      // name the block by its place in the source, where it is edited
      const home = sources
        .map(({ file, text }) => ({ file, line: lineOfBlock(text, block.code) }))
        .find(({ line }) => line > 0);
      const line = home?.line ?? block.line;
      collect(home?.file ?? join(dir, 'dist', declarations), [{ ...block, line }]);
    }
  }
}
const blocks = filter ? found.filter((b) => b.where.includes(filter)) : found;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = blocks.map((block, index) => {
  const jsx = block.lang === 'tsx' || /<\/|\/>/.test(block.code);
  // A README block that opens with its file name (`// identity.ts`) sits beside the other
  // named blocks of that README, so `import … from './identity'` finds it.
  const named = /^\/\/ ([\w-]+\.tsx?)\b/.exec(block.code)?.[1];
  const readme = block.where.split(':')[0].replace(/[^\w]+/g, '-');
  const file = named
    ? join(out, readme, named)
    : join(out, `block-${String(index).padStart(4, '0')}.${jsx ? 'tsx' : 'ts'}`);
  mkdirSync(dirname(file), { recursive: true });
  // `export {}` keeps each block a module of its own: nothing leaks between blocks.
  writeFileSync(file, `${block.code}\nexport {};\n`);
  return file;
});

// modules a block imports that the snippets project does not install, declared by their shape
const thirdParty = join(project, 'third-party.d.ts');
const program = ts.createProgram([...files, thirdParty], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  jsx: ts.JsxEmit.ReactJSX,
  skipLibCheck: true,
  noEmit: true,
  typeRoots: [join(project, 'node_modules', '@types')],
});
const diagnostics = ts.getPreEmitDiagnostics(program);
const byFile = new Map();
for (const d of diagnostics) {
  const key = d.file?.fileName ?? '';
  byFile.set(key, [...(byFile.get(key) ?? []), d]);
}
const general = byFile.get('') ?? [];

const results = blocks.map((block, index) => {
  const problems = (byFile.get(files[index]) ?? []).map((d) => {
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    return `line ${line + 1} of the block: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  return { where: block.where, ok: problems.length === 0, problems, code: block.code };
});
for (const result of results) {
  if (result.ok) continue;
  console.log(`FAIL ${result.where}`);
  for (const problem of result.problems) console.log(`     ${problem}`);
}
for (const d of general)
  console.log(`FAIL ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed + general.length;
if (!filter) {
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(
    join(root, 'reports', 'snippets.json'),
    JSON.stringify({ passed, failed, blocks: results }, null, 2),
  );
}
console.log(`snippets typechecked on their own under strict: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
