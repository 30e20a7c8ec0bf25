import { packageBuild } from '../../config/tsup.base';

export default packageBuild({
  entry: ['src/index.ts', 'src/captcha.ts', 'src/external-login.ts'],
  splitting: true,
});
