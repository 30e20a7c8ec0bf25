import type { AddressTag } from './enumerations';

/**
 * The street part of an {@link Address}.
 *
 * @example
 * ```ts
 * import type { StreetAddress } from '@site-identity/member-auth';
 *
 * const street: StreetAddress = { name: 'Main Street', number: '12', apt: '3' };
 * ```
 */
export interface StreetAddress {
  name?: string;
  number?: string;
  apt?: string;
}

/**
 * A point on the map.
 *
 * @example
 * ```ts
 * import type { Geocode } from '@site-identity/member-auth';
 *
 * const office: Geocode = { latitude: 32.08, longitude: 34.78 };
 * ```
 */
export interface Geocode {
  latitude?: number;
  longitude?: number;
}

/**
 * A postal address. `subdivision` is an ISO 3166-2 code (`US-NY`), `country` an
 * ISO 3166-1 alpha-2 code (`US`).
 *
 * @example
 * ```ts
 * import type { Address } from '@site-identity/member-auth';
 *
 * const home: Address = {
 *   streetAddress: { name: 'Main Street', number: '12' },
 *   city: 'Springfield',
 *   subdivision: 'US-IL',
 *   country: 'US',
 *   postalCode: '62701',
 * };
 * ```
 */
export interface Address {
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
  formattedAddress?: string;
  geocode?: Geocode;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: StreetAddress;
}

/**
 * An address of an identity with its tag.
 *
 * @example
 * ```ts
 * import type { TaggedAddress } from '@site-identity/member-auth';
 *
 * const billing: TaggedAddress = { tag: 'BILLING', address: { city: 'Springfield', country: 'US' } };
 * ```
 */
export interface TaggedAddress {
  /** The platform's id of this address entry. */
  id?: string;
  tag?: AddressTag;
  address?: Address;
}
