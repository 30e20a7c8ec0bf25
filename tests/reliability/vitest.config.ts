import { packageTest } from '../../config/vitest.base.ts';

export default packageTest({ test: { setupFiles: ['src/setup.ts'], testTimeout: 15_000 } });
