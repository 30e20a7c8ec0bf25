import { packageTest } from '../../config/vitest.base.ts';

const recipe = [
  'src/member-login.test.ts',
  'src/module-level.test.ts',
  'src/no-test-window.test.ts',
];
const readme = 'src/readme.test.ts';

/** The README's recipe in each environment a user's vitest may run it in; the README check once. */
export default packageTest({
  test: {
    projects: [
      { extends: true, test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'happy-dom', environment: 'happy-dom', include: recipe, exclude: [readme] },
      },
      {
        extends: true,
        test: { name: 'jsdom', environment: 'jsdom', include: recipe, exclude: [readme] },
      },
    ],
  },
});
