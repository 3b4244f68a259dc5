import { ArraySchema } from './Array';
import { Collection } from './Collection';
import { describeSchema } from './describeSchema';
import { isEntityClass } from './Entity';
import { Invalidate } from './Invalidate';
import { MAX_JSON_DEPTH, MAX_SCHEMA_DEPTH, formatPath, isStackOverflow, pathTooDeep } from './limits';
import { Normalizer } from './Normalizer';
import { isSchemaLike } from './argumentOrder';
import { describeKind, getOwn, hasOwn, isPlainRecord, quote } from './own';
import { noteRowCounts } from './rowCounts';
import type { EntityMeta, EntityMetaTables, EntityRow, EntityTables } from './types';

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
  /** Keys of the tables where reading this input's own rows gives other rows than the store holds once they are written. */
  ownDiffers: readonly string[];
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

/** Runs the root visit: the result is checked like a row, and a stack overflow becomes an error naming the schema. */
function visitRoot(normalizer: Normalizer, schema: unknown, input: unknown): unknown {
  let result: unknown;
  try {
    // As Data Client, the root's parent is the input itself (a root entity's `pk(parent)` can read it).
    result = normalizer.visit(schema, input, input, undefined);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    throw new TypeError(
      `[rest-slice] normalize of schema \`${describeSchema(schema)}\` ran out of stack: the input nests too deeply for this JS engine (the limit is \`MAX_SCHEMA_DEPTH\`, ${MAX_SCHEMA_DEPTH} levels).`,
      { cause: error },
    );
  }
  // Walked in development only, as each row is (Normalizer's addEntity says why).
  if (process.env.NODE_ENV !== 'production') {
    const tooDeep = typeof result === 'object' && result !== null ? pathTooDeep(result, MAX_JSON_DEPTH) : undefined;
    if (tooDeep !== undefined) {
      throw new TypeError(
        `[rest-slice] the result of schema \`${describeSchema(schema)}\` nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels (\`MAX_JSON_DEPTH\`) at \`${formatPath(tooDeep)}\`; ` +
          "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member.",
      );
    }
  }
  return result;
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
  const wantsObject = (isEntityClass(schema) && !schema.automaticValidation) || (isPlainRecord(schema) && typeof schema.normalize !== 'function');
  if (missing || (wantsObject && !isPlainRecord(input))) {
    throw new TypeError(
      `[rest-slice] schema \`${describeSchema(schema)}\` expected ${expectedAtRoot(schema)}, got ${describeKind(input)}: ${quote(input)}`,
    );
  }
}

/**
 * Splits nested data into entity tables. Returns the `result` (the input with
 * each entity replaced by its pk) and the `entities` tables. Data Client 0.10's
 * order, `normalize(input, schema)`, is read too when only the second argument
 * is a schema (an Entity class, a schema instance, or a literal holding one).
 *
 * @throws TypeError naming the schema when the input has the wrong shape, an
 *   entity has no usable primary key, or the input nests deeper than
 *   `MAX_SCHEMA_DEPTH` schema levels or (in development) an entity row or the
 *   result nests deeper than `MAX_JSON_DEPTH` levels.
 */
export function normalize<R = unknown>(schema: unknown, input: unknown, args: readonly unknown[] = []): NormalizeResult<R> {
  if (!isSchemaLike(schema) && isSchemaLike(input)) [schema, input] = [input, schema];
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
  // A meta table is made by its first write and never loses a row, so only pruned entity tables are checked.
  for (const key of normalizer.pruned) if (isEmpty(normalizer.entities[key])) delete normalizer.entities[key];
  noteRowCounts(normalizer.entities, normalizer.added);
  noteRowCounts(normalizer.entitiesMeta, normalizer.added);
  return {
    result,
    entities: normalizer.entities,
    entitiesMeta: normalizer.entitiesMeta,
    incoming: normalizer.incoming,
    ownDiffers: [...normalizer.ownDiffers],
  };
}

/** Whether a table has no row, without listing its rows (a response's tables hold thousands). */
function isEmpty(table: object): boolean {
  for (const pk in table) if (hasOwn(table, pk)) return false;
  return true;
}
