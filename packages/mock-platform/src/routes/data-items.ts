import type { MockCollection, MockDataItem } from '../collections';
import {
  isObject,
  objectAt,
  parseJsonBody,
  stringAt,
  type JsonObject,
  type RouteContext,
} from '../context';
import { matchesFilter, sortItems, unknownOperator } from '../data-query';
import { applicationError, json, validationError } from '../responses';
import type { TokenDescription } from '../token-store';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;
const DATE_FIELDS: readonly string[] = ['_createdDate', '_updatedDate'];

/** Decodes the `.r` query parameter: the base64url JSON of a request sent by GET. */
function decodeComplexRequest(encoded: string): unknown {
  try {
    const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * The query request: the JSON body of a POST, or the `.r` parameter of a GET (the way
 * `@wix/data` sends a query that fits in a URL), or plain query parameters.
 */
function queryRequest(context: RouteContext): JsonObject | Response {
  if (context.request.method === 'POST') return parseJsonBody(context.rawBody);
  const encoded = context.url.searchParams.get('.r');
  if (encoded === null) return Object.fromEntries(context.url.searchParams);
  const decoded = decodeComplexRequest(encoded);
  return isObject(decoded)
    ? decoded
    : validationError([{ field: '.r', description: 'must be the base64url of a JSON object' }]);
}

/**
 * The items of `collection` the caller may read, or the platform's 403 (`WDE0027`):
 * `ANYONE` is anyone's, `SITE_MEMBER` any member's, `SITE_MEMBER_AUTHOR` the items a
 * member owns, `ADMIN` nobody's with a visitor's or member's token.
 */
function readableItems(
  collection: MockCollection,
  caller: TokenDescription | undefined,
): readonly MockDataItem[] | Response {
  const member = caller?.role === 'member' ? caller.memberId : undefined;
  if (collection.read === 'ANYONE') return collection.items;
  if (collection.read !== 'ADMIN' && member !== undefined)
    return collection.read === 'SITE_MEMBER'
      ? collection.items
      : collection.items.filter((item) => item['_owner'] === member);
  return applicationError(
    403,
    'WDE0027',
    `The current user does not have permissions to read on the ${collection.id} collection.`,
  );
}

/** An item as the data items API answers it: `{ id, dataCollectionId, data }`, dates as `{ $date }`. */
function toDataItem(
  item: MockDataItem,
  collectionId: string,
  fields: readonly string[],
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (fields.length > 0 && name !== '_id' && !fields.includes(name)) continue;
    data[name] = DATE_FIELDS.includes(name) && typeof value === 'string' ? { $date: value } : value;
  }
  return { id: item._id, dataCollectionId: collectionId, data };
}

function pagingOf(query: JsonObject | undefined): { limit: number; offset: number } | string {
  if (objectAt(query, 'cursorPaging') !== undefined)
    return 'query.cursorPaging is not supported by the emulator (use skip and limit)';
  const paging = objectAt(query, 'paging');
  const limit = paging?.['limit'] ?? DEFAULT_LIMIT;
  const offset = paging?.['offset'] ?? 0;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT)
    return `query.paging.limit must be a whole number from 0 to ${MAX_LIMIT}`;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    return 'query.paging.offset must be a whole number, 0 or more';
  return { limit, offset };
}

/**
 * GET or POST data `/v2/items/query` (`@wix/data` `items.query(collectionId)…find()`):
 * `{ dataCollectionId, query: { filter?, sort?, paging?: { limit, offset }, fields? } }`
 * (a GET carries it as the base64url JSON `.r` parameter) → `{ dataItems: [{ id,
 * dataCollectionId, data }], pagingMetadata: { count, offset, total, tooManyToCount, hasNext } }`.
 * Any live token may call; the collection's read permission decides (403 `WDE0027`); an
 * unknown collection is 404 `WDE0025`.
 *
 * @example
 * ```ts
 * // GET /wix-data/v2/items/query?.r=<base64url {"dataCollectionId":"Products","query":{}}> → { dataItems, pagingMetadata }
 * ```
 */
export function queryDataItemsRoute(context: RouteContext): Response {
  const request = queryRequest(context);
  if (request instanceof Response) return request;
  const collectionId = stringAt(request, 'dataCollectionId');
  if (collectionId === undefined)
    return validationError([{ field: 'dataCollectionId', description: 'is required' }]);
  const collection = context.state.collections.get(collectionId);
  if (collection === undefined)
    return applicationError(
      404,
      'WDE0025',
      `The ${collectionId} collection does not exist. You cannot work with a collection using the Data API before it is created.`,
    );
  const readable = readableItems(collection, context.caller);
  if (readable instanceof Response) return readable;
  const query = objectAt(request, 'query');
  const operator = unknownOperator(query?.['filter']);
  if (operator !== undefined)
    return validationError([
      { field: 'query.filter', description: `uses ${operator}, which is not a known operator` },
    ]);
  const paging = pagingOf(query);
  if (typeof paging === 'string')
    return validationError([{ field: 'query.paging', description: paging }]);
  const matching = sortItems(
    readable.filter((item) => matchesFilter(item, query?.['filter'])),
    query?.['sort'],
  );
  const page = matching.slice(paging.offset, paging.offset + paging.limit);
  const fields = (Array.isArray(query?.['fields']) ? query['fields'] : []).filter(
    (field): field is string => typeof field === 'string',
  );
  return json({
    dataItems: page.map((item) => toDataItem(item, collection.id, fields)),
    pagingMetadata: {
      count: page.length,
      offset: paging.offset,
      total: matching.length,
      tooManyToCount: false,
      hasNext: paging.offset + page.length < matching.length,
    },
  });
}
