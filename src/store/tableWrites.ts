import { createTable, getOwnRow, hasOwn } from '../schema/own';
import { rowCountsOf } from '../schema/rowCounts';
import {
  BUCKET_MAX,
  BUCKET_TARGET,
  FLAT_MAX,
  FLAT_MIN,
  FIRST_WRITE_MAX,
  MAX_BUCKETS,
  bucketOf,
  countKeys,
  isBucketed,
  tableRow,
  type BucketedTable,
  type FlatTable,
  type StoredTable,
  type StoredTables,
} from './tables';

// Writes to entity tables (the layout is in tables.ts and docs/state-layout.md): each returns new
// tables and copies only what it touches, one flat table or one bucket; a table passing FLAT_MAX rows
// is split into buckets, and one that falls to FLAT_MIN rows is made flat again.

/**
 * A table or bucket as the state keeps it once written: frozen in development, where a mutation must throw (as
 * rows are). Production leaves it unfrozen, as it leaves rows: V8 turns the elements of a frozen object with no
 * prototype into a hash table, so a table of integer pks (`"1"`, `"2"`, ...: most apps') would take about 45 bytes
 * a row instead of 8, and find each row by a hash lookup instead of an index.
 */
function done<T extends object>(table: T): T {
  if (process.env.NODE_ENV !== 'production') Object.freeze(table);
  return table;
}

/** A copy of a flat table to write into (a `for...in` copy is the fastest for large tables). */
function copyTable<T>(table: FlatTable<T> | undefined): Record<string, T> {
  const copy = createTable<T>();
  if (table !== undefined) for (const pk in table) copy[pk] = table[pk];
  return copy;
}

/** An array of buckets as the state type names it. */
function bucketed<T>(buckets: readonly FlatTable<T>[]): BucketedTable<T> {
  return buckets as BucketedTable<T>;
}

/** Rows a write brings: `rows` by `pks` (its keys, listed once by the caller), each passed through `prepare`. */
interface Written<T> {
  readonly rows: FlatTable<T>;
  readonly pks: readonly string[];
  readonly prepare: (row: T) => T;
}

/**
 * Every row of `table`, then the written rows, in `count` buckets (each frozen in development).
 * A large first response goes straight into buckets: it is not built flat and then copied again.
 */
function split<T>(table: StoredTable<T> | undefined, count: number, written?: Written<T>): BucketedTable<T> {
  const buckets: Record<string, T>[] = [];
  for (let i = 0; i < count; i++) buckets.push(createTable<T>());
  const add = (from: FlatTable<T>) => {
    for (const pk in from) buckets[bucketOf(pk, count)][pk] = from[pk];
  };
  if (table !== undefined && isBucketed(table)) for (const bucket of table) add(bucket);
  else if (table !== undefined) add(table);
  // The written rows by the pks the caller listed: enumerating a large table again costs more than the writes.
  if (written !== undefined) {
    const { rows, pks, prepare } = written;
    for (const pk of pks) buckets[bucketOf(pk, count)][pk] = prepare(rows[pk]);
  }
  for (const bucket of buckets) done(bucket);
  return bucketed(buckets);
}

/** The smallest power of two that holds `size` rows at about `BUCKET_TARGET` per bucket. */
function bucketCountFor(size: number): number {
  let count = 1;
  while (count * BUCKET_TARGET < size && count < MAX_BUCKETS) count *= 2;
  return count;
}

/** A bucketed table as one flat table (frozen in development). */
function flatten<T>(table: BucketedTable<T>): FlatTable<T> {
  const flat = createTable<T>();
  for (const bucket of table) for (const pk in bucket) flat[pk] = bucket[pk];
  return done(flat);
}

/** Each row as it is (production writes rows unchanged). */
const asIs = <T>(row: T): T => row;

function writeFlat<T>(table: FlatTable<T> | undefined, rows: FlatTable<T>, prepare: ((row: T) => T) | undefined, counted: number | undefined): StoredTable<T> {
  const fresh = table === undefined && Object.getPrototypeOf(rows) === null;
  // A new table whose size normalize noted, with nothing to do to its rows: stored as it is, its keys unlisted.
  if (fresh && prepare === undefined && counted !== undefined && counted <= FIRST_WRITE_MAX) return done(rows);
  prepare ??= asIs;
  const pks = Object.keys(rows);
  let size = pks.length;
  if (table !== undefined) {
    size = countKeys(table);
    for (const pk of pks) if (!hasOwn(table, pk)) size++;
  }
  if (fresh && size <= FIRST_WRITE_MAX) {
    // A table the response makes anew: its own rows table (built for this write, with no prototype) becomes
    // the stored one, instead of a copy made row by row. `prepare` (development's freeze) works in place.
    for (const pk of pks) prepare(rows[pk]);
    return done(rows);
  }
  if (size > FLAT_MAX) return split(table, bucketCountFor(size), { rows, pks, prepare });
  const next = copyTable(table);
  for (const pk of pks) next[pk] = prepare(rows[pk]);
  return done(next);
}

/**
 * A copy-on-write edit of a bucketed table: `bucket(pk)` is the bucket of `pk` in `next`, copied on
 * first use; `copied` holds the copies (frozen by the caller once written, in development).
 */
function editBuckets<T>(table: BucketedTable<T>) {
  const next = table.slice();
  const copied = new Map<number, Record<string, T>>();
  return {
    next,
    copied,
    bucket(pk: string): Record<string, T> {
      const index = bucketOf(pk, table.length);
      let found = copied.get(index);
      if (found === undefined) {
        found = copyTable(table[index]);
        copied.set(index, found);
        next[index] = found;
      }
      return found;
    },
  };
}

function writeBuckets<T>(table: BucketedTable<T>, rows: FlatTable<T>, prepare: (row: T) => T): BucketedTable<T> {
  const count = table.length;
  const edit = editBuckets(table);
  let grew = false;
  for (const pk of Object.keys(rows)) {
    const bucket = edit.bucket(pk);
    if (!grew && !(pk in bucket)) grew = true;
    bucket[pk] = prepare(rows[pk]);
  }
  let overflow = false;
  for (const bucket of edit.copied.values()) {
    done(bucket);
    // Only a write that added rows can take a bucket past its limit (a refetch replaces rows).
    overflow ||= grew && countKeys(bucket) > BUCKET_MAX;
  }
  const next = bucketed(edit.next);
  // Rare (the table doubled since the last split): every row moves once, so a write costs O(bucket) amortized.
  // A bulk write (a page of thousands of rows) may need more than one doubling: split to the count its size asks for.
  if (!overflow || count >= MAX_BUCKETS) return next;
  let size = 0;
  for (const bucket of next) size += countKeys(bucket);
  return split(next, Math.max(count * 2, bucketCountFor(size)));
}

/**
 * The tables with `patch` written over them: each touched table is copied
 * (for a bucketed table, the touched buckets and the small bucket array), each
 * written row passed through `prepare` (which works in place: the reducers freeze rows in
 * development). A flat table that passes {@link FLAT_MAX} rows is split into
 * buckets, and a bucket that passes {@link BUCKET_MAX} doubles the bucket
 * count. Tables and buckets are frozen in development; the outer object and the bucket
 * arrays are not (see docs/state-layout.md: so Redux Toolkit's development
 * checks cost O(bucket) per write, not O(state)).
 */
export function writeRows<T>(
  tables: StoredTables<T>,
  patch: { readonly [key: string]: FlatTable<T> },
  prepare?: (row: T) => T,
): StoredTables<T> {
  const keys = Object.keys(patch);
  if (keys.length === 0) return tables;
  const next = Object.assign(createTable<StoredTable<T> | undefined>(), tables);
  const counts = rowCountsOf(patch);
  for (const key of keys) {
    const table = getOwnRow(tables, key);
    next[key] = table !== undefined && isBucketed(table) ? writeBuckets(table, patch[key], prepare ?? asIs) : writeFlat(table, patch[key], prepare, counts?.get(key));
  }
  return next;
}

/** A bucketed table without the `present` rows, copied bucket by bucket; flat again at {@link FLAT_MIN} rows or fewer. */
function removeFromBuckets<T>(table: BucketedTable<T>, present: readonly string[]): StoredTable<T> {
  const edit = editBuckets(table);
  for (const pk of present) delete edit.bucket(pk)[pk];
  for (const bucket of edit.copied.values()) done(bucket);
  const kept = bucketed(edit.next);
  return holdsMore(kept, FLAT_MIN) ? kept : flatten(kept);
}

/** True when a bucketed table has more than `limit` rows: counts only until it knows, so a delete stays O(bucket) in a large table. */
function holdsMore<T>(table: BucketedTable<T>, limit: number): boolean {
  let count = 0;
  for (const bucket of table) {
    for (const _pk in bucket) if (++count > limit) return true;
  }
  return false;
}

/**
 * The tables without the rows named (pks by entity key): each touched table
 * is copied, a bucketed one bucket by bucket, and made flat again once it has
 * no more than {@link FLAT_MIN} rows. Returns `tables` itself when no row named is there.
 */
export function deleteRows<T>(tables: StoredTables<T>, rows: { readonly [key: string]: readonly string[] }): StoredTables<T> {
  let next: Record<string, StoredTable<T> | undefined> | undefined;
  for (const key of Object.keys(rows)) {
    const table = getOwnRow(tables, key);
    if (table === undefined) continue;
    const present = rows[key].filter((pk) => tableRow(table, pk) !== undefined);
    if (present.length === 0) continue;
    let kept: StoredTable<T>;
    if (isBucketed(table)) kept = removeFromBuckets(table, present);
    else {
      const flat = copyTable(table);
      for (const pk of present) delete flat[pk];
      kept = done(flat);
    }
    next ??= Object.assign(createTable<StoredTable<T> | undefined>(), tables);
    next[key] = kept;
  }
  return next ?? tables;
}
