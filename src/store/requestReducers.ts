// The case reducer of a request's end without an outcome (an abort). A pure function of (state, payload)
// returning a new frozen state, like those of reducers.ts.
import type { AbortPayload } from './actions';
import { settled } from './reducers';
import type { RestCacheState } from './state';

/** `<reducerPath>/abort`: the fetch's optimistic update and in-flight mark go; the stored result, meta and error stay. */
export function abortReducer(state: RestCacheState, payload: AbortPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  return settled(state, payload, {});
}
