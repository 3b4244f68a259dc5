import { Collection } from './Collection';
import { type Entity, isEntityClass, isUsablePk } from './Entity';
import type { GetEntity } from './types';

/** What a query reads the cache through: the rows and the pks of each table. */
export interface QueryReader {
  readonly getEntity: GetEntity;
  getPks(key: string): Iterable<string>;
}

/** A schema that can find its own result in the cache from the args: `schema.Query`, `schema.All`. */
interface Inferable {
  infer(args: readonly unknown[], reader: QueryReader): unknown;
}

/** The stored entity an endpoint's args name: the result to read, and the entity row it names (for its expiry). */
export interface InferredEntity {
  readonly result: unknown;
  /** The row's table and pk; `undefined` when what the result names is not an entity row. */
  readonly row: { readonly key: string; readonly pk: string } | undefined;
}

/** A schema that names one of several entities by the args: `schema.Union`, which carries how (so only apps with a Union ship it). */
interface EntityInferable {
  inferEntity(args: readonly unknown[], reader: QueryReader): InferredEntity | undefined;
}

/** The pk an Entity's params name (`{ id: 1 }`, or the pk itself), when that row is stored. */
function inferPk(entity: typeof Entity, args: readonly unknown[], reader: QueryReader): string | undefined {
  const params = args[0];
  if (typeof params === 'string' || typeof params === 'number') return reader.getEntity(entity.key, String(params)) === undefined ? undefined : String(params);
  if (typeof params !== 'object' || params === null) return undefined;
  let id: unknown;
  try {
    id = entity.pk(params as Record<string, unknown>, undefined, undefined, args);
  } catch {
    return undefined;
  }
  if (!isUsablePk(id)) return undefined;
  const pk = String(id);
  return reader.getEntity(entity.key, pk) === undefined ? undefined : pk;
}

/**
 * The stored entity an Entity (or Union of entities) endpoint's args name,
 * as Data Client infers a result: `undefined` when the cache holds none, or
 * for any other schema.
 */
export function inferEntity(schema: unknown, args: readonly unknown[], reader: QueryReader): InferredEntity | undefined {
  if (isEntityClass(schema)) {
    const pk = inferPk(schema, args, reader);
    return pk === undefined ? undefined : { result: pk, row: { key: schema.key, pk } };
  }
  if (typeof schema === 'object' && schema !== null && typeof (schema as Partial<EntityInferable>).inferEntity === 'function') {
    return (schema as EntityInferable).inferEntity(args, reader);
  }
  return undefined;
}

/**
 * The normalized result a schema has in the cache for `args`, without a
 * request: a Query or All reads the tables, an Entity class its pk from the
 * params (`{ id: 1 }`), a Collection the list stored for the args, a Union
 * the member the params name. `undefined` when the cache holds none.
 */
export function inferResult(schema: unknown, args: readonly unknown[], reader: QueryReader): unknown {
  if (isQuerySchema(schema)) return (schema as Inferable).infer(args, reader);
  if (schema instanceof Collection) {
    const pk = schema.pk(undefined, undefined, args);
    return reader.getEntity(schema.key, pk) === undefined ? undefined : pk;
  }
  return inferEntity(schema, args, reader)?.result;
}

/** True for the schemas whose result is always read from the cache, never from a stored response: Query and All. */
export function isQuerySchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && typeof (schema as Partial<Inferable>).infer === 'function';
}
