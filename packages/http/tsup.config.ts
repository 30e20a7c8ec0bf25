import { packageBuild } from '../../config/tsup.base';

export default packageBuild();
