// The retry feature's part of the state: `retrying[key]` while a failed request is tried again. Pure case
// reducers of (state, action) returning a new frozen state, like the core's.
import { createTable, getOwn } from '../../schema/own';
import type { StampedPayload } from '../../store/actions';
import type { CacheAction } from '../../store/middleware/types';
import type { RestCacheState, SerializedError } from '../../store/state';

/** A request being retried after a failure (`<reducerPath>/retry`), shown until it settles. */
export interface RetryState {
  /** The number of the attempt now running: 2 for the first retry. */
  readonly attempt: number;
  /** The fetch's `fetchedAt` and request id: a newer fetch of the key is told apart. */
  readonly fetchedAt: number;
  readonly requestId?: string;
  /** The failure of the previous attempt. */
  readonly error: SerializedError;
}

/** Payload of `<reducerPath>/retry`: a fetch failed and is tried again (no new `fetch` action). */
export interface RetryPayload extends StampedPayload {
  /** The fetch's `requestId`. */
  readonly requestId: string;
  /** The number of the attempt starting now: 2 for the first retry. */
  readonly attempt: number;
  /** The failure of the previous attempt. */
  readonly error: SerializedError;
}

declare module '../../store/state' {
  interface RestCacheState {
    /** Requests in flight that failed and are being retried, by request key (the `retry` feature); absent when none is. */
    readonly retrying?: { readonly [key: string]: RetryState };
  }
}

type Settled = { readonly key: string; readonly fetchedAt: number; readonly requestId?: string };

/** `<reducerPath>/retry`: records the attempt now running under the request key. */
export function retryCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const payload = action.payload as RetryPayload;
  if (payload.fetchedAt < state.lastReset) return state;
  const entry: RetryState = Object.freeze({
    attempt: payload.attempt,
    fetchedAt: payload.fetchedAt,
    requestId: payload.requestId,
    error: Object.freeze({ ...payload.error }),
  });
  const retrying = Object.assign(createTable<RetryState>(), state.retrying);
  retrying[payload.key] = entry;
  return Object.freeze({ ...state, retrying: Object.freeze(retrying) });
}

/** After `setResponse`, `setError` or `abort` of a fetch: its retry entry goes; `retrying` is absent once empty. */
export function settledCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const retrying = state.retrying;
  const { key, fetchedAt, requestId } = action.payload as Settled;
  const entry = retrying === undefined ? undefined : getOwn(retrying, key);
  if (entry === undefined || entry.fetchedAt !== fetchedAt || (requestId !== undefined && entry.requestId !== undefined && entry.requestId !== requestId)) {
    return state;
  }
  const rest = Object.assign(createTable<RetryState>(), retrying);
  delete rest[key];
  const { retrying: _dropped, ...without } = state;
  return Object.freeze(Object.keys(rest).length === 0 ? without : { ...without, retrying: Object.freeze(rest) });
}
