import { isObject } from './context';

/**
 * The filter operators the emulator evaluates, as `@wix/data`'s query builder sends them
 * (`eq` is a bare value: `{ title: 'Mug' }`).
 *
 * @example
 * ```ts
 * FILTER_OPERATORS.includes('$gt'); // true
 * ```
 */
export const FILTER_OPERATORS: readonly string[] = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$contains',
  '$startsWith',
  '$endsWith',
  '$exists',
  '$isEmpty',
];

/** A field's value as text, for comparisons: a scalar as is, anything else as its JSON. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return textOf(a).localeCompare(textOf(b));
}

const text = (value: unknown): string => textOf(value).toLowerCase();

function operatorHolds(operator: string, field: unknown, operand: unknown): boolean {
  const list = Array.isArray(operand) ? operand : [operand];
  const values = Array.isArray(field) ? field : [field];
  switch (operator) {
    case '$eq':
      return field === operand;
    case '$ne':
      return field !== operand;
    case '$gt':
      return field !== undefined && compare(field, operand) > 0;
    case '$gte':
      return field !== undefined && compare(field, operand) >= 0;
    case '$lt':
      return field !== undefined && compare(field, operand) < 0;
    case '$lte':
      return field !== undefined && compare(field, operand) <= 0;
    case '$in':
    case '$hasSome':
      return values.some((value) => list.includes(value));
    case '$hasAll':
      return list.every((value) => values.includes(value));
    case '$contains':
      return text(field).includes(text(operand));
    case '$startsWith':
      return text(field).startsWith(text(operand));
    case '$endsWith':
      return text(field).endsWith(text(operand));
    case '$exists':
      return (field !== undefined && field !== null) === Boolean(operand);
    default: // '$isEmpty'
      return (field === undefined || field === null || field === '') === Boolean(operand);
  }
}

/**
 * The first operator of a filter the emulator does not know, or undefined.
 *
 * @example
 * ```ts
 * unknownOperator({ price: { $near: 1 } }); // '$near'
 * ```
 */
export function unknownOperator(filter: unknown): string | undefined {
  if (!isObject(filter)) return undefined;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) return key;
      for (const part of value) {
        const found = unknownOperator(part);
        if (found) return found;
      }
    } else if (key === '$not') {
      const found = unknownOperator(value);
      if (found) return found;
    } else if (key.startsWith('$')) return key;
    else if (isObject(value) && Object.keys(value).some((name) => name.startsWith('$'))) {
      const operator = Object.keys(value).find((name) => !FILTER_OPERATORS.includes(name));
      if (operator) return operator;
    }
  }
  return undefined;
}

/**
 * Tells whether an item's fields match a filter (checked first with {@link unknownOperator}).
 *
 * @example
 * ```ts
 * matchesFilter({ price: 12 }, { price: { $lt: 20 } }); // true
 * ```
 */
export function matchesFilter(item: Record<string, unknown>, filter: unknown): boolean {
  if (!isObject(filter)) return true;
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and') return (condition as unknown[]).every((part) => matchesFilter(item, part));
    if (key === '$or') return (condition as unknown[]).some((part) => matchesFilter(item, part));
    if (key === '$not') return !matchesFilter(item, condition);
    const field = item[key];
    if (isObject(condition) && Object.keys(condition).some((name) => name.startsWith('$')))
      return Object.entries(condition).every(([operator, operand]) =>
        operatorHolds(operator, field, operand),
      );
    return field === condition;
  });
}

/**
 * Items sorted by `[{ fieldName, order: 'ASC' | 'DESC' }]`, the first key first.
 *
 * @example
 * ```ts
 * sortItems(items, [{ fieldName: 'price', order: 'DESC' }]);
 * ```
 */
export function sortItems<T extends Record<string, unknown>>(
  items: readonly T[],
  sort: unknown,
): T[] {
  const keys = (Array.isArray(sort) ? sort : []).filter(isObject);
  return [...items].sort((a, b) => {
    for (const key of keys) {
      const name = textOf(key['fieldName']);
      const order = key['order'] === 'DESC' ? -1 : 1;
      const result = compare(a[name], b[name]);
      if (result !== 0) return result * order;
    }
    return 0;
  });
}
