import { createAction } from '@reduxjs/toolkit';
import type { RetryDelayOption, RetryOption } from '../../rest/retryOptions';
import type { RestFeature } from '../../store/feature';
import { serializeError } from '../../store/serialize';
import { checkRetry, checkRetryDelay, retryPolicy, runWithRetry } from './retryPolicy';
import { retryCase, settledCase, type RetryPayload } from './retryState';

/** Options of {@link retry}: the cache-wide defaults; an endpoint's own `retry`/`retryDelay` win. */
export interface RetryFeatureOptions {
  /**
   * Retries of a failed request of an idempotent method (GET, HEAD, PUT,
   * DELETE, OPTIONS) whose endpoint has no `retry` of its own: a count
   * (network failures, 5xx, 408, 429) or `(failureCount, error) => boolean`.
   * @defaultValue `0` (only endpoints with their own `retry` retry)
   */
  retry?: RetryOption;
  /**
   * The delay before a retry (ms, or `(failureCount, error) => ms`), unless the endpoint sets its own `retryDelay`.
   * @defaultValue a 429/503's `Retry-After` when it has one, else
   * 1 000 · 2^(n − 1) ms capped at 30 000, times a random factor between 0.5
   * and 1 (n: the failure count)
   */
  retryDelay?: RetryDelayOption;
}

/**
 * The retry feature: a failed request is tried again by its endpoint's
 * `retry`/`retryDelay` (else these defaults, for idempotent methods), as one
 * request: its callers wait, `<reducerPath>/retry` records each new attempt in
 * `state.retrying[key]`, and only the last failure is stored. An abort or a
 * reset during a delay ends the retries.
 *
 * @example
 * const cache = createRestCache({ features: [retry({ retry: 3 })] });
 */
export function retry(options: RetryFeatureOptions = {}): RestFeature {
  const defaults = { retry: options.retry ?? 0, retryDelay: options.retryDelay };
  checkRetry(defaults.retry, '`retry()` option');
  checkRetryDelay(defaults.retryDelay, '`retry()` option');
  return {
    name: 'retry',
    reducers: { retry: retryCase, setResponse: settledCase, setError: settledCase, abort: settledCase },
    setup(cache, store) {
      const retrying = createAction<RetryPayload>(`${cache.reducerPath}/retry`);
      return {
        runAttempts(attempt, { endpoint, payload, requestId, signal }) {
          const policy = retryPolicy(endpoint, { ...defaults, now: cache.now });
          return runWithRetry(attempt, policy, signal, cache.scheduler, (number, error) => {
            store.dispatch(
              retrying({ endpoint: payload.endpoint, key: payload.key, args: payload.args, fetchedAt: payload.fetchedAt, requestId, attempt: number, error: serializeError(error) }),
            );
          });
        },
      };
    },
  };
}
