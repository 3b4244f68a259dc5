import type { AbortOptimistic } from './AbortOptimistic';
import type { ExpiryStatus } from './ExpiryStatus';
import type { EndpointData } from './types';

/** The endpoint shape a snapshot reads: anything with a `key` and a `schema`. */
export interface SnapshotEndpoint {
  /** The request key of these arguments. */
  key(...args: readonly any[]): string;
  /** The response's schema. */
  readonly schema?: unknown;
}

/**
 * A read-only view of the store at the moment a fetch starts, passed to
 * `getOptimisticResponse(snap, ...args)`; the store implements it.
 */
export interface SnapshotInterface {
  /** The cached (denormalized) response of `endpoint` for `args`; `data` is `undefined` when nothing is cached. */
  getResponse<E extends SnapshotEndpoint>(
    endpoint: E,
    ...args: readonly [...Parameters<E['key']>]
  ): {
    /** The cached data; `undefined` when nothing usable is cached. */
    data: EndpointData<E> | undefined;
    /** How usable `data` is. */
    expiryStatus: ExpiryStatus;
    /** When `data` goes stale (ms, by the cache's clock). */
    expiresAt: number;
  };
  /** The error stored for `endpoint` and `args`, if its last fetch failed. */
  getError<E extends SnapshotEndpoint>(endpoint: E, ...args: readonly [...Parameters<E['key']>]): Error | undefined;
  /** When the fetch was triggered (client clock, ms); use it as an optimistic `updatedAt`. */
  readonly fetchedAt: number;
  /** An `AbortOptimistic` to throw when the cached data the optimistic response needs is missing. */
  readonly abort: AbortOptimistic;
}
