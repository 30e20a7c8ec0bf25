import { fileURLToPath } from 'node:url';
import { packageTest } from '../../config/vitest.base.ts';

// The tests run the sources: `#network-cause` is Node's diagnosis in src, not the built file.
export default packageTest({
  resolve: {
    alias: { '#network-cause': fileURLToPath(new URL('src/network-cause.ts', import.meta.url)) },
  },
});
