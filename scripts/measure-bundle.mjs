// How much an entry costs an app: bundled as an app bundles it (esbuild --bundle
// --minify --format=esm --platform=browser, target es2022), then gzip level 9.
// Shared by the size budgets (scripts/size.mjs) and the benchmarks.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The packages among `names` that put any byte into the bundle `result` (esbuild's metafile). */
function packagesIn(result, names) {
  const [output] = Object.values(result.metafile.outputs);
  return names.filter((name) =>
    Object.entries(output.inputs).some(
      ([path, { bytesInOutput }]) => bytesInOutput > 0 && path.includes(`node_modules/${name}/`),
    ),
  );
}

/**
 * Bundles the file `entryPath` (absolute) and returns its minified and min+gzip sizes
 * in bytes, and which of the packages `without` (names the bundle must not contain)
 * it contains all the same: `present`, from esbuild's metafile.
 */
export async function measureBundle(entryPath, external = [], without = []) {
  return measureBuild({ entryPoints: [entryPath] }, external, without);
}

/**
 * What the separate import `entryPath` adds to an app that has the entry `overPath`
 * it extends (both absolute): the bundle of every export of both, less the bundle of
 * every export of `overPath`, in minified and min+gzip bytes; `present` as for
 * {@link measureBundle}, in the bundle of both.
 */
export async function measureIncrement(entryPath, overPath, external = [], without = []) {
  const namespace = (path) => JSON.stringify(path);
  const both = await measureSource(
    `import * as entry from ${namespace(entryPath)}; import * as over from ${namespace(overPath)}; export { entry, over };`,
    external,
    without,
  );
  const alone = await measureSource(
    `import * as over from ${namespace(overPath)}; export { over };`,
    external,
    [],
  );
  return { min: both.min - alone.min, gzip: both.gzip - alone.gzip, present: both.present };
}

/** Bundles the module `contents` (ESM, resolved from the working directory). */
const measureSource = (contents, external, without) =>
  measureBuild({ stdin: { contents, resolveDir: process.cwd(), loader: 'js' } }, external, without);

/** Bundles `input` (esbuild's entry points or stdin) and measures the bundle. */
async function measureBuild(input, external, without) {
  const result = await build({
    ...input,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    external,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return {
    min: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    present: packagesIn(result, without),
  };
}
