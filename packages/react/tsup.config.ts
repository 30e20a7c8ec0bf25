import { packageBuild } from '../../config/tsup.base';

export default packageBuild({ banner: { js: "'use client';" } });
