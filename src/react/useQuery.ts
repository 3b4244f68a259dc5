import { useSelector } from 'react-redux';
import { type AbstractInstance, type Denormalize, type Entity, isEntityClass, type RetainableQuery, schema as schemas } from 'rest-slice';
import { useRestCache } from './useRestCache';
import { useRetain } from './useRetain';

type EntityClass = typeof Entity;

/** What identifies one entity: its pk, or the members its `pk()` reads (`{ id: 1 }`). */
export type EntityLookup = string | number | Readonly<Record<string, unknown>>;

function describe(value: unknown): string {
  if (typeof value === 'function') return value.name || 'an anonymous function';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return value === null ? 'null' : typeof value;
}

/** Any `schema.Query`, whatever its schema, args and result. */
export type AnyQuery = schemas.Query<any, any, any>;

/** Schemas that read the cache by themselves: `schema.Query`, `schema.All`, a Collection. */
type Queryable = AnyQuery | schemas.All<any> | schemas.Collection<any>;

// What a mounted useQuery holds in use (so garbage collection keeps the rows it shows): the query
// itself, or for an Entity class one `schema.Query` (by pk) or `schema.All` per class, made once.
const byPk = new WeakMap<EntityClass, schemas.Query<EntityClass, [EntityLookup]>>();
const everyRow = new WeakMap<EntityClass, schemas.All<EntityClass>>();
const ids = new WeakMap<object, number>();
let nextId = 0;

/** A string standing for `schema` (by identity) and `args` (by JSON; non-JSON args by the schema alone). */
function holdKey(schema: object, args: readonly unknown[]): string {
  let id = ids.get(schema);
  if (id === undefined) {
    id = nextId++;
    ids.set(schema, id);
  }
  try {
    return `${id}:${JSON.stringify(args)}`;
  } catch {
    return String(id);
  }
}

function memoized<T>(map: WeakMap<EntityClass, T>, entity: EntityClass, make: () => T): T {
  let value = map.get(entity);
  if (value === undefined) {
    value = make();
    map.set(entity, value);
  }
  return value;
}

/**
 * One entity from the cache by pk (`useQuery(Todo, 5)` or `useQuery(Todo, { id: 5 })`),
 * every stored entity of a type (`useQuery([Todo])`, invalidated ones left
 * out), or what a `schema.Query`, `schema.All` or Collection holds for the
 * args (`useQuery(remainingTodos, { userId: 1 })`, `undefined` while missing).
 * Reads only; never fetches. `null` as the pk gives `undefined`.
 * Pending optimistic updates are included. While mounted, the read is held
 * in use (`controller.retain(query, ...args)`): garbage collection keeps the
 * rows it shows.
 *
 * @returns the entity (or `undefined`), the array of entities, or the query's value (or `undefined`)
 * @throws when `schema` is none of these.
 * @example
 * const todo = useQuery(Todo, 5); // Todo | undefined
 * const todos = useQuery([Todo]); // Todo[]
 */
export function useQuery<E extends EntityClass>(entity: E, pk: EntityLookup | null): AbstractInstance<E> | undefined;
export function useQuery<E extends EntityClass>(list: readonly [E]): AbstractInstance<E>[];
export function useQuery<S extends Queryable>(query: S, ...args: readonly unknown[]): Denormalize<S> | undefined;
export function useQuery(schema: EntityClass | readonly [EntityClass] | Queryable, ...rest: readonly unknown[]): unknown {
  const cache = useRestCache();
  const pk = rest[0] as EntityLookup | null | undefined;
  let select: (state: unknown) => unknown;
  let held: RetainableQuery;
  let heldArgs: readonly unknown[];
  let key: string | undefined;
  if (schema instanceof schemas.Query || schema instanceof schemas.All || schema instanceof schemas.Collection) {
    select = (state) => cache.selectQuery(state, schema, ...rest);
    [held, heldArgs] = [schema, rest];
    key = holdKey(schema, rest);
  } else if (isEntityClass(schema)) {
    const id = pk === null || pk === undefined ? undefined : typeof pk === 'object' ? schema.pk({ ...pk }) : pk;
    select = (state) => (id === undefined ? undefined : cache.selectEntity(state, schema, id));
    held = memoized(byPk, schema, () => new schemas.Query<EntityClass, [EntityLookup]>(schema));
    heldArgs = id === undefined ? [] : [id];
    key = id === undefined ? undefined : holdKey(held, heldArgs);
  } else if (Array.isArray(schema) && schema.length === 1 && isEntityClass(schema[0])) {
    const entity = schema[0];
    select = (state) => cache.selectEntities(state, entity);
    held = memoized(everyRow, entity, () => new schemas.All(entity));
    heldArgs = [];
    key = holdKey(held, heldArgs);
  } else {
    throw new Error(
      `[rest-slice] \`useQuery\` reads an Entity class (\`useQuery(Todo, id)\`), \`[EntityClass]\` (\`useQuery([Todo])\`) or a \`schema.Query\`/\`schema.All\`/Collection (\`useQuery(query, params)\`), got ${describe(schema)}.`,
    );
  }
  useRetain(held, heldArgs, key);
  return useSelector(select, sameItems);
}

/**
 * The same value, or a list (or plain object) of the same items: a query's `process` builds a new list each time
 * the rows it reads change, and one with the same entities shows nothing new, so the component keeps the one it has.
 */
function sameItems(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]);
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.prototype.hasOwnProperty.call(b, name) && a[name] === b[name]);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
