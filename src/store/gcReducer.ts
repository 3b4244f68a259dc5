import { hasOwn } from '../schema/own';
import { deleteRows } from './tableWrites';
import type { RestCacheState } from './state';

/** Payload of `<reducerPath>/gc`: what one garbage collection sweep removed. */
export interface GcPayload {
  /** Request keys whose result and meta were removed. */
  readonly keys: readonly string[];
  /** Entity rows removed (with their meta): pks by entity key. */
  readonly entities: { readonly [entityKey: string]: readonly string[] };
}

function without<T>(record: { readonly [key: string]: T }, keys: readonly string[]): { readonly [key: string]: T } {
  if (!keys.some((key) => hasOwn(record, key))) return record;
  const next = Object.assign(Object.create(null) as Record<string, T>, record);
  for (const key of keys) delete next[key];
  return Object.freeze(next);
}

/**
 * Removes what a sweep found unused: results and their meta, entity rows and
 * their meta (a bucketed table that shrinks to `FLAT_MIN` rows is made flat
 * again, see tableWrites.ts). It applies the payload as is, so a replayed log removes exactly
 * what the recorded sweep removed.
 */
export function gcReducer(state: RestCacheState, payload: GcPayload): RestCacheState {
  const endpoints = without(state.endpoints, payload.keys);
  const meta = without(state.meta, payload.keys);
  const entities = deleteRows(state.entities, payload.entities);
  const entitiesMeta = deleteRows(state.entitiesMeta, payload.entities);
  if (endpoints === state.endpoints && meta === state.meta && entities === state.entities && entitiesMeta === state.entitiesMeta) {
    return state;
  }
  return Object.freeze({ ...state, endpoints, meta, entities, entitiesMeta });
}
