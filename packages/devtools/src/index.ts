export { mountIdentityDevtools } from './mount';
export type { DevtoolsOptions, DevtoolsPosition, MountedDevtools } from './options';
