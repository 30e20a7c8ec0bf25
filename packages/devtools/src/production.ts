// What `@site-identity/devtools` resolves to under the `production` export condition:
// the same names, doing nothing, with none of the panel's code.
import type { mountIdentityDevtools as mount } from './mount';

const nothing = () => {};

/**
 * The production build's `mountIdentityDevtools`: adds nothing to the page.
 *
 * @example
 * ```ts
 * import { mountIdentityDevtools } from '@site-identity/devtools';
 * import { createTokenManager } from '@site-identity/tokens';
 * mountIdentityDevtools(createTokenManager({ clientId: 'my-client-id' })).unmount();
 * ```
 */
export const mountIdentityDevtools: typeof mount = () => ({
  open: nothing,
  close: nothing,
  unmount: nothing,
});
