import { defineConfig, type Options } from 'tsup';

/**
 * Dependencies that publish ESM only. The ESM build keeps them external; the
 * CJS build bundles them, because `require()` of an ES module is not reliable on
 * every Node 20 release and esbuild's `__toESM` interop would hand CJS callers
 * the namespace object instead of the default export.
 */
const ESM_ONLY = ['ky'];

/**
 * The one build configuration every package shares: ESM (`dist/index.js`) and
 * CJS (`dist/index.cjs`), each with its own declaration file, target es2022.
 *
 * A package's `tsup.config.ts` is three lines:
 * ```ts
 * import { packageBuild } from '../../config/tsup.base';
 *
 * export default packageBuild();
 * ```
 */
export function packageBuild(overrides: Options = {}) {
  const common: Options = {
    entry: ['src/index.ts'],
    target: 'es2022',
    platform: 'neutral',
    sourcemap: true,
    treeshake: true,
    splitting: false,
    clean: false,
    // tsup's declaration step sets `baseUrl`, which TypeScript 6 flags as deprecated.
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    outDir: 'dist',
    ...overrides,
  };
  return defineConfig([
    { ...common, format: ['esm'] },
    {
      ...common,
      format: ['cjs'],
      noExternal: [...ESM_ONLY, ...((overrides.noExternal as string[] | undefined) ?? [])],
    },
  ]);
}
