import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { packageTest } from '../../config/vitest.base.ts';

const require = createRequire(import.meta.url);
const support = (file: string) => fileURLToPath(new URL(`test-support/${file}`, import.meta.url));

/** The suite runs twice: on React 19, and on React 18 with every `react…` import sent to the 18 copies. */
export default packageTest({
  test: {
    setupFiles: [support('cleanup.ts')],
    projects: [
      {
        extends: true,
        test: { name: 'react-19', environment: 'happy-dom', provide: { reactMajor: '19' } },
      },
      {
        extends: true,
        test: {
          name: 'react-18',
          environment: 'happy-dom',
          provide: { reactMajor: '18' },
          execArgv: ['--import', support('react-18.mjs')],
        },
        plugins: [
          {
            name: 'react-18',
            enforce: 'pre',
            resolveId: (source: string) => {
              const match = /^react(-dom)?(\/.*)?$/.exec(source);
              return match
                ? require.resolve(`react${match[1] ?? ''}-18${match[2] ?? ''}`)
                : undefined;
            },
          },
        ],
      },
    ],
  },
});
