import type { MemberAuth } from '@site-identity/member-auth';
import type { Redirects } from '@site-identity/redirects';

/**
 * Where the devtools button sits on the page.
 *
 * @example
 * ```ts
 * import type { DevtoolsPosition } from '@site-identity/devtools';
 * const position: DevtoolsPosition = 'bottom-left';
 * ```
 */
export type DevtoolsPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/**
 * The member as the panel shows it: `getCurrentMember`'s `CurrentMember` of
 * `@site-identity/member-auth/current-member` is one.
 *
 * @example
 * ```ts
 * import type { DevtoolsMember } from '@site-identity/devtools';
 * const member: DevtoolsMember = { id: 'a1b2', loginEmail: 'ada@example.com' };
 * ```
 */
export interface DevtoolsMember {
  /** The member id. */
  readonly id: string;
  /** The e-mail the member logs in with. */
  readonly loginEmail?: string | undefined;
}

/**
 * Options of {@link mountIdentityDevtools} (and the props of `<IdentityDevtools />`
 * besides `tokens`).
 *
 * @example
 * ```ts
 * import type { DevtoolsOptions } from '@site-identity/devtools';
 * const options: DevtoolsOptions = { initialIsOpen: true, position: 'bottom-left' };
 * ```
 */
export interface DevtoolsOptions {
  /** The element the button and the panel are added to. Default `document.body`. */
  readonly container?: HTMLElement;
  /** Whether the panel starts open. Default `false`. */
  readonly initialIsOpen?: boolean;
  /** Default `'bottom-right'`. */
  readonly position?: DevtoolsPosition;
  /**
   * Ends the member's session everywhere (at the platform, every device), e.g.
   * `async () => location.assign(await redirects.logout({ postLogoutRedirectUri: location.origin }))`. Without it
   * the panel offers "Sign out here" only (this browser: `tokens.clear()`).
   */
  readonly signOutEverywhere?: () => unknown;
  /**
   * Reads the signed-in member for the panel's "Member" row (id and e-mail), e.g.
   * `() => getCurrentMember(memberAuth)` of `@site-identity/member-auth/current-member`
   * (one members API request per member session, shared with the app). Called when a
   * member's session begins, never for a visitor. Without it the row says how to add it.
   */
  readonly member?: () => Promise<DevtoolsMember | null>;
  /**
   * The app's member client (`createMemberAuth`): its `register`, `login`,
   * `verifyEmail` and `verifyFactor` refused for the app's configuration (the results
   * with `SITE_MISCONFIGURED`: an unknown client id, an `apiBaseUrl` with a path, an
   * unpublished site, a redirect URI the app does not allow, a hidden frame that loaded
   * and never answered because this page's origin is not allowed) are listed under
   * "Configuration problems", with the setting to change, beside the token manager's.
   */
  readonly memberAuth?: MemberAuth;
  /**
   * The app's redirect client (`createRedirects`): its own calls refused for the app's
   * configuration (`silentLogin` or a popup login whose hosted page loaded and never
   * answered because this page's origin or the redirect URI is not allowed,
   * `loginWithRedirect`, `getAuthUrl` or `completeLogin` refused for a redirect URI or
   * an unpublished site, a pre-warm's redirect session) are listed under "Configuration
   * problems", with the call that met them and the setting to change.
   */
  readonly redirects?: Redirects;
  /** How many events the log keeps, newest first. Default 100. */
  readonly maxEvents?: number;
}

/**
 * What {@link mountIdentityDevtools} returns.
 *
 * @example
 * ```ts
 * import { mountIdentityDevtools } from '@site-identity/devtools';
 * import { createTokenManager } from '@site-identity/tokens';
 * const devtools = mountIdentityDevtools(createTokenManager({ clientId: 'my-client-id' }));
 * devtools.open();
 * devtools.unmount();
 * ```
 */
export interface MountedDevtools {
  /** Opens the panel. */
  open(): void;
  /** Closes the panel (the button stays). */
  close(): void;
  /** Removes the button and the panel and stops listening to the manager. */
  unmount(): void;
}
