import type { RetryDelayOption, RetryOption } from './retryOptions';

/**
 * The options of any endpoint (`Endpoint`, `RestEndpoint`) that tell the
 * store how to keep its results: freshness, polling, lifetime, refetching and
 * retries. Each defaults to the cache's (`createRestCache`) setting.
 */
export interface CacheOptions {
  /**
   * How long fetched data stays fresh, in ms; once stale, a hook shows it and refetches.
   * @defaultValue the cache's `dataExpiryLength` (60 000 unless set)
   */
  dataExpiryLength?: number;
  /**
   * How long an error is kept before a hook refetches, in ms.
   * @defaultValue the cache's `errorExpiryLength` (1 000 unless set)
   */
  errorExpiryLength?: number;
  /**
   * Refetches this often (ms) while something subscribes (`useSubscription`,
   * `useLive`, `controller.subscribe`); with several subscribers, the smallest wins.
   * @defaultValue none (no polling)
   */
  pollFrequency?: number;
  /**
   * How long (ms) the result is kept once nothing uses it (no hook,
   * subscription or `retain`) before garbage collection removes it; `Infinity` keeps it.
   * @defaultValue the cache's `keepUnusedDataFor` (60 000 unless set)
   */
  keepUnusedDataFor?: number;
  /**
   * When true, stale data counts as missing: `useSuspense` suspends until the
   * refetch lands instead of showing it meanwhile (`useDLE` reports `loading`).
   * @defaultValue `false`
   */
  invalidIfStale?: boolean;
  /**
   * Refetches results of this endpoint in use when the page regains focus (needs `setupListeners`).
   * @defaultValue the cache's `refetchOnFocus`; unset there, `true` in a store
   * where `setupListeners` has run, else `false`
   */
  refetchOnFocus?: boolean;
  /**
   * Refetches results of this endpoint in use when the network comes back (needs `setupListeners`).
   * @defaultValue the cache's `refetchOnReconnect`; unset there, `true` in a
   * store where `setupListeners` has run, else `false`
   */
  refetchOnReconnect?: boolean;
  /**
   * Keeps polling while the page is hidden (polling always sleeps while offline).
   * @defaultValue `false`
   */
  pollWhenHidden?: boolean;
  /**
   * Retries of a failed request: a count (of network failures, 5xx, 408 and
   * 429) or `(failureCount, error) => boolean`. The endpoint's own `retry`
   * applies whatever its method.
   * @defaultValue the cache's `retry` (0 unless set) for GET, HEAD, PUT, DELETE
   * and OPTIONS; 0 (no retry) for other methods
   */
  retry?: RetryOption;
  /**
   * The delay before a retry (ms, or `(failureCount, error) => ms`).
   * @defaultValue the cache's `retryDelay`; unset there, a 429/503's
   * `Retry-After`, else 1 000 · 2^(n − 1) ms capped at 30 000, times a random
   * factor between 0.5 and 1 (n: the failure count)
   */
  retryDelay?: RetryDelayOption;
  /**
   * Data Client's `update` (needs the `updaters()` feature): other stored
   * results this endpoint's response changes. Given the response's normalized
   * result (entities as their pks) and the call's args, it returns an updater
   * per request key; each gets that key's stored result (`undefined` when
   * there is none) and returns the new one (`undefined` leaves it). Run when
   * a response is recorded and for the optimistic response, whose changes
   * roll back with it.
   * @defaultValue none
   * @example
   * update: (newId: string) => ({ [TodoResource.getList.key()]: (ids: string[] = []) => [...ids, newId] })
   */
  update?: ResultUpdate;
}

/**
 * The `update` option: the updaters of other results, by request key, for
 * one response (its normalized result and the call's args). Results are
 * normalized JSON, so both sides are untyped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- normalized results have no static type (Data Client types them `any` too).
export type ResultUpdate = (result: any, ...args: any[]) => Readonly<Record<string, (existing: any) => unknown>>;
