/** The types of the endpoint options `retry` and `retryDelay` (the store runs the retries). */

/**
 * How often a failed request is tried again: a count of retries (of network
 * failures, 5xx, 408 and 429 only), or a function of the failure count
 * (1 after the first failure) and the error that decides alone. Default 0.
 */
export type RetryOption = number | ((failureCount: number, error: Error & { status?: number }) => boolean);

/**
 * How long to wait before a retry, in ms: a number, or a function of the
 * failure count (1 before the first retry) and the error. Default:
 * 1 000 · 2^(failureCount − 1) ms capped at 30 000, scaled by a random factor
 * between 0.5 and 1 (jitter); a `Retry-After` header of a 429/503 is used instead.
 */
export type RetryDelayOption = number | ((failureCount: number, error: Error & { status?: number }) => number);
