import { useSelector } from 'react-redux';
import { type AbstractInstance, type Denormalize, type Entity, isEntityClass, schema as schemas } from 'rest-slice';
import { useRestCache } from './useRestCache';

type EntityClass = typeof Entity;

/** What identifies one entity: its pk, or the members its `pk()` reads (`{ id: 1 }`). */
export type EntityLookup = string | number | Readonly<Record<string, unknown>>;

function describe(value: unknown): string {
  if (typeof value === 'function') return value.name || 'an anonymous function';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return value === null ? 'null' : typeof value;
}

/** Schemas that read the cache by themselves: `schema.Query`, `schema.All`, a Collection. */
type Queryable = schemas.Query<any, any, any> | schemas.All<any, any> | schemas.Collection<any>;

/**
 * One entity from the cache by pk (`useQuery(Todo, 5)` or `useQuery(Todo, { id: 5 })`),
 * every stored entity of a type (`useQuery([Todo])`, invalidated ones left
 * out), or what a `schema.Query`, `schema.All` or Collection holds for the
 * args (`useQuery(remainingTodos, { userId: 1 })`, `undefined` while missing).
 * Reads only; never fetches. `null` as the pk gives `undefined`.
 * Pending optimistic updates are included.
 *
 * @throws when `schema` is none of these.
 */
export function useQuery<E extends EntityClass>(entity: E, pk: EntityLookup | null): AbstractInstance<E> | undefined;
export function useQuery<E extends EntityClass>(list: readonly [E]): AbstractInstance<E>[];
export function useQuery<S extends Queryable>(query: S, ...args: readonly unknown[]): Denormalize<S> | undefined;
export function useQuery(schema: EntityClass | readonly [EntityClass] | Queryable, ...rest: readonly unknown[]): unknown {
  const cache = useRestCache();
  const pk = rest[0] as EntityLookup | null | undefined;
  let select: (state: unknown) => unknown;
  if (schema instanceof schemas.Query || schema instanceof schemas.All || schema instanceof schemas.Collection) {
    select = (state) => cache.selectQuery(state, schema, ...rest);
  } else if (isEntityClass(schema)) {
    const id = pk === null || pk === undefined ? undefined : typeof pk === 'object' ? schema.pk({ ...pk }) : pk;
    select = (state) => (id === undefined ? undefined : cache.selectEntity(state, schema, id));
  } else if (Array.isArray(schema) && schema.length === 1 && isEntityClass(schema[0])) {
    const entity = schema[0];
    select = (state) => cache.selectEntities(state, entity);
  } else {
    throw new Error(
      `[rest-slice] \`useQuery\` reads an Entity class (\`useQuery(Todo, id)\`), \`[EntityClass]\` (\`useQuery([Todo])\`) or a \`schema.Query\`/\`schema.All\`/Collection (\`useQuery(query, params)\`), got ${describe(schema)}.`,
    );
  }
  return useSelector(select);
}
