#!/usr/bin/env node
// Lists the exports of a built package whose declaration carries no TSDoc `@example`.
// Usage: node scripts/tsdoc-examples.mjs <package dir>  (exit 1 when any is missing)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Whether the subpath `subpath` of a package is internal: `./internal` (the shared
 * checks of `@site-identity/http`) is for the packages themselves, not public API,
 * so it has no API report and needs no `@example` on its exports.
 */
export const isInternalEntry = (subpath) => subpath === './internal';

/**
 * The entries of the package in `dir`: each subpath of its `exports` map with the
 * declaration file its `import` condition names (`.` for a package without a map).
 */
export function packageEntries(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = Object.entries(manifest.exports ?? {})
    .map(([subpath, target]) => ({ subpath, types: target?.import?.types }))
    .filter((entry) => typeof entry.types === 'string');
  return entries.length > 0 ? entries : [{ subpath: '.', types: './dist/index.d.ts' }];
}

/** The names exported from every public entry of `dir` that have no `@example` tag (`subpath:name` beyond the main one). */
export function exportsWithoutExample(dir) {
  const entries = packageEntries(dir).filter(({ subpath }) => !isInternalEntry(subpath));
  return entries.flatMap(({ subpath, types }) =>
    entryExportsWithoutExample(join(dir, types)).map((name) =>
      subpath === '.' ? name : `${subpath}:${name}`,
    ),
  );
}

/** The names exported from the declaration file `file` that have no `@example` tag. */
function entryExportsWithoutExample(file) {
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is missing: build the package first`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const missing = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const hasExample = (symbol.declarations ?? []).some((declaration) => {
      const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
      return ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'example');
    });
    if (!hasExample) missing.push(exported.name);
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = exportsWithoutExample(process.argv[2] ?? '.');
  if (missing.length > 0) {
    console.log(`exports without a TSDoc @example: ${missing.join(', ')}`);
    process.exit(1);
  }
}
