import type { NormalizedEntities, NormalizedEntitiesMeta } from '../schema/normalize';
import { applyTables } from './reducers';
import { deleteRows } from './tableWrites';
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
  /** Set on the action of `undo()`: it puts back the rows an earlier `set` changed. */
  readonly undo?: true;
  /** Rows to remove with their meta (pks by entity key): those the undone `set` created. */
  readonly remove?: { readonly [entityKey: string]: readonly string[] };
}

/** Writes the rows of a `set` over the entity tables (and removes those an undo names); no result, optimistic update or request changes. */
export function setReducer(state: RestCacheState, payload: SetPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  let entities = applyTables(state.entities, payload.entities);
  let entitiesMeta = applyTables(state.entitiesMeta, payload.entitiesMeta);
  if (payload.remove !== undefined) {
    entities = deleteRows(entities, payload.remove);
    entitiesMeta = deleteRows(entitiesMeta, payload.remove);
  }
  if (entities === state.entities && entitiesMeta === state.entitiesMeta) return state;
  return Object.freeze({ ...state, entities, entitiesMeta });
}
