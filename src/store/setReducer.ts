import type { NormalizedEntities, NormalizedEntitiesMeta } from '../schema/normalize';
import { applyTables } from './reducers';
import type { RestCacheState } from './state';

/** Payload of `<reducerPath>/set`: rows `controller.set` normalized and merged (as a response's are), without a request. */
export interface SetPayload {
  /** The schema's name (`Todo`, `[Todo]`, a Collection's key), for DevTools. */
  readonly schema: string;
  /** The args that located the value, as plain JSON. */
  readonly args: readonly unknown[];
  /** When the value was set (the cache's clock); the rows' `fetchedAt`. */
  readonly fetchedAt: number;
  readonly entities: NormalizedEntities;
  readonly entitiesMeta: NormalizedEntitiesMeta;
}

/** Writes the rows of a `set` over the entity tables; no result, optimistic update or request changes. */
export function setReducer(state: RestCacheState, payload: SetPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  const entities = applyTables(state.entities, payload.entities);
  const entitiesMeta = applyTables(state.entitiesMeta, payload.entitiesMeta);
  if (entities === state.entities && entitiesMeta === state.entitiesMeta) return state;
  return Object.freeze({ ...state, entities, entitiesMeta });
}
