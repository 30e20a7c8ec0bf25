import { packageBuild } from '../../config/tsup.base';

// `#network-cause` stays an import of the built files: package.json `imports` picks
// Node's diagnosis or, under the `browser` condition, the one that reads nothing.
export default packageBuild({
  entry: [
    'src/index.ts',
    'src/internal.ts',
    'src/network-cause.ts',
    'src/network-cause.browser.ts',
  ],
  splitting: true,
  external: ['#network-cause'],
});
