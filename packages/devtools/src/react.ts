import type { TokenManager } from '@site-identity/tokens';
import { useEffect, useRef } from 'react';
import { mountIdentityDevtools } from './mount';
import type { DevtoolsOptions } from './options';

/**
 * Props of {@link IdentityDevtools}: the token manager and the mount options.
 *
 * @example
 * ```ts
 * import type { IdentityDevtoolsProps } from '@site-identity/devtools/react';
 * import { createTokenManager } from '@site-identity/tokens';
 * const props: IdentityDevtoolsProps = { tokens: createTokenManager({ clientId: 'my-client-id' }) };
 * ```
 */
export interface IdentityDevtoolsProps extends DevtoolsOptions {
  /** The app's token manager (the one given to `<IdentityProvider>`). */
  readonly tokens: TokenManager;
}

/**
 * The Site Identity devtools as a React component: a floating button and a session
 * panel (see `mountIdentityDevtools` for what it shows). Renders nothing itself:
 * the panel lives in its own shadow root on `document.body` (or `container`) while
 * the component is mounted. A no-op in production builds (the `production` export
 * condition, which Vite and webpack apply with `NODE_ENV=production`).
 *
 * @example
 * ```tsx
 * import { IdentityDevtools } from '@site-identity/devtools/react';
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * export const App = () => (
 *   <>
 *     <main>…</main>
 *     <IdentityDevtools tokens={tokens} />
 *   </>
 * );
 * ```
 */
export function IdentityDevtools(props: IdentityDevtoolsProps): null {
  const { tokens, container, initialIsOpen, position, maxEvents, memberAuth, redirects } = props;
  // The latest callbacks, without mounting the panel again when they change.
  const signOut = useRef(props.signOutEverywhere);
  signOut.current = props.signOutEverywhere;
  const everywhere = !!props.signOutEverywhere;
  const readMember = useRef(props.member);
  readMember.current = props.member;
  const withMember = !!props.member;
  useEffect(() => {
    const mounted = mountIdentityDevtools(tokens, {
      ...(container && { container }),
      ...(initialIsOpen !== undefined && { initialIsOpen }),
      ...(position && { position }),
      ...(maxEvents !== undefined && { maxEvents }),
      ...(memberAuth !== undefined && { memberAuth }),
      ...(redirects !== undefined && { redirects }),
      ...(everywhere && { signOutEverywhere: () => signOut.current?.() }),
      ...(withMember && { member: async () => (await readMember.current?.()) ?? null }),
    });
    return () => mounted.unmount();
  }, [
    tokens,
    container,
    initialIsOpen,
    position,
    maxEvents,
    memberAuth,
    redirects,
    everywhere,
    withMember,
  ]);
  return null;
}
