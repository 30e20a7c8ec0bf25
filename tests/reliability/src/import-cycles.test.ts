// @vitest-environment node
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildCompilerOptions,
  findCycles,
  type Knot,
  packageCycles,
  runtimeGraph,
} from './import-cycles';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const packages = readdirSync(join(root, 'packages')).sort();

describe('no runtime import circle inside a package', () => {
  it('finds every package', () => {
    expect(packages).toEqual(expect.arrayContaining(['http', 'server', 'tokens', 'mock-platform']));
  });

  it.each(packages)('%s', (name) => {
    expect(packageCycles(root, name)).toEqual([]);
  });
});

describe('the circle finder', () => {
  const options = buildCompilerOptions(root);
  const graphOf = (files: Record<string, string>) =>
    runtimeGraph(
      new Map(Object.entries(files).map(([name, text]) => [`/pkg/src/${name}`, text])),
      options,
    );
  const named = (knots: Knot[]) =>
    knots.map(({ circle, files }) =>
      [circle, files].map((list) => list.map((file) => file.replace('/pkg/src/', '')).join(' → ')),
    );

  it('names a circle of value imports, shortest way round, and only once', () => {
    const graph = graphOf({
      'a.ts': "import { b } from './b';\nexport const a = () => b;",
      'b.ts': "import { c } from './c.ts';\nexport const b = c;",
      'c.ts':
        "export { a } from './a.js';\nimport { b } from './b';\nexport const c = 1 + (b ? 0 : 1);",
      'd.ts': "import { a } from './a';\nexport const d = a;",
    });
    expect(named(findCycles(graph))).toEqual([['a.ts → b.ts → c.ts → a.ts', 'a.ts → b.ts → c.ts']]);
  });

  it('names every file of a knot that holds more than one circle', () => {
    const graph = graphOf({
      'a.ts': "import { b } from './b';\nexport const a = () => b;",
      'b.ts': "import { a } from './a';\nimport { c } from './c';\nexport const b = () => [a, c];",
      'c.ts': "import { b } from './b';\nexport const c = () => b;",
    });
    expect(named(findCycles(graph))).toEqual([['a.ts → b.ts → a.ts', 'a.ts → b.ts → c.ts']]);
  });

  it('follows folders to their index and counts a file that imports itself', () => {
    const graph = graphOf({
      'x/index.ts': "import { y } from '../y';\nexport const x = y;",
      'y.ts': "import { x } from './x';\nexport const y = () => x;",
      'z.ts': "import { z as self } from './z';\nexport const z = () => self;",
    });
    expect(named(findCycles(graph))).toEqual([
      ['x/index.ts → y.ts → x/index.ts', 'x/index.ts → y.ts'],
      ['z.ts → z.ts', 'z.ts'],
    ]);
  });

  it('does not count type-only imports and re-exports, lazy import() or other packages', () => {
    const graph = graphOf({
      'a.ts': [
        "import type { B } from './b';",
        "export type { C } from './c';",
        "import { type D, d } from './d';",
        "import { e } from '@site-identity/e';",
        "export const a = (b: B) => [b, d, e, import('./c')];",
      ].join('\n'),
      'b.ts': "import { a } from './a';\nexport type B = string;\nexport const b = a;",
      'c.ts': "import { a } from './a';\nexport type C = number;\nexport const c = a;",
      'd.ts': 'export type D = boolean;\nexport const d = 1;',
    });
    expect(graph.get('/pkg/src/a.ts')).toEqual(['/pkg/src/d.ts']);
    expect(findCycles(graph)).toEqual([]);
  });

  it('counts an import whose names are all types (the build keeps it as `import {}`)', () => {
    const graph = graphOf({
      'a.ts': "import { type B } from './b';\nexport const a = (b: B) => b;",
      'b.ts': "import { a } from './a';\nexport type B = string;\nexport const b = a;",
    });
    expect(named(findCycles(graph))).toEqual([['a.ts → b.ts → a.ts', 'a.ts → b.ts']]);
  });
});
