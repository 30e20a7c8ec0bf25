import { attempt } from '@site-identity/http/internal';
import { entryOf, NO_ENTRY, recordOf, type Entry } from './entry';
import { TokensError } from './tokens-error';
import type { TokenStorage } from './storage';

/** A value, or a promise of it from an asynchronous storage. @internal */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `next(value)`: at once for a plain value, once it settles for a thenable (with
 * `failed` for its rejection), so that a synchronous storage stays synchronous. @internal
 */
export function after<T, R>(
  value: T | PromiseLike<T>,
  next: (value: T) => R,
  failed?: (error: unknown) => R,
): MaybePromise<R> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
    ? Promise.resolve(value).then(next, failed)
    : next(value as T);
}

/**
 * What reading the stored record found: the entry (a token set, or none:
 * `tokens` null, with its rank), `'corrupt'` for a value that is not a token set,
 * or `'unavailable'` for a storage that failed. @internal
 */
export type RecordRead = Entry | 'corrupt' | 'unavailable';

/**
 * The stored token record: read, parse, write, report. The only code that knows
 * a storage may answer synchronously or with a promise. A corrupt value is
 * reported (`STORAGE_CORRUPT`, without its content; so is a record from beyond the
 * clock: an epoch or an expiry no tab could have made) and a failing storage
 * (`STORAGE_UNAVAILABLE`) once until it works again; neither ever throws. @internal
 */
export function createStoredRecord({
  storage,
  key,
  now,
  report,
}: {
  readonly storage: () => TokenStorage;
  readonly key: string;
  /** The clock, in epoch milliseconds: a record from beyond it is corrupt. */
  readonly now: () => number;
  readonly report: (error: TokensError) => void;
}) {
  let failing = false;
  let corrupt: unknown;

  /** The storage failed: reported once until it works again. */
  function failed(cause: unknown): false {
    if (!failing)
      report(
        new TokensError('Storage failed; using memory', { code: 'STORAGE_UNAVAILABLE', cause }),
      );
    failing = true;
    return false;
  }

  /** The storage answered: a later failure is reported again. */
  function worked(): true {
    failing = false;
    return true;
  }

  /** A read the storage failed. */
  function unavailable(cause: unknown): RecordRead {
    failed(cause);
    return 'unavailable';
  }

  function parse(raw: unknown): RecordRead {
    worked();
    if (raw === null || raw === undefined || raw === '') return NO_ENTRY;
    const value = typeof raw === 'string' ? attempt((): unknown => JSON.parse(raw)) : undefined;
    const entry = entryOf(value ?? undefined, Object(value) as Record<string, unknown>, now());
    if (entry) return entry;
    if (raw !== corrupt)
      report(new TokensError(`"${key}" is not a token set`, { code: 'STORAGE_CORRUPT' }));
    corrupt = raw;
    return 'corrupt';
  }

  return {
    read(): MaybePromise<RecordRead> {
      try {
        return after(storage().getItem(key), parse, unavailable);
      } catch (error) {
        return unavailable(error);
      }
    },
    /** Stores `entry` (removes the record for no tokens); `false` when the storage failed. */
    write(entry: Entry): MaybePromise<boolean> {
      const record = recordOf(entry);
      try {
        return after(
          record ? storage().setItem(key, JSON.stringify(record)) : storage().removeItem(key),
          worked,
          failed,
        );
      } catch (error) {
        return failed(error);
      }
    },
  };
}

/** The stored record of {@link createStoredRecord}. @internal */
export type StoredRecord = ReturnType<typeof createStoredRecord>;
