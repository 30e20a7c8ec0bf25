// How much an entry costs an app: bundled as an app bundles it (esbuild --bundle
// --minify --format=esm --platform=browser, target es2022), then gzip level 9.
// Shared by the size budgets (scripts/size.mjs) and the benchmarks.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Bundles the file `entryPath` (absolute) and returns its minified and min+gzip sizes in bytes. */
export async function measureBundle(entryPath, external = []) {
  const result = await build({
    entryPoints: [entryPath],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    external,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
