import { packageTest } from '../../config/vitest.base';

export default packageTest({ test: { environment: 'happy-dom' } });
