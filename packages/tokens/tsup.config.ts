import { packageBuild } from '../../config/tsup.base';

export default packageBuild({ entry: ['src/index.ts', 'src/auto-refresh.ts', 'src/inspection.ts'] });
