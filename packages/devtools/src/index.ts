export { mountIdentityDevtools } from './mount';
export type { DevtoolsMember, DevtoolsOptions, DevtoolsPosition, MountedDevtools } from './options';
