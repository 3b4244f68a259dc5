import { Collection } from './Collection';
import { type Entity, isEntityClass, isUsablePk } from './Entity';
import { isPlainObject, setOwn } from './own';
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

/** An entity row by its table and pk. */
export interface RowRef {
  readonly key: string;
  readonly pk: string;
}

/** The stored entities an endpoint's args name: the result to read, and the entity rows it names (for their expiry). */
export interface InferredEntity {
  readonly result: unknown;
  /** The rows' tables and pks; empty when what the result names is not an entity row. */
  readonly rows: readonly RowRef[];
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
 * The stored entities an endpoint's args name, as Data Client infers a result:
 * an Entity's row by the pk its params give, a Union's member, and an object
 * schema (`{ data: Todo, extra: '' }`, a plain object literal) member by
 * member (also a `schema.Object`), its plain values as they are: an envelope
 * of one entity. `undefined` when the cache lacks that entity, for a list or
 * any other schema, and for an object schema that names no entity or several.
 */
export function inferEntity(schema: unknown, args: readonly unknown[], reader: QueryReader, rows?: RowRef[]): InferredEntity | undefined {
  if (isEntityClass(schema)) {
    const pk = inferPk(schema, args, reader);
    return pk === undefined ? undefined : { result: pk, rows: [{ key: schema.key, pk }] };
  }
  if (typeof schema !== 'object' || schema === null) return undefined;
  if (typeof (schema as Partial<EntityInferable>).inferEntity === 'function') return (schema as EntityInferable).inferEntity(args, reader);
  if (!isPlainObject(schema)) return undefined;
  // An object schema, member by member; a nested one (`rows` given) adds its rows to its parent's.
  const found = rows ?? [];
  const result: Record<string, unknown> = {};
  for (const member of Object.keys(schema)) {
    let value = schema[member];
    // A member Data Client cannot infer either: `undefined` there makes the whole result unknown.
    if (value === undefined || Array.isArray(value)) return undefined;
    if (typeof value === 'function' || (typeof value === 'object' && value !== null)) {
      const inner = inferEntity(value, args, reader, found);
      if (inner === undefined) return undefined;
      if (inner.rows !== found) found.push(...inner.rows);
      value = inner.result;
    }
    setOwn(result, member, value);
  }
  // At the top: exactly one entity. The params name one item; with two (`{ todo: Todo, owner: User }`), the
  // same `{ id }` would pick the owner by the todo's id, showing a wrong row with no request.
  return rows !== undefined || found.length === 1 ? { result, rows: found } : undefined;
}

/**
 * What `getResponse(endpoint, null, state)` reads, as Data Client: the
 * schema's shape with nothing filled in. Entities and lists are `undefined`;
 * an object schema's plain values are as the schema has them.
 */
export function inactiveResult(schema: unknown): unknown {
  if (!isPlainObject(schema)) return (typeof schema === 'object' && schema !== null) || typeof schema === 'function' ? undefined : schema;
  const result: Record<string, unknown> = {};
  for (const member of Object.keys(schema)) setOwn(result, member, inactiveResult(schema[member]));
  return result;
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
