import { useSelector } from 'react-redux';
import { type AbstractInstance, type Entity, isEntityClass } from 'rest-slice';
import { useRestCache } from './useRestCache';

type EntityClass = typeof Entity;

/** What identifies one entity: its pk, or the members its `pk()` reads (`{ id: 1 }`). */
export type EntityLookup = string | number | Readonly<Record<string, unknown>>;

function describe(value: unknown): string {
  if (typeof value === 'function') return value.name || 'an anonymous function';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return value === null ? 'null' : typeof value;
}

/**
 * One entity from the cache by pk (`useQuery(Todo, 5)` or `useQuery(Todo, { id: 5 })`),
 * or every stored entity of a type (`useQuery([Todo])`, invalidated ones left
 * out). Reads only; never fetches. `null` as the pk gives `undefined`.
 * Pending optimistic updates are included.
 *
 * @throws when `schema` is neither an Entity class nor `[EntityClass]`.
 */
export function useQuery<E extends EntityClass>(entity: E, pk: EntityLookup | null): AbstractInstance<E> | undefined;
export function useQuery<E extends EntityClass>(list: readonly [E]): AbstractInstance<E>[];
export function useQuery(schema: EntityClass | readonly [EntityClass], pk?: EntityLookup | null): unknown {
  const cache = useRestCache();
  let select: (state: unknown) => unknown;
  if (isEntityClass(schema)) {
    const id = pk === null || pk === undefined ? undefined : typeof pk === 'object' ? schema.pk({ ...pk }) : pk;
    select = (state) => (id === undefined ? undefined : cache.selectEntity(state, schema, id));
  } else if (Array.isArray(schema) && schema.length === 1 && isEntityClass(schema[0])) {
    const entity = schema[0];
    select = (state) => cache.selectEntities(state, entity);
  } else {
    throw new Error(
      `[rest-slice] \`useQuery\` reads an Entity class (\`useQuery(Todo, id)\`) or \`[EntityClass]\` (\`useQuery([Todo])\`), got ${describe(schema)}.`,
    );
  }
  return useSelector(select);
}
