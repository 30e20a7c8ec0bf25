import { createContext, useContext } from 'react';
import { IdentityReactError } from './identity-react-error';
import type { SessionSnapshot } from '@site-identity/tokens';
import type { IdentityInstances } from './instances';

/**
 * Carries the instances given to `<IdentityProvider>`, and the snapshot rendered on a
 * server and while hydrating (its `initialSession`, else loading). @internal
 */
export interface IdentityContextValue extends IdentityInstances {
  readonly serverSnapshot: SessionSnapshot;
}

/** The provider's value. @internal */
export const IdentityContext = /* @__PURE__ */ createContext<IdentityContextValue | null>(null);

/** The provider's instances; throws `MISSING_PROVIDER`, naming `user`, outside it. @internal */
export function useIdentityContext(user: string): IdentityContextValue {
  const instances = useContext(IdentityContext);
  if (!instances)
    throw new IdentityReactError(`${user} must be used inside <IdentityProvider>`, {
      code: 'MISSING_PROVIDER',
    });
  return instances;
}

/** The provider's `name` instance; throws `MISSING_INSTANCE` when it was not given. @internal */
export function requireInstance<K extends 'redirects' | 'memberAuth'>(
  instances: IdentityInstances,
  name: K,
  user: string,
): NonNullable<IdentityInstances[K]> {
  const instance = instances[name];
  if (!instance)
    throw new IdentityReactError(`${user} needs <IdentityProvider ${name}={…}>`, {
      code: 'MISSING_INSTANCE',
    });
  return instance;
}
