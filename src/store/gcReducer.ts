import { withoutKeys } from './reducers';
import { deleteRows } from './tableWrites';
import type { RestCacheState } from './state';

/** Payload of `<reducerPath>/gc`: what one garbage collection sweep removed. */
export interface GcPayload {
  /** Request keys whose result and meta were removed. */
  readonly keys: readonly string[];
  /** Entity rows removed (with their meta): pks by entity key. */
  readonly entities: { readonly [entityKey: string]: readonly string[] };
}

/**
 * Removes what a sweep found unused: results and their meta, entity rows and
 * their meta (a bucketed table that shrinks to `FLAT_MIN` rows is made flat
 * again, see tableWrites.ts). It applies the payload as is, so a replayed log removes exactly
 * what the recorded sweep removed.
 */
export function gcReducer(state: RestCacheState, payload: GcPayload): RestCacheState {
  const endpoints = withoutKeys(state.endpoints, payload.keys);
  const meta = withoutKeys(state.meta, payload.keys);
  const entities = deleteRows(state.entities, payload.entities);
  const entitiesMeta = deleteRows(state.entitiesMeta, payload.entities);
  if (endpoints === state.endpoints && meta === state.meta && entities === state.entities && entitiesMeta === state.entitiesMeta) {
    return state;
  }
  return Object.freeze({ ...state, endpoints, meta, entities, entitiesMeta });
}
