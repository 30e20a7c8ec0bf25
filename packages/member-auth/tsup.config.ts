import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: ['src/index.ts', 'src/webauthn.ts', 'src/push.ts'],
  splitting: true,
});
