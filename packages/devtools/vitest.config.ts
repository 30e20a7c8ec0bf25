import { packageTest } from '../../config/vitest.base.ts';

export default packageTest({ test: { environment: 'happy-dom' } });
