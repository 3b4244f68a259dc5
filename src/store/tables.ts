import type { StoreReader } from '../schema/normalize';
import { getOwnRow } from '../schema/own';
import type { EntityMeta, EntityRow } from '../schema/types';

// How the state lays out entity tables (docs/state-layout.md). A table is flat
// (`pk → row`) until it passes FLAT_MAX rows; then it is an array of buckets,
// each a flat table, and the row of `pk` lives in bucket `bucketOf(pk, length)`.
// A flat table is never an array, so the two cannot be confused whatever the pks.
// Every read of a table goes through this module, every write through tableWrites.ts.

/** A flat table: pk → row. */
export type FlatTable<T> = { readonly [pk: string]: T };

/**
 * A large table split into buckets by a hash of the pk: the row of `pk` is in
 * `table[bucketOf(pk, table.length)]`. Indexed by a pk directly, it gives
 * nothing useful (hence `unknown`): read rows through the selectors.
 */
export interface BucketedTable<T> extends ReadonlyArray<FlatTable<T>> {
  readonly [pk: string]: unknown;
}

/** One stored table: flat while small, bucketed once it passes {@link FLAT_MAX} rows. */
export type StoredTable<T> = FlatTable<T> | BucketedTable<T>;

/** Stored tables by entity key (the state's `entities` and `entitiesMeta`). */
export type StoredTables<T> = { readonly [key: string]: StoredTable<T> | undefined };

/**
 * A flat table with more rows than this is split into buckets when it is
 * written. Below it a write copies the table (2,048 rows: well under a
 * millisecond); a demo's or a test's tables stay flat and readable.
 */
export const FLAT_MAX = 2048;
/**
 * A table's first write keeps up to this many rows flat (twice {@link FLAT_MAX}): the response's own rows
 * table becomes the stored one, with no copy. Splitting it would copy every row, which the next write that
 * changes the table does anyway (a flat table past `FLAT_MAX` is split when written), so a store that is
 * written once (a server render, a fresh store read back) never pays for the split.
 */
export const FIRST_WRITE_MAX = 2 * FLAT_MAX;
/** A bucketed table with no more rows than this is made flat again when rows are removed (half of `FLAT_MAX`, so a table near the limit does not flip back and forth). */
export const FLAT_MIN = 1024;
/** Rows per bucket aimed at when a table is split. */
export const BUCKET_TARGET = 256;
/** A bucket written past this many rows doubles the bucket count (so at 100,000 rows there are 256 buckets of about 400). */
export const BUCKET_MAX = 512;
/** The bucket count never grows past this (pks that all hash alike must not grow it forever). */
export const MAX_BUCKETS = 1 << 16;

/**
 * The 32-bit hash of a pk that picks its bucket: FNV-1a over the UTF-16 code
 * units, then MurmurHash3's finalizer so that low bits spread well.
 */
export function hashPk(pk: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < pk.length; i++) {
    hash ^= pk.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The bucket that holds `pk` in a table of `count` buckets. */
export function bucketOf(pk: string, count: number): number {
  return hashPk(pk) % count;
}

/** True when the table is split into buckets. */
export function isBucketed<T>(table: StoredTable<T>): table is BucketedTable<T> {
  return Array.isArray(table);
}

/** The row of `pk` in a table; `undefined` when there is none (`null` is an invalidated row). */
export function tableRow<T>(table: StoredTable<T> | undefined, pk: string): T | undefined {
  if (table === undefined) return undefined;
  if (isBucketed(table)) return table.length === 0 ? undefined : getOwnRow(table[bucketOf(pk, table.length)], pk);
  return getOwnRow(table, pk);
}

/** The row of `key`, `pk`; `undefined` when there is none. */
export function getRow<T>(tables: StoredTables<T>, key: string, pk: string): T | undefined {
  return tableRow(getOwnRow(tables, key), pk);
}

/** True for a pk JavaScript orders first in an object: an integer from 0 to 2³² − 2 written canonically. */
function isArrayIndex(pk: string): boolean {
  const length = pk.length;
  if (length === 0 || length > 10) return false;
  const first = pk.charCodeAt(0);
  if (first === 48) return length === 1;
  for (let i = 0; i < length; i++) {
    const code = pk.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return length < 10 || Number(pk) < 4294967295;
}

/**
 * The pks of a table. A flat table gives them in object order; a bucketed one
 * in the same order for integer pks (ascending), then the other pks bucket by
 * bucket (a flat table would list those in insertion order).
 */
export function tablePks<T>(table: StoredTable<T> | undefined): string[] {
  if (table === undefined) return [];
  if (!isBucketed(table)) return Object.keys(table);
  const others: string[] = [];
  const integers: number[] = [];
  for (const bucket of table) {
    for (const pk of Object.keys(bucket)) {
      if (isArrayIndex(pk)) integers.push(Number(pk));
      else others.push(pk);
    }
  }
  if (integers.length === 0) return others;
  const sorted = Float64Array.from(integers).sort();
  const pks: string[] = new Array<string>(sorted.length);
  for (let i = 0; i < sorted.length; i++) pks[i] = String(sorted[i]);
  return others.length === 0 ? pks : pks.concat(others);
}

/** Calls `visit` with every pk of a table, in no particular order. */
export function forEachPk<T>(table: StoredTable<T> | undefined, visit: (pk: string) => void): void {
  if (table === undefined) return;
  for (const bucket of isBucketed(table) ? table : [table]) for (const pk of Object.keys(bucket)) visit(pk);
}

/** The pks of the table of `key`. */
export function pksOf<T>(tables: StoredTables<T>, key: string): string[] {
  return tablePks(getOwnRow(tables, key));
}

/** How many own enumerable keys a flat table has. */
export function countKeys(table: object): number {
  let count = 0;
  for (const _pk in table) count++;
  return count;
}

/** How many rows a table holds. */
export function tableSize<T>(table: StoredTable<T> | undefined): number {
  if (table === undefined) return 0;
  if (!isBucketed(table)) return countKeys(table);
  let size = 0;
  for (const bucket of table) size += countKeys(bucket);
  return size;
}

/** The entity tables of a state, as `normalizeIntoStore` and the schemas read them. */
export interface StoredEntityTables {
  readonly entities: StoredTables<EntityRow>;
  readonly entitiesMeta: StoredTables<EntityMeta>;
}

/** Reads rows, meta and pks of stored tables, whatever their layout. */
export function tablesReader(state: StoredEntityTables): StoreReader {
  return {
    getEntity: (key, pk) => getRow(state.entities, key, pk),
    getMeta: (key, pk) => getRow(state.entitiesMeta, key, pk),
    getPks: (key) => pksOf(state.entities, key),
  };
}
