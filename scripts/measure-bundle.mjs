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
  const result = await build({
    entryPoints: [entryPath],
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
