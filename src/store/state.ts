import type { EntityMeta, EntityRow } from '../schema/types';
import type { StoredTables } from './tables';

/** An error as the store keeps it: plain JSON. The original `Error` is handed out by selectors. */
export interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly status?: number;
}

/** What the store knows about one request key. */
export interface ResultMeta {
  /** When the fetch that produced the current result (or, with no result, the error) was triggered. */
  readonly fetchedAt: number;
  /** When it was received. */
  readonly date: number;
  /** When the result becomes stale; 0 after `expireAll`. */
  readonly expiresAt: number;
  /** The last failure, until a later fetch succeeds. */
  readonly error?: SerializedError;
  /** The `fetchedAt` of the failed fetch, when a result of an earlier fetch is kept beside `error`. */
  readonly errorAt?: number;
  /** `'soft'` errors (5xx) keep showing existing data instead of throwing. */
  readonly errorPolicy?: 'soft';
  /** Set by `controller.invalidate`: the result counts as missing until refetched. */
  readonly invalidated?: boolean;
  /**
   * The result is `undefined` (an endpoint that resolved nothing): JSON cannot hold `undefined`, so `endpoints`
   * has no member for the key and this says a result is stored.
   */
  readonly empty?: true;
}

/** One pending optimistic update: enough to recompute it, and nothing that is not JSON. */
export interface OptimisticEntry {
  /** The endpoint's `name`, to find it again in the cache's registry. */
  readonly endpoint: string;
  /** The request key; with `fetchedAt` it pairs the update with its fetch. */
  readonly key: string;
  readonly args: readonly unknown[];
  readonly fetchedAt: number;
  /** The fetch's request id: tells apart two updates with the same key and `fetchedAt` (same millisecond). */
  readonly requestId?: string;
  /**
   * The id of the outbox entry this update belongs to: a write kept to be
   * sent later (the outbox feature). Only such updates outlive a reload
   * (the persist feature saves them); others belong to a request of this page.
   */
  readonly outbox?: string;
}

/**
 * The cache's slice of the Redux state. Everything here is plain JSON, so it
 * shows as is in Redux DevTools and survives a replay or a JSON round trip.
 */
export interface RestCacheState {
  /**
   * Entity rows by entity key, then pk. A `null` row is an invalidated entity.
   * A table of more than 2,048 rows is an array of buckets, each `pk → row`,
   * the bucket picked by a hash of the pk (docs/state-layout.md); read rows
   * through the selectors, which hide the layout.
   */
  readonly entities: StoredTables<EntityRow>;
  /** When each row was fetched and expires, laid out like `entities`. */
  readonly entitiesMeta: StoredTables<EntityMeta>;
  /** Normalized results by request key (`GET https://api.example.com/todos/1`). */
  readonly endpoints: { readonly [key: string]: unknown };
  /** Meta of each result, by request key. */
  readonly meta: { readonly [key: string]: ResultMeta };
  /** Pending optimistic updates in `fetchedAt` order, applied over the confirmed data. */
  readonly optimistic: readonly OptimisticEntry[];
  /** Requests in flight: request key → `fetchedAt` of the latest one. */
  readonly inflight: { readonly [key: string]: number };
  /** When `resetEntireStore` last ran; responses of fetches started before it are dropped. */
  readonly lastReset: number;
}

export type { EntityMeta };

/** The state of a fresh cache. */
export function initialRestCacheState(lastReset = 0): RestCacheState {
  return Object.freeze({
    entities: Object.freeze({}),
    entitiesMeta: Object.freeze({}),
    endpoints: Object.freeze({}),
    meta: Object.freeze({}),
    optimistic: Object.freeze([]),
    inflight: Object.freeze({}),
    lastReset,
  });
}
