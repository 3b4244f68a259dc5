import { INVALID } from './INVALID';
import { inferResult, isQuerySchema, type QueryReader } from './infer';
import { objectSchemaMembers } from './objectMembers';
import { hasOwn, isPlainObject, setOwn } from './own';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

// Inference lives in infer.ts, so the store's reads do not bundle this class; re-exported for the modules that import it from here.
export { inferResult, isQuerySchema, type QueryReader } from './infer';

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

/** Two inferred results with the same members: lists item by item, an object schema's result member by member. */
function sameResult(a: unknown, b: unknown): boolean {
  if (sameList(a, b)) return true;
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => hasOwn(b, key) && sameResult(a[key], b[key]));
}

/**
 * What a query reads for `args`. An object schema (`new schema.Object({ results: new schema.All(User) })`) is
 * read member by member, as Data Client reads it: each member schema infers its own part, plain values stay as
 * the schema has them. Missing when a query member (`All`, `Query`) has nothing, or no member found anything.
 */
function inferInner(schema: unknown, args: readonly unknown[], reader: QueryReader): unknown {
  const members = objectSchemaMembers(schema);
  if (members === undefined) return inferResult(schema, args, reader);
  const result: Record<string, unknown> = {};
  let found = false;
  for (const member of Object.keys(members)) {
    const value = members[member];
    if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) {
      setOwn(result, member, value);
      continue;
    }
    const inner = inferInner(value, args, reader);
    if (inner === undefined && isQuerySchema(value)) return undefined;
    found ||= inner !== undefined;
    setOwn(result, member, inner);
  }
  return found ? result : undefined;
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
    process?: (entries: NoInfer<Denormalize<S>>, ...args: P) => R,
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
    const inner = inferInner(this.schema, args, reader);
    if (inner === undefined) return undefined;
    let argsKey: string;
    try {
      argsKey = JSON.stringify(args) ?? '';
    } catch {
      // Args that are not JSON (a cycle) get no reuse, only a correct value.
      return makeResult(inner);
    }
    const known = this.results.get(argsKey);
    if (known !== undefined && sameResult(known.inner, inner)) return known;
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
