// Case reducers of a request's own life between `fetch` and its outcome: retries and aborts. Pure
// functions of (state, payload) returning a new frozen state, like those of reducers.ts.
import type { AbortPayload, RetryPayload } from './actions';
import { getOwn } from '../schema/own';
import { settleInflight, withoutOptimistic } from './reducers';
import type { RestCacheState, RetryState } from './state';

/** `retrying` without `key`'s entry when it belongs to this fetch; absent once empty. */
function withoutRetry(state: RestCacheState, key: string, fetchedAt: number, requestId: string | undefined): RestCacheState {
  const retrying = state.retrying;
  const entry = retrying === undefined ? undefined : getOwn(retrying, key);
  if (entry === undefined || entry.fetchedAt !== fetchedAt || (requestId !== undefined && entry.requestId !== undefined && entry.requestId !== requestId)) {
    return state;
  }
  const rest = Object.assign(Object.create(null) as Record<string, RetryState>, retrying);
  delete rest[key];
  const { retrying: _dropped, ...without } = state;
  return Object.freeze(Object.keys(rest).length === 0 ? without : { ...without, retrying: Object.freeze(rest) });
}

/** `<reducerPath>/retry`: records the attempt now running under the request key. */
export function retryReducer(state: RestCacheState, payload: RetryPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  const entry: RetryState = Object.freeze({
    attempt: payload.attempt,
    fetchedAt: payload.fetchedAt,
    requestId: payload.requestId,
    error: Object.freeze({ ...payload.error }),
  });
  const retrying = Object.assign(Object.create(null) as Record<string, RetryState>, state.retrying);
  retrying[payload.key] = entry;
  return Object.freeze({ ...state, retrying: Object.freeze(retrying) });
}

/** `<reducerPath>/abort`: the fetch's optimistic update and in-flight mark go; the stored result, meta and error stay. */
export function abortReducer(state: RestCacheState, payload: AbortPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  const next = withoutRetry(state, payload.key, payload.fetchedAt, payload.requestId);
  return Object.freeze({
    ...next,
    optimistic: withoutOptimistic(next.optimistic, payload.key, payload.fetchedAt, payload.requestId),
    inflight: settleInflight(next.inflight, payload.key, payload.fetchedAt),
  });
}

/** After `setResponse`/`setError` of a fetch: its retry entry goes. */
export function settledRetryReducer(state: RestCacheState, payload: { key: string; fetchedAt: number; requestId?: string }): RestCacheState {
  return state.retrying === undefined ? state : withoutRetry(state, payload.key, payload.fetchedAt, payload.requestId);
}
