import type { RetryDelayOption, RetryOption } from './retryOptions';

/**
 * The options of any endpoint (`Endpoint`, `RestEndpoint`) that tell the
 * store how to keep its results: freshness, polling, lifetime, refetching and
 * retries. Each defaults to the cache's (`createRestCache`) setting.
 */
export interface CacheOptions {
  /** How long fetched data stays fresh, in ms. Default: the cache's `dataExpiryLength` (60 000). */
  dataExpiryLength?: number;
  /** How long an error is kept before refetching, in ms. Default: the cache's `errorExpiryLength` (1 000). */
  errorExpiryLength?: number;
  /** Refetches this often (ms) while something subscribes. Default: no polling. */
  pollFrequency?: number;
  /** How long (ms) the result is kept once nothing uses it (no hook, subscription or `retain`); `Infinity` keeps it. Default: the cache's (60 000). */
  keepUnusedDataFor?: number;
  /** When true, stale data counts as missing (suspends) instead of being shown while refetching. Default: false. */
  invalidIfStale?: boolean;
  /** Refetches results of this endpoint in use when the page regains focus (needs `setupListeners`). Default: the cache's `refetchOnFocus` (`true` once listeners are set up). */
  refetchOnFocus?: boolean;
  /** Refetches results of this endpoint in use when the network comes back (needs `setupListeners`). Default: the cache's `refetchOnReconnect` (`true` once listeners are set up). */
  refetchOnReconnect?: boolean;
  /** Keeps polling while the page is hidden (polling always sleeps while offline). Default: false. */
  pollWhenHidden?: boolean;
  /**
   * Retries of a failed request: a count (of network failures, 5xx, 408 and
   * 429) or `(failureCount, error) => boolean`. The endpoint's own `retry`
   * applies whatever its method. Default: the cache's `retry` (0 unless set)
   * for GET, HEAD, PUT, DELETE and OPTIONS; 0 for other methods.
   */
  retry?: RetryOption;
  /** The delay before a retry (ms, or `(failureCount, error) => ms`). Default: the cache's, else 1 000 · 2^(n − 1) ms capped at 30 000, with jitter; a 429/503's `Retry-After` is honored. */
  retryDelay?: RetryDelayOption;
}
