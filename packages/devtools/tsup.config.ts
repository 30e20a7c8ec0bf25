import { packageBuild } from '../../config/tsup.base';

// The production entries are the no-ops a bundler resolves under the `production` condition.
export default packageBuild({
  entry: ['src/index.ts', 'src/react.ts', 'src/production.ts', 'src/react-production.ts'],
  splitting: true,
});
