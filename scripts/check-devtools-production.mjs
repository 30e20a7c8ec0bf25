#!/usr/bin/env node
// The devtools cost nothing in production: builds examples/vite-react (which renders
// <IdentityDevtools />) with Vite in production and counts the bytes each module of
// @site-identity/devtools puts into the bundle (Rollup's rendered length per module).
// The panel's code must contribute 0 bytes and none of its text may appear; only the
// no-op of the production entry is allowed (a function returning null, counted apart).
// It also adds the notes that npm test prints: both figures.
// A development build of the same app is the control: there the panel must be present,
// so the check cannot pass by measuring the wrong thing. Needs built packages.
// Writes reports/devtools-production.json ({ passed, failed, checks }) for npm test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const example = join(root, 'examples', 'vite-react');
const requireFromExample = createRequire(join(example, 'package.json'));
const { build } = await import(pathToFileURL(requireFromExample.resolve('vite')).href);
/** Text only the panel has (its heading and an action), never the no-op. */
const PANEL_TEXT = ['Site Identity session', 'Expire access token now'];
const isDevtools = (id) => /[\\/](packages[\\/]devtools|@site-identity[\\/]devtools)[\\/]/.test(id);
const isNoop = (id) => /[\\/]dist[\\/](react-)?production\.js$/.test(id);

async function measure(mode) {
  const outDir = mkdtempSync(join(tmpdir(), `devtools-${mode}-`));
  const modules = new Map();
  let code = '';
  try {
    await build({
      root: example,
      mode,
      logLevel: 'error',
      configFile: join(example, 'vite.config.ts'),
      build: { outDir, emptyOutDir: true, minify: mode === 'production' },
      plugins: [
        {
          name: 'devtools-bytes',
          generateBundle(_options, bundle) {
            for (const output of Object.values(bundle)) {
              if (output.type !== 'chunk') continue;
              code += output.code;
              for (const [id, info] of Object.entries(output.modules))
                if (isDevtools(id)) modules.set(id, (modules.get(id) ?? 0) + info.renderedLength);
            }
          },
        },
      ],
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  let panel = 0;
  let noop = 0;
  for (const [id, bytes] of modules) isNoop(id) ? (noop += bytes) : (panel += bytes);
  return { panel, noop, text: PANEL_TEXT.filter((text) => code.includes(text)), modules };
}

const checks = [];
const notes = [];
function check(name, ok, detail) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

const previous = process.env.NODE_ENV;
try {
  process.env.NODE_ENV = 'production';
  const production = await measure('production');
  process.env.NODE_ENV = 'development';
  const development = await measure('development');
  check(
    'development build of examples/vite-react (control): the panel is in it',
    development.panel > 0 && development.text.length === PANEL_TEXT.length,
    `${development.panel} bytes of @site-identity/devtools`,
  );
  check(
    'production build of examples/vite-react: 0 bytes of the devtools panel',
    production.panel === 0 && production.text.length === 0,
    `${production.panel} bytes of the panel${production.text.length ? `, its text found: ${production.text.join(', ')}` : ''}; the production entry's no-op: ${production.noop} bytes before minification`,
  );
  notes.push(
    `devtools in the Vite example: ${production.panel} bytes of the panel in production (no-op ${production.noop} bytes), ${development.panel} in development`,
  );
} catch (error) {
  check('building examples/vite-react', false, String(error?.stack ?? error));
} finally {
  if (previous === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previous;
}
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(
  join(root, 'reports', 'devtools-production.json'),
  JSON.stringify({ passed, failed, checks, notes }, null, 2),
);
process.exit(failed > 0 ? 1 : 0);
