import { invalid } from '@site-identity/http/internal';
import { invalidArgument } from './redirects-error';

/**
 * The platform's well-known identity-provider connection ids, by the name
 * `idp` takes.
 *
 * @example
 * ```ts
 * import { IDENTITY_PROVIDER_IDS } from '@site-identity/redirects';
 *
 * IDENTITY_PROVIDER_IDS.google; // '0e6a50f5-b523-4e29-990d-f37fa2ffdd69'
 * ```
 */
export const IDENTITY_PROVIDER_IDS = {
  google: '0e6a50f5-b523-4e29-990d-f37fa2ffdd69',
  facebook: '3ecad13f-52c3-483d-911f-31dbcf2a6d23',
} as const;

/**
 * Who signs the member in on the hosted page: Google, Facebook, or a site's own
 * connection (SSO) by its id. Sent as `authRequest.idp`.
 *
 * @example
 * ```ts
 * import type { IdentityProvider } from '@site-identity/redirects';
 *
 * const google: IdentityProvider = 'google';
 * const sso: IdentityProvider = { connectionId: 'b1a4c7e2-0000-4000-8000-5e11c0ffee00' };
 * ```
 */
export type IdentityProvider =
  keyof typeof IDENTITY_PROVIDER_IDS | { readonly connectionId: string };

/** The connection id of `idp`; `INVALID_ARGUMENT` naming `idp` for anything else. */
export function idpConnectionId(idp: unknown): string {
  if (typeof idp === 'string' && Object.hasOwn(IDENTITY_PROVIDER_IDS, idp))
    return IDENTITY_PROVIDER_IDS[idp as keyof typeof IDENTITY_PROVIDER_IDS];
  const connectionId = (idp as { connectionId?: unknown } | null)?.connectionId;
  if (typeof idp === 'object' && typeof connectionId === 'string') {
    if (/^[\w.-]{1,100}$/.test(connectionId)) return connectionId;
    throw invalid(
      {
        name: 'idp.connectionId',
        expected: '1 to 100 letters, digits, - _ or .',
        value: connectionId,
      },
      invalidArgument,
    );
  }
  throw invalid(
    {
      name: 'idp',
      expected: "'google', 'facebook' or { connectionId } (letters, digits, - _ .)",
      value: typeof idp === 'string' ? idp.slice(0, 40) : idp,
    },
    invalidArgument,
  );
}
