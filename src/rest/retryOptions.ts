/** The types of the endpoint options `retry` and `retryDelay` (the store runs the retries). */

/**
 * How often a failed request is tried again: a count of retries (of network
 * failures, 5xx, 408 and 429 only; never an abort), or a function of the
 * failure count (1 after the first failure) and the error that decides alone.
 * @defaultValue `0` (see the `retry` options of `createRestCache` and of endpoints)
 */
export type RetryOption = number | ((failureCount: number, error: Error & { status?: number }) => boolean);

/**
 * How long to wait before a retry, in ms: a number, or a function of the
 * failure count (1 before the first retry) and the error.
 * @defaultValue a 429/503's `Retry-After` header when it has one (a wait over
 * 30 000 ms ends the retries), else 1 000 · 2^(failureCount − 1) ms capped at
 * 30 000, scaled by a random factor between 0.5 and 1 (jitter)
 */
export type RetryDelayOption = number | ((failureCount: number, error: Error & { status?: number }) => number);
