import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', cli: 'src/cli.ts' },
  platform: 'node',
});
