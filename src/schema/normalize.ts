import { ArraySchema, normalizeArray } from './Array';
import { Collection } from './Collection';
import { describeSchema } from './describeSchema';
import { isDevelopment } from './development';
import { isEntityClass } from './Entity';
import { Invalidate } from './Invalidate';
import { MAX_JSON_DEPTH, MAX_SCHEMA_DEPTH, formatPath, isStackOverflow, pathTooDeep } from './limits';
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
  /** The input with each entity replaced by its pk (the shape of the schema). */
  result: R;
  /** The entity rows found, by entity key, then pk. */
  entities: NormalizedEntities;
}

/** What {@link normalizeIntoStore} returns: only the rows that change, already merged. */
export interface StoreNormalizeResult<R = unknown> extends NormalizeResult<R> {
  entitiesMeta: NormalizedEntitiesMeta;
  /** This input's own rows (its copies of each entity combined), before the merge with the store: what the response itself said. */
  incoming: NormalizedEntities;
}

/** The store tables a normalize merges into. */
export interface StoreTables {
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaTables;
}

/** Read access to stored rows, for stores that are not plain tables (the optimistic view). */
export interface StoreReader {
  getEntity(key: string, pk: string): EntityRow | undefined;
  getMeta(key: string, pk: string): EntityMeta | undefined;
  getPks(key: string): Iterable<string>;
}

function readerOf(store: StoreTables | StoreReader): StoreReader {
  if ('getEntity' in store) return store;
  return {
    getEntity: (key, pk) => getOwn(getOwn(store.entities, key), pk),
    getMeta: (key, pk) => getOwn(getOwn(store.entitiesMeta, key), pk),
    getPks: (key) => Object.keys(getOwn(store.entities, key) ?? {}),
  };
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
  // Keyed by entity keys and pks, which are user strings: no prototype, so `__proto__` or `constructor` is a plain key.
  readonly entities: NormalizedEntities = createTable();
  readonly entitiesMeta: NormalizedEntitiesMeta = createTable();
  /** With a store: the copies of each entity seen in this call, combined, before the store merge. */
  readonly incoming: Record<string, Record<string, Record<string, unknown>>> = createTable();

  /** How many schema levels deep the current `visit` is (see `MAX_SCHEMA_DEPTH`). */
  private depth = 0;
  /**
   * Rows are walked for `MAX_JSON_DEPTH` in development only: the walk costs a
   * quarter of normalize's time, and what deep state breaks (Redux Toolkit's
   * serializable and immutable checks, the reducer's freezing) runs in development only.
   */
  readonly checkJsonDepth = isDevelopment();

  constructor(
    readonly args: readonly unknown[],
    private readonly store?: StoreReader,
    private readonly meta: EntityMeta = NO_META,
  ) {}

  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null) return value;
    const type = typeof schema;
    if (type === 'function' || type === 'object') {
      const withNormalize = schema as { normalize?: unknown };
      // A counter rather than a walk, so checking the depth costs almost nothing.
      if (typeof withNormalize.normalize === 'function') {
        if (++this.depth > MAX_SCHEMA_DEPTH) throw schemaTooDeep(schema, key);
        const output = (withNormalize as { normalize: NormalizeFn }).normalize(value, parent, key, this);
        this.depth--;
        return output;
      }
      // A converter such as `Date`: the store keeps the JSON value.
      if (type === 'function') return value;
      if (++this.depth > MAX_SCHEMA_DEPTH) throw schemaTooDeep(schema, key);
      const output = Array.isArray(schema)
        ? normalizeArray(arrayItemSchema(schema), value, this)
        : normalizeObject(schema as Record<string, unknown>, value, this);
      this.depth--;
      return output;
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

  /**
   * The stored meta as the merge sees it. Reads never outrank a write in
   * flight (API.md races rule 5b): when a write's data meets a row a read
   * brought, that row counts as fetched before the write. A read that landed
   * before the write was triggered is older anyway; one that landed during
   * the write's flight lands beneath it. Every other pair keeps its own
   * `fetchedAt`, and an Entity's own `useIncoming` still has the last word.
   */
  private asStored(storedMeta: EntityMeta): EntityMeta {
    const incoming = this.meta;
    if (incoming.write !== true || storedMeta.write === true || storedMeta.fetchedAt < incoming.fetchedAt) return storedMeta;
    return { ...storedMeta, fetchedAt: incoming.fetchedAt - 1 };
  }

  addEntity(schema: EntityLikeSchema, row: Record<string, unknown>, pk: string): void {
    const key = schema.key;
    const tooDeep = this.checkJsonDepth ? pathTooDeep(row, MAX_JSON_DEPTH) : undefined;
    if (tooDeep !== undefined) {
      throw new TypeError(
        `[rest-slice] the row of \`${key}\` with pk ${quote(pk)} nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels (\`MAX_JSON_DEPTH\`) at \`${formatPath(tooDeep)}\`; ` +
          "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member, or drop it in `static process()`.",
      );
    }
    const table = this.table(key);
    const written = table[pk];
    const store = this.store;
    if (store === undefined || written === null) {
      // No store, or invalidated earlier in this call: the copies of this call are all there is.
      table[pk] = written === undefined || written === null ? row : (schema.merge(written, row) as EntityRow);
      if (store !== undefined) this.setMeta(key, pk, this.meta);
      return;
    }
    // The same entity twice in one response: combine the copies first, then
    // merge the combination with the stored row, so that a second copy cannot
    // overwrite stored data that `useIncoming` protected from the first.
    let incomingTable = this.incoming[key];
    if (incomingTable === undefined) {
      incomingTable = createTable<Record<string, unknown>>();
      this.incoming[key] = incomingTable;
    }
    const earlier = incomingTable[pk];
    const incoming = earlier === undefined ? row : (schema.merge(earlier, row) as Record<string, unknown>);
    incomingTable[pk] = incoming;
    const stored = store.getEntity(key, pk);
    if (stored === undefined) {
      table[pk] = incoming;
      this.setMeta(key, pk, this.meta);
      return;
    }
    const storedMeta = this.asStored(store.getMeta(key, pk) ?? NO_META);
    if (stored === null) {
      // Invalidated: only data fetched after the invalidation brings it back.
      if (storedMeta.fetchedAt <= this.meta.fetchedAt) {
        table[pk] = incoming;
        this.setMeta(key, pk, this.meta);
      } else {
        delete table[pk];
      }
      return;
    }
    const incomingWins = schema.useIncoming(storedMeta, this.meta, stored, incoming);
    const merged = (incomingWins ? schema.merge(stored, incoming) : schema.merge(incoming, stored)) as NonNullable<EntityRow>;
    if (incomingWins) this.setMeta(key, pk, this.meta);
    // Unchanged data keeps its identity, so memoized reads of it stay valid.
    if (shallowEqual(merged, stored)) {
      delete table[pk];
    } else {
      table[pk] = merged;
    }
  }

  invalidate(schema: EntityLikeSchema, pk: string): void {
    const key = schema.key;
    const store = this.store;
    if (store !== undefined) {
      const storedMeta = store.getMeta(key, pk);
      if (storedMeta !== undefined && this.asStored(storedMeta).fetchedAt > this.meta.fetchedAt) return;
      this.setMeta(key, pk, { ...this.meta, invalidated: true });
    }
    this.table(key)[pk] = null;
  }

  getEntity = (key: string, pk: string): EntityRow | undefined => {
    const written = this.entities[key];
    if (written !== undefined && pk in written) return written[pk];
    return this.store === undefined ? undefined : this.store.getEntity(key, pk);
  };

  getPks(key: string): string[] {
    const pks = new Set<string>();
    if (this.store !== undefined) for (const pk of this.store.getPks(key)) pks.add(pk);
    const written = this.entities[key];
    if (written !== undefined) for (const pk of Object.keys(written)) pks.add(pk);
    return [...pks];
  }
}

type NormalizeFn = (input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor) => unknown;

function schemaTooDeep(schema: unknown, key: string | undefined): TypeError {
  const where = key === undefined ? '' : ` at member \`${key}\``;
  return new TypeError(
    `[rest-slice] the input nests schema \`${describeSchema(schema)}\`${where} deeper than ${MAX_SCHEMA_DEPTH} schema levels (\`MAX_SCHEMA_DEPTH\`); ` +
      'data this deep could not be read back. Have the server send deep references as pks instead of nested objects.',
  );
}

/** Runs the root visit: the result is checked like a row, and a stack overflow becomes an error naming the schema. */
function visitRoot(normalizer: Normalizer, schema: unknown, input: unknown): unknown {
  let result: unknown;
  try {
    result = normalizer.visit(schema, input, undefined, undefined);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    throw new TypeError(
      `[rest-slice] normalize of schema \`${describeSchema(schema)}\` ran out of stack: the input nests too deeply for this JS engine (the limit is \`MAX_SCHEMA_DEPTH\`, ${MAX_SCHEMA_DEPTH} levels).`,
      { cause: error },
    );
  }
  const tooDeep =
    normalizer.checkJsonDepth && typeof result === 'object' && result !== null ? pathTooDeep(result, MAX_JSON_DEPTH) : undefined;
  if (tooDeep !== undefined) {
    throw new TypeError(
      `[rest-slice] the result of schema \`${describeSchema(schema)}\` nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels (\`MAX_JSON_DEPTH\`) at \`${formatPath(tooDeep)}\`; ` +
        "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member.",
    );
  }
  return result;
}

/** The item schema of the `[Item]` shorthand. */
export function arrayItemSchema(schema: readonly unknown[]): unknown {
  // `[]` has no item schema: its values pass through as they are.
  if (schema.length === 0) return undefined;
  if (schema.length !== 1) {
    throw new TypeError(
      `[rest-slice] the array shorthand takes exactly one schema, like \`[Todo]\`; got ${schema.length}`,
    );
  }
  return schema[0];
}

/** What a root input must be for `schema`, in an error message. */
function expectedAtRoot(schema: unknown): string {
  if (Array.isArray(schema) || schema instanceof ArraySchema) return 'an array';
  if (schema instanceof Collection) return schema.schema instanceof ArraySchema ? 'an array' : 'an object';
  if (schema instanceof Invalidate) return 'an object or a pk';
  return 'an object';
}

/** Rejects a root input whose shape cannot match the schema (the nested levels check themselves). */
function checkRoot(schema: unknown, input: unknown): void {
  // `visit` passes `null` through (an absent optional member); at the root it is a bad response.
  const missing = (input === null || input === undefined) && schema !== null && schema !== undefined;
  // An Entity with `automaticValidation` set decides itself what to do with an array.
  const wantsObject = (isEntityClass(schema) && !schema.automaticValidation) || (typeof schema === 'object' && schema !== null && !Array.isArray(schema) && typeof (schema as { normalize?: unknown }).normalize !== 'function');
  if (missing || (wantsObject && (typeof input !== 'object' || input === null || Array.isArray(input)))) {
    throw new TypeError(
      `[rest-slice] schema \`${describeSchema(schema)}\` expected ${expectedAtRoot(schema)}, got ${describeKind(input)}: ${quote(input)}`,
    );
  }
}

/**
 * Splits nested data into entity tables. Returns the `result` (the input with
 * each entity replaced by its pk) and the `entities` tables.
 *
 * @throws TypeError naming the schema when the input has the wrong shape, an
 *   entity has no usable primary key, or the input nests deeper than
 *   `MAX_SCHEMA_DEPTH` schema levels or (in development) an entity row or the
 *   result nests deeper than `MAX_JSON_DEPTH` levels.
 */
export function normalize<R = unknown>(schema: unknown, input: unknown, args: readonly unknown[] = []): NormalizeResult<R> {
  checkRoot(schema, input);
  const normalizer = new Normalizer(args);
  const result = visitRoot(normalizer, schema, input) as R;
  return { result, entities: normalizer.entities };
}

/**
 * Normalizes into existing tables: each entity is merged with its stored row
 * by `useIncoming`/`merge` with `meta` as the incoming meta, so data fetched
 * earlier never overwrites data fetched later. Returns only the rows and meta
 * that change; the store tables are not touched.
 *
 * @throws TypeError as {@link normalize} does; nothing is returned, so nothing is stored.
 */
export function normalizeIntoStore<R = unknown>(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  store: StoreTables | StoreReader,
  meta: EntityMeta,
): StoreNormalizeResult<R> {
  checkRoot(schema, input);
  const normalizer = new Normalizer(args, readerOf(store), meta);
  const result = visitRoot(normalizer, schema, input) as R;
  // A table whose rows all kept their stored identity is left out: the store copies only tables that change.
  return {
    result,
    entities: withoutEmptyTables(normalizer.entities),
    entitiesMeta: withoutEmptyTables(normalizer.entitiesMeta),
    incoming: normalizer.incoming,
  };
}

function withoutEmptyTables<T>(tables: Record<string, Record<string, T>>): Record<string, Record<string, T>> {
  for (const key of Object.keys(tables)) {
    if (Object.keys(tables[key]).length === 0) delete tables[key];
  }
  return tables;
}
