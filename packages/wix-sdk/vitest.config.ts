import { packageTest } from '../../config/vitest.base.ts';

export default packageTest();
