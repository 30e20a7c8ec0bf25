// What `@site-identity/devtools/react` resolves to under the `production` export condition.
import type { IdentityDevtools as Devtools } from './react';

/**
 * The production build's `<IdentityDevtools />`: renders nothing, mounts nothing.
 *
 * @example
 * ```tsx
 * import { IdentityDevtools } from '@site-identity/devtools/react';
 * import { createTokenManager } from '@site-identity/tokens';
 * export const Devtools = () => <IdentityDevtools tokens={createTokenManager({ clientId: 'my-client-id' })} />;
 * ```
 */
export const IdentityDevtools: typeof Devtools = () => null;
