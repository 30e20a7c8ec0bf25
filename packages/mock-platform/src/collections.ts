import { MockPlatformError } from './mock-platform-error';
import { randomToken } from './random';

/**
 * Who may read a data collection, in the platform's permission roles: `ANYONE` (visitors
 * too), `SITE_MEMBER` (any member), `SITE_MEMBER_AUTHOR` (a member reads the items they
 * own, `_owner`), `ADMIN` (no site visitor or member).
 *
 * @example
 * ```ts
 * import type { DataReadPermission } from '@site-identity/mock-platform';
 * const read: DataReadPermission = 'SITE_MEMBER';
 * ```
 */
export type DataReadPermission = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'ADMIN';

/** Every {@link DataReadPermission}. */
export const DATA_READ_PERMISSIONS: readonly DataReadPermission[] = [
  'ANYONE',
  'SITE_MEMBER',
  'SITE_MEMBER_AUTHOR',
  'ADMIN',
];

/**
 * A data collection to create, in `options.collections`, `state.addCollection()` or a
 * `--seed` file.
 *
 * @example
 * ```ts
 * import type { CollectionInput } from '@site-identity/mock-platform';
 * const input: CollectionInput = { id: 'Products', read: 'ANYONE', items: [{ title: 'Mug', price: 12 }] };
 * ```
 */
export interface CollectionInput {
  /** The collection id (`items.query('Products')`). */
  readonly id: string;
  /** Default `'ANYONE'`. */
  readonly read?: DataReadPermission;
  /** The items' fields; `_id` and `_owner` (a member id) are optional. */
  readonly items?: readonly Record<string, unknown>[];
}

/**
 * One item of a collection as the emulator keeps it: its fields, with `_id`,
 * `_createdDate` and `_updatedDate` (ISO strings) and `_owner` when it has one.
 *
 * @example
 * ```ts
 * import type { MockDataItem, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const items: MockDataItem[] = platform.state.collections.get('Products')?.items ?? [];
 * ```
 */
export type MockDataItem = Record<string, unknown> & { readonly _id: string };

/**
 * A collection as the emulator keeps it; tests may change it.
 *
 * @example
 * ```ts
 * import type { MockCollection, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const products: MockCollection | undefined = platform.state.collections.get('Products');
 * if (products) products.read = 'SITE_MEMBER';
 * ```
 */
export interface MockCollection {
  /** The collection id. */
  readonly id: string;
  /** Who may read its items. */
  read: DataReadPermission;
  /** Its items, in insertion order (the order of an unsorted query). */
  items: MockDataItem[];
}

/**
 * The collections a platform has when its options name none: `Products`, which anyone
 * may read, with three items, and `Orders`, in which a member reads only their own.
 *
 * @example
 * ```ts
 * import { DEFAULT_COLLECTIONS } from '@site-identity/mock-platform';
 * DEFAULT_COLLECTIONS.map((collection) => collection.id); // ['Products', 'Orders']
 * ```
 */
export const DEFAULT_COLLECTIONS: readonly CollectionInput[] = [
  {
    id: 'Products',
    read: 'ANYONE',
    items: [
      { _id: 'product-1', title: 'Espresso cup', price: 12, inStock: true },
      { _id: 'product-2', title: 'French press', price: 35, inStock: true },
      { _id: 'product-3', title: 'Grinder', price: 89, inStock: false },
    ],
  },
  { id: 'Orders', read: 'SITE_MEMBER_AUTHOR', items: [] },
];

/**
 * What is wrong with a collection input, or undefined.
 *
 * @example
 * ```ts
 * collectionInputProblem({ id: '' }); // 'a collection needs an id (a non-empty string); got ""'
 * ```
 */
export function collectionInputProblem(input: Partial<CollectionInput> | null): string | undefined {
  if (typeof input?.id !== 'string' || input.id === '')
    return `a collection needs an id (a non-empty string); got ${JSON.stringify(input?.id) ?? 'undefined'}`;
  if (input.read !== undefined && !DATA_READ_PERMISSIONS.includes(input.read))
    return `collection ${input.id}: read must be one of ${DATA_READ_PERMISSIONS.join(', ')}; got ${JSON.stringify(input.read)}`;
  const items: unknown = input.items ?? [];
  if (
    !Array.isArray(items) ||
    !items.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  )
    return `collection ${input.id}: items must be an array of objects`;
  return undefined;
}

/**
 * Creates a collection from its input (throws MockPlatformError('INVALID_COLLECTION')).
 *
 * @example
 * ```ts
 * createCollection({ id: 'Products', items: [{ title: 'Mug' }] }, Date.now()).items[0]?._id;
 * ```
 */
export function createCollection(input: CollectionInput, nowMs: number): MockCollection {
  const problem = collectionInputProblem(input);
  if (problem) throw new MockPlatformError(problem, { code: 'INVALID_COLLECTION' });
  const date = new Date(nowMs).toISOString();
  return {
    id: input.id,
    read: input.read ?? 'ANYONE',
    items: (input.items ?? []).map((fields) => ({
      _createdDate: date,
      _updatedDate: date,
      ...fields,
      _id: typeof fields['_id'] === 'string' ? fields['_id'] : randomToken('item-'),
    })),
  };
}
