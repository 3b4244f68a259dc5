import { Collection } from './Collection';
import { isEntityClass, isUsablePk } from './Entity';
import { INVALID } from './INVALID';
import { getOwn } from './own';
import type { PolymorphicReference } from './Polymorphic';
import { Union } from './Union';
import type { Denormalize, DenormalizeVisitor, GetEntity, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/** What a query reads the cache through: the rows and the pks of each table. */
export interface QueryReader {
  readonly getEntity: GetEntity;
  getPks(key: string): Iterable<string>;
}

/** A schema that can find its own result in the cache from the args: `schema.Query`, `schema.All`. */
interface Inferable {
  infer(args: readonly unknown[], reader: QueryReader): unknown;
}

function isInferable(schema: unknown): schema is Inferable {
  return typeof schema === 'object' && schema !== null && typeof (schema as Partial<Inferable>).infer === 'function';
}

/**
 * The normalized result a schema has in the cache for `args`, without a
 * request: a Query or All reads the tables, an Entity class its pk from the
 * params (`{ id: 1 }`), a Collection the list stored for the args.
 * `undefined` when the cache holds none.
 */
export function inferResult(schema: unknown, args: readonly unknown[], reader: QueryReader): unknown {
  if (isInferable(schema)) return schema.infer(args, reader);
  if (isEntityClass(schema)) {
    const params = args[0];
    if (typeof params === 'string' || typeof params === 'number') return reader.getEntity(schema.key, String(params)) === undefined ? undefined : String(params);
    if (typeof params !== 'object' || params === null) return undefined;
    let id: unknown;
    try {
      id = schema.pk(params as Record<string, unknown>, undefined, undefined, args);
    } catch {
      return undefined;
    }
    if (!isUsablePk(id)) return undefined;
    const pk = String(id);
    return reader.getEntity(schema.key, pk) === undefined ? undefined : pk;
  }
  if (schema instanceof Collection) {
    const pk = schema.pk(undefined, undefined, args);
    return reader.getEntity(schema.key, pk) === undefined ? undefined : pk;
  }
  if (schema instanceof Union && schema.schemaAttribute !== undefined) return inferUnionMember(schema, args, reader);
  return undefined;
}

/**
 * A Union's reference for `args`, as Data Client infers it: the member the
 * params name by the `schemaAttribute` (`{ id: 5, type: 'link' }`), else the
 * first member whose table holds the pk the params give.
 */
function inferUnionMember(union: Union, args: readonly unknown[], reader: QueryReader): PolymorphicReference | undefined {
  const params = args[0];
  if (typeof params !== 'object' || params === null) return undefined;
  const members = union.schema;
  let named: string | undefined;
  try {
    const attribute = union.schemaAttribute;
    const value = typeof attribute === 'function' ? attribute(params, undefined, undefined) : getOwn(params as Record<string, unknown>, attribute!);
    named = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  } catch {
    // An attribute function that cannot read the params: fall back to trying each member.
  }
  const chosen = named === undefined ? undefined : getOwn(members, named);
  const candidates = chosen !== undefined ? [named as string] : Object.keys(members);
  for (const name of candidates) {
    const id = inferResult(getOwn(members, name), args, reader);
    if (id !== undefined) return { id, schema: name };
  }
  return undefined;
}

/** True for the schemas whose result is always read from the cache, never from a stored response: Query and All. */
export function isQuerySchema(schema: unknown): boolean {
  return isInferable(schema);
}

/** A Query's result for one set of args: the inner result, tagged so that memoized reads are kept per args. */
interface QueryResult {
  readonly inner: unknown;
}

const MAX_REMEMBERED_ARGS = 1_000;

function sameList(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A derived, memoized view over the cache: `schema` says what to read (e.g.
 * `new schema.All(Todo)` or a Collection), `process(entries, ...args)` what to
 * make of it (filter, count, sort). The same data and args give the same
 * object; `process` runs again only when a row it was built from changes.
 * Read with `cache.selectQuery`, `useQuery`, or as an endpoint's `schema`.
 *
 * @example
 * const remaining = new schema.Query(new schema.All(Todo), (todos, { userId } = {}) =>
 *   todos.filter((todo) => !todo.completed && (userId === undefined || todo.userId === userId)).length);
 */
export class Query<S = unknown, P extends readonly unknown[] = [params?: Record<string, any>], R = Denormalize<S>>
  implements SchemaClass, SchemaType<R>
{
  declare readonly __denormalized?: R;
  /** Turns what `schema` reads into the query's value. Default: returns it as is. */
  readonly process: (entries: Denormalize<S>, ...args: P) => R;
  private readonly results = new Map<string, QueryResult>();

  constructor(
    /** What the query reads: `new schema.All(Todo)`, a Collection, an Entity, ... */
    readonly schema: S,
    process?: (entries: Denormalize<S>, ...args: P) => R,
  ) {
    this.process = process ?? (((entries: Denormalize<S>) => entries) as unknown as (entries: Denormalize<S>, ...args: P) => R);
  }

  /** Normalizes a response with the inner schema (a Query can be an endpoint's schema). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    return visitor.visit(this.schema, input, parent, key);
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    const inner = typeof input === 'object' && input !== null && queryResults.has(input) ? (input as QueryResult).inner : input;
    const value = visitor.unvisit(this.schema, inner);
    // Missing or invalid data gives no value to process.
    if (value === undefined || value === INVALID) return value;
    return this.process(value as Denormalize<S>, ...(visitor.args as unknown as P));
  }

  /** @internal The inner schema's result for `args`, as one object per args while it is the same. */
  infer(args: readonly unknown[], reader: QueryReader): QueryResult | undefined {
    const inner = inferResult(this.schema, args, reader);
    if (inner === undefined) return undefined;
    let argsKey: string;
    try {
      argsKey = JSON.stringify(args) ?? '';
    } catch {
      // Args that are not JSON (a cycle) get no reuse, only a correct value.
      return makeResult(inner);
    }
    const known = this.results.get(argsKey);
    if (known !== undefined && sameList(known.inner, inner)) return known;
    const result = makeResult(inner);
    if (this.results.size >= MAX_REMEMBERED_ARGS) this.results.clear();
    this.results.set(argsKey, result);
    return result;
  }

}

// Results made by `infer`; any other input of `denormalize` is the inner schema's own result (a stored response).
const queryResults = new WeakSet<object>();

function makeResult(inner: unknown): QueryResult {
  const result: QueryResult = { inner };
  queryResults.add(result);
  return result;
}
