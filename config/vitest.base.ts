import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';

/**
 * The test configuration every package shares: tests live beside the code as
 * `src/**\/*.test.ts(x)`, and each run writes a JSON report that `npm test`
 * sums into its closing line.
 *
 * A package's `vitest.config.ts`:
 * ```ts
 * import { packageTest } from '../../config/vitest.base.ts';
 *
 * export default packageTest();
 * ```
 */
export function packageTest(overrides: ViteUserConfig = {}) {
  return mergeConfig(
    defineConfig({
      test: {
        include: ['src/**/*.test.{ts,tsx}'],
        reporters: ['default', 'json'],
        outputFile: { json: 'reports/vitest.json' },
        restoreMocks: true,
        unstubGlobals: true,
        unstubEnvs: true,
      },
    }),
    overrides,
  );
}
