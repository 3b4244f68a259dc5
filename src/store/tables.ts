import type { StoreReader } from '../schema/normalize';
import { createTable, getOwnRow } from '../schema/own';
import type { EntityMeta, EntityRow } from '../schema/types';

// How the state lays out entity tables (docs/state-layout.md). A table is flat
// (`pk → row`) until it passes FLAT_MAX rows; then it is an array of buckets,
// each a flat table, and the row of `pk` lives in bucket `bucketOf(pk, length)`.
// A flat table is never an array, so the two cannot be confused whatever the pks.
// Every read and write of a table goes through this module.

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
/** A bucketed table with no more rows than this is made flat again when rows are removed (half of `FLAT_MAX`, so a table near the limit does not flip back and forth). */
export const FLAT_MIN = 1024;
/** Rows per bucket aimed at when a table is split. */
const BUCKET_TARGET = 256;
/** A bucket written past this many rows doubles the bucket count (so at 100,000 rows there are 256 buckets of about 400). */
export const BUCKET_MAX = 512;
/** The bucket count never grows past this (pks that all hash alike must not grow it forever). */
const MAX_BUCKETS = 1 << 16;

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

/** True when `key`, `pk` has a row (an invalidated `null` row counts). */
export function hasRow<T>(tables: StoredTables<T>, key: string, pk: string): boolean {
  return getRow(tables, key, pk) !== undefined;
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

/** The pks of the table of `key`. */
export function pksOf<T>(tables: StoredTables<T>, key: string): string[] {
  return tablePks(getOwnRow(tables, key));
}

/** A copy of a flat table to write into (a `for...in` copy is the fastest for large tables). */
function copyTable<T>(table: FlatTable<T> | undefined): Record<string, T> {
  const copy = createTable<T>();
  if (table !== undefined) for (const pk in table) copy[pk] = table[pk];
  return copy;
}

function countKeys(table: object): number {
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

/** An array of buckets as the state type names it. */
function bucketed<T>(buckets: readonly FlatTable<T>[]): BucketedTable<T> {
  return buckets as BucketedTable<T>;
}

/** Every row of a table, in buckets of `count` (each bucket frozen). */
function split<T>(table: StoredTable<T>, count: number): BucketedTable<T> {
  const buckets: Record<string, T>[] = [];
  for (let i = 0; i < count; i++) buckets.push(createTable<T>());
  const add = (rows: FlatTable<T>) => {
    for (const pk in rows) buckets[bucketOf(pk, count)][pk] = rows[pk];
  };
  if (isBucketed(table)) for (const bucket of table) add(bucket);
  else add(table);
  for (const bucket of buckets) Object.freeze(bucket);
  return bucketed(buckets);
}

/** The smallest power of two that holds `size` rows at about `BUCKET_TARGET` per bucket. */
function bucketCountFor(size: number): number {
  let count = 1;
  while (count * BUCKET_TARGET < size && count < MAX_BUCKETS) count *= 2;
  return count;
}

/** A bucketed table as one flat, frozen table. */
function flatten<T>(table: BucketedTable<T>): FlatTable<T> {
  const flat = createTable<T>();
  for (const bucket of table) for (const pk in bucket) flat[pk] = bucket[pk];
  return Object.freeze(flat);
}

function writeFlat<T>(table: FlatTable<T> | undefined, rows: FlatTable<T>, prepare: (row: T) => T): StoredTable<T> {
  const next = createTable<T>();
  let size = 0;
  if (table !== undefined) {
    for (const pk in table) {
      next[pk] = table[pk];
      size++;
    }
  }
  for (const pk of Object.keys(rows)) {
    if (!(pk in next)) size++;
    next[pk] = prepare(rows[pk]);
  }
  if (size > FLAT_MAX) return split(next, bucketCountFor(size));
  return Object.freeze(next);
}

function writeBuckets<T>(table: BucketedTable<T>, rows: FlatTable<T>, prepare: (row: T) => T): BucketedTable<T> {
  const count = table.length;
  const next = table.slice();
  const copied = new Map<number, Record<string, T>>();
  for (const pk of Object.keys(rows)) {
    const index = bucketOf(pk, count);
    let bucket = copied.get(index);
    if (bucket === undefined) {
      bucket = copyTable(table[index]);
      copied.set(index, bucket);
      next[index] = bucket;
    }
    bucket[pk] = prepare(rows[pk]);
  }
  let overflow = false;
  for (const bucket of copied.values()) {
    Object.freeze(bucket);
    overflow ||= countKeys(bucket) > BUCKET_MAX;
  }
  // Rare (the table doubled since the last split): every row moves once, so a write costs O(bucket) amortized.
  return overflow && count < MAX_BUCKETS ? split(bucketed(next), count * 2) : bucketed(next);
}

/**
 * The tables with `patch` written over them: each touched table is copied
 * (for a bucketed table, the touched buckets and the small bucket array), each
 * written row passed through `prepare` (the reducers freeze rows in
 * development). A flat table that passes {@link FLAT_MAX} rows is split into
 * buckets, and a bucket that passes {@link BUCKET_MAX} doubles the bucket
 * count. Tables and buckets are frozen; the outer object and the bucket
 * arrays are not (see docs/state-layout.md: so Redux Toolkit's development
 * checks cost O(bucket) per write, not O(state)).
 */
export function writeRows<T>(
  tables: StoredTables<T>,
  patch: { readonly [key: string]: FlatTable<T> },
  prepare: (row: T) => T = (row) => row,
): StoredTables<T> {
  const keys = Object.keys(patch);
  if (keys.length === 0) return tables;
  const next = Object.assign(createTable<StoredTable<T> | undefined>(), tables);
  for (const key of keys) {
    const table = getOwnRow(tables, key);
    next[key] = table !== undefined && isBucketed(table) ? writeBuckets(table, patch[key], prepare) : writeFlat(table, patch[key], prepare);
  }
  return next;
}

function removeFromFlat<T>(table: FlatTable<T>, pks: readonly string[]): FlatTable<T> {
  if (!pks.some((pk) => tableRow(table, pk) !== undefined)) return table;
  const next = copyTable(table);
  for (const pk of pks) delete next[pk];
  return Object.freeze(next);
}

function removeFromBuckets<T>(table: BucketedTable<T>, pks: readonly string[]): StoredTable<T> {
  const count = table.length;
  let next: FlatTable<T>[] | undefined;
  const copied = new Map<number, Record<string, T>>();
  for (const pk of pks) {
    if (tableRow(table, pk) === undefined) continue;
    const index = bucketOf(pk, count);
    let bucket = copied.get(index);
    if (bucket === undefined) {
      bucket = copyTable(table[index]);
      copied.set(index, bucket);
      next ??= table.slice();
      next[index] = bucket;
    }
    delete bucket[pk];
  }
  if (next === undefined) return table;
  for (const bucket of copied.values()) Object.freeze(bucket);
  const kept = bucketed(next);
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
    const kept = isBucketed(table) ? removeFromBuckets(table, rows[key]) : removeFromFlat(table, rows[key]);
    if (kept === table) continue;
    next ??= Object.assign(createTable<StoredTable<T> | undefined>(), tables);
    next[key] = kept;
  }
  return next ?? tables;
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
