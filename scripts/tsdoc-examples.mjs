#!/usr/bin/env node
// Lists the exports of a built package whose declaration carries no TSDoc `@example`.
// Usage: node scripts/tsdoc-examples.mjs <package dir>  (exit 1 when any is missing)
import { join } from 'node:path';
import ts from 'typescript';

/** The names exported from `dist/index.d.ts` of `dir` that have no `@example` tag. */
export function exportsWithoutExample(dir) {
  const file = join(dir, 'dist', 'index.d.ts');
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
