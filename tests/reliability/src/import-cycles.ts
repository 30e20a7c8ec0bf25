import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The runtime import graph of a package's sources and the circles in it.
 *
 * Each file is compiled the way the build compiles it (the repository's
 * `tsconfig.base.json`, one file at a time): what the emitted JavaScript still
 * imports is a runtime import. `import type`, `export type` and type-only
 * specifiers are gone by then; with `verbatimModuleSyntax` an import whose every
 * name is `type` stays as `import {} from '…'`, which loads the module at run time
 * and so counts. Only relative specifiers are followed (other packages are entered
 * through their public entry points and cannot close a circle inside this one);
 * `import()` is lazy and does not count.
 */

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];

/** The compiler options of the build, read from the repository's base tsconfig. */
export function buildCompilerOptions(root: string): ts.CompilerOptions {
  const path = join(root, 'tsconfig.base.json');
  const read = ts.readConfigFile(path, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path));
  return { ...parsed.options, noEmit: false, declaration: false, sourceMap: false };
}

/** The module specifiers a file still imports or re-exports once compiled. */
export function runtimeSpecifiers(
  fileName: string,
  source: string,
  options: ts.CompilerOptions,
): string[] {
  const { outputText } = ts.transpileModule(source, { compilerOptions: options, fileName });
  const emitted = ts.createSourceFile(`${fileName}.js`, outputText, ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of emitted.statements) {
    const from =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (from && ts.isStringLiteral(from)) specifiers.push(from.text);
  }
  return specifiers;
}

/** The file a relative specifier names among `files` (with or without an extension, or a folder's index). */
function resolveRelative(from: string, specifier: string, files: ReadonlySet<string>) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => stem + extension),
    ...EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => files.has(candidate));
}

/** Every TypeScript file under `dir`. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The runtime import graph of `sources` (absolute path → source text): file → files it imports. */
export function runtimeGraph(
  sources: ReadonlyMap<string, string>,
  options: ts.CompilerOptions,
): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const targets = runtimeSpecifiers(file, text, options)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveRelative(file, specifier, files))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One knot of files that import each other: a shortest circle through it, and all its files. */
export interface Knot {
  /** A closed path `[a, b, …, a]` from the knot's first file (sorted) the shortest way back to it. */
  readonly circle: string[];
  /** Every file of the knot (a strongly connected component), sorted. */
  readonly files: string[];
}

/** The knots of `graph`: its strongly connected components that hold a circle (Tarjan). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): Knot[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  return components
    .filter(
      (component) => component.length > 1 || graph.get(component[0]!)?.includes(component[0]!),
    )
    .map((component) => ({
      circle: shortestCircle(graph, new Set(component)),
      files: component.sort(),
    }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The shortest closed path from the component's first file back to it, inside the component. */
function shortestCircle(
  graph: ReadonlyMap<string, readonly string[]>,
  component: ReadonlySet<string>,
): string[] {
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const node = queue[at]!;
    for (const target of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step = node; step !== start; step = cameFrom.get(step)!) path.splice(1, 0, step);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * The runtime import circles inside `packages/<name>/src`, each as `a.ts → b.ts → a.ts`,
 * followed by the other files of its knot when it has more.
 */
export function packageCycles(root: string, name: string): string[] {
  const src = join(root, 'packages', name, 'src');
  const sources = new Map(sourceFiles(src).map((file) => [file, readFileSync(file, 'utf8')]));
  const graph = runtimeGraph(sources, buildCompilerOptions(root));
  const show = (file: string) => relative(src, file).split('\\').join('/');
  return findCycles(graph).map(({ circle, files }) => {
    const path = circle.map(show).join(' → ');
    const others = files.filter((file) => !circle.includes(file)).map(show);
    return others.length === 0 ? path : `${path} (same knot: ${others.join(', ')})`;
  });
}
