import { normalizeArray } from './Array';
import { describeSchema } from './describeSchema';
import { isEntityClass } from './Entity';
import { normalizeObject } from './Object';
import { createTable, describeKind, getOwn, quote } from './own';
import type {
  EntityLikeSchema,
  EntityMeta,
  EntityMetaTables,
  EntityRow,
  EntityTables,
  NormalizeVisitor,
} from './types';

/** Tables written by one normalize call: entity key, then pk, then row. */
export type NormalizedEntities = Record<string, Record<string, EntityRow>>;

/** Meta written by one store normalize call, shaped like the tables. */
export type NormalizedEntitiesMeta = Record<string, Record<string, EntityMeta>>;

/** What {@link normalize} returns. */
export interface NormalizeResult<R = unknown> {
  result: R;
  entities: NormalizedEntities;
}

/** What {@link normalizeIntoStore} returns: only the rows that change, already merged. */
export interface StoreNormalizeResult<R = unknown> extends NormalizeResult<R> {
  entitiesMeta: NormalizedEntitiesMeta;
}

/** The store tables a normalize merges into. */
export interface StoreTables {
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaTables;
}

const NO_META: EntityMeta = { fetchedAt: 0, date: 0, expiresAt: 0 };

function shallowEqual(a: object, b: object): boolean {
  if (a === b) return true;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  for (const key of aKeys) {
    if (!Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
  }
  return true;
}

class Normalizer implements NormalizeVisitor {
  readonly entities: NormalizedEntities = {};
  readonly entitiesMeta: NormalizedEntitiesMeta = {};

  constructor(
    readonly args: readonly unknown[],
    private readonly store?: StoreTables,
    private readonly meta: EntityMeta = NO_META,
  ) {}

  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null) return value;
    const type = typeof schema;
    if (type === 'function' || type === 'object') {
      const withNormalize = schema as { normalize?: unknown };
      if (typeof withNormalize.normalize === 'function') {
        return (withNormalize as { normalize: NormalizeFn }).normalize(value, parent, key, this);
      }
      // A converter such as `Date`: the store keeps the JSON value.
      if (type === 'function') return value;
      if (Array.isArray(schema)) return normalizeArray(arrayItemSchema(schema), value, this);
      return normalizeObject(schema as Record<string, unknown>, value, this);
    }
    return value;
  }

  private table(key: string): Record<string, EntityRow> {
    let table = this.entities[key];
    if (table === undefined) {
      table = createTable<EntityRow>();
      this.entities[key] = table;
    }
    return table;
  }

  private setMeta(key: string, pk: string, meta: EntityMeta): void {
    let table = this.entitiesMeta[key];
    if (table === undefined) {
      table = createTable<EntityMeta>();
      this.entitiesMeta[key] = table;
    }
    table[pk] = meta;
  }

  addEntity(schema: EntityLikeSchema, row: Record<string, unknown>, pk: string): void {
    const key = schema.key;
    const table = this.table(key);
    const written = table[pk];
    if (written !== undefined) {
      // The same entity twice in one response: combine the two copies.
      table[pk] = written === null ? row : schema.merge(written, row);
      return;
    }
    const store = this.store;
    if (store === undefined) {
      table[pk] = row;
      return;
    }
    const stored = getOwn(store.entities[key], pk);
    if (stored === undefined) {
      table[pk] = row;
      this.setMeta(key, pk, this.meta);
      return;
    }
    const storedMeta = getOwn(store.entitiesMeta[key], pk) ?? NO_META;
    if (stored === null) {
      // Invalidated: only data fetched after the invalidation brings it back.
      if (storedMeta.fetchedAt <= this.meta.fetchedAt) {
        table[pk] = row;
        this.setMeta(key, pk, this.meta);
      } else {
        delete table[pk];
      }
      return;
    }
    const incomingWins = schema.useIncoming(storedMeta, this.meta, stored, row);
    const merged = incomingWins ? schema.merge(stored, row) : schema.merge(row, stored);
    // Unchanged data keeps its identity, so memoized reads of it stay valid.
    if (shallowEqual(merged, stored)) {
      if (incomingWins) this.setMeta(key, pk, this.meta);
      delete table[pk];
      return;
    }
    table[pk] = merged;
    if (incomingWins) this.setMeta(key, pk, this.meta);
  }

  invalidate(schema: EntityLikeSchema, pk: string): void {
    const key = schema.key;
    const store = this.store;
    if (store !== undefined) {
      const storedMeta = getOwn(store.entitiesMeta[key], pk);
      if (storedMeta !== undefined && storedMeta.fetchedAt > this.meta.fetchedAt) return;
      this.setMeta(key, pk, { ...this.meta, invalidated: true });
    }
    this.table(key)[pk] = null;
  }

  getEntity = (key: string, pk: string): EntityRow | undefined => {
    const written = this.entities[key];
    if (written !== undefined && pk in written) return written[pk];
    return this.store === undefined ? undefined : getOwn(this.store.entities[key], pk);
  };

  getPks(key: string): string[] {
    const pks = new Set<string>();
    const stored = this.store?.entities[key];
    if (stored !== undefined) for (const pk of Object.keys(stored)) pks.add(pk);
    const written = this.entities[key];
    if (written !== undefined) for (const pk of Object.keys(written)) pks.add(pk);
    return [...pks];
  }
}

type NormalizeFn = (input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor) => unknown;

/** The item schema of the `[Item]` shorthand. */
export function arrayItemSchema(schema: readonly unknown[]): unknown {
  if (schema.length !== 1) {
    throw new TypeError(
      `[rest-slice] the array shorthand takes exactly one schema, like \`[Todo]\`; got ${schema.length}`,
    );
  }
  return schema[0];
}

/** Rejects a root input whose shape cannot match the schema (the nested levels check themselves). */
function checkRoot(schema: unknown, input: unknown): void {
  const wantsObject = isEntityClass(schema) || (typeof schema === 'object' && schema !== null && !Array.isArray(schema) && typeof (schema as { normalize?: unknown }).normalize !== 'function');
  if (wantsObject && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw new TypeError(
      `[rest-slice] schema \`${describeSchema(schema)}\` expected an object, got ${describeKind(input)}: ${quote(input)}`,
    );
  }
}

/**
 * Splits nested data into entity tables. Returns the `result` (the input with
 * each entity replaced by its pk) and the `entities` tables.
 *
 * @throws TypeError naming the schema when the input has the wrong shape or an
 *   entity has no usable primary key.
 */
export function normalize<R = unknown>(schema: unknown, input: unknown, args: readonly unknown[] = []): NormalizeResult<R> {
  checkRoot(schema, input);
  const normalizer = new Normalizer(args);
  const result = normalizer.visit(schema, input, undefined, undefined) as R;
  return { result, entities: normalizer.entities };
}

/**
 * Normalizes into existing tables: each entity is merged with its stored row
 * by `useIncoming`/`merge` with `meta` as the incoming meta, so data fetched
 * earlier never overwrites data fetched later. Returns only the rows and meta
 * that change; the store tables are not touched.
 */
export function normalizeIntoStore<R = unknown>(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  store: StoreTables,
  meta: EntityMeta,
): StoreNormalizeResult<R> {
  checkRoot(schema, input);
  const normalizer = new Normalizer(args, store, meta);
  const result = normalizer.visit(schema, input, undefined, undefined) as R;
  return { result, entities: normalizer.entities, entitiesMeta: normalizer.entitiesMeta };
}
