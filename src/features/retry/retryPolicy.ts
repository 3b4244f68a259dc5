import type { RetryDelayOption, RetryOption } from '../../rest/retryOptions';
import { isAbortError } from '../../store/abortError';
import type { EndpointInterface } from '../../store/endpoint';
import type { Scheduler } from '../../store/scheduler';

/** The longest default delay between two attempts (ms); a `Retry-After` asking for more ends the retries. */
export const MAX_RETRY_DELAY = 30_000;

/** Methods a cache-wide `retry` default applies to: sending them twice does no more than once. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The cache-wide retry defaults (`createRestCache` options), and the clock a `Retry-After` date is measured by. */
export interface RetryDefaults {
  readonly retry: RetryOption;
  readonly retryDelay: RetryDelayOption | undefined;
  readonly now: () => number;
}

/** How one request retries: whether to try again after a failure, and how long to wait first. */
export interface RetryPolicy {
  shouldRetry(failureCount: number, error: unknown): boolean;
  delay(failureCount: number, error: unknown): number;
}

type StatusError = Error & { status?: number; response?: { headers?: { get?(name: string): string | null } } };

/** @throws naming `where` when `retry` is neither a whole number >= 0 nor a function. */
export function checkRetry(value: unknown, where: string): void {
  if (typeof value === 'function') return;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return;
  throw new TypeError(
    `[rest-slice] ${where} \`retry\` must be a whole number of retries >= 0 or a function \`(failureCount, error) => boolean\`; got ${describe(value)}.`,
  );
}

/** @throws naming `where` when `retryDelay` is neither a finite number >= 0 nor a function. */
export function checkRetryDelay(value: unknown, where: string): void {
  if (value === undefined || typeof value === 'function') return;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return;
  throw new TypeError(
    `[rest-slice] ${where} \`retryDelay\` must be a number of ms >= 0 or a function \`(failureCount, error) => ms\`; got ${describe(value)}.`,
  );
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return `a ${typeof value}`;
}

/** The status of an error, if it has a numeric one. */
function statusOf(error: unknown): number | undefined {
  const status = (error as StatusError | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** What a retry count retries: network failures (no status), 5xx, 408 and 429; never an abort. */
export function isRetryable(error: unknown): boolean {
  if (isAbortError(error)) return false;
  const status = statusOf(error);
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/** A 429/503's `Retry-After` in ms (seconds or an HTTP date), if it has one. */
function retryAfter(error: unknown, now: number): number | undefined {
  const status = statusOf(error);
  if (status !== 429 && status !== 503) return undefined;
  let header: string | null | undefined;
  try {
    header = (error as StatusError).response?.headers?.get?.('retry-after');
  } catch {
    return undefined;
  }
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The default delay before retry `failureCount`: exponential, capped, with jitter. */
export function defaultRetryDelay(failureCount: number): number {
  const base = Math.min(1000 * 2 ** (failureCount - 1), MAX_RETRY_DELAY);
  return base / 2 + (Math.random() * base) / 2;
}

/**
 * The retry policy of `endpoint`: its own `retry` whatever its method, else
 * the cache default for idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS;
 * an endpoint without a `method` counts as idempotent unless it is a
 * `sideEffect`). `undefined` when it never retries.
 * @throws naming the endpoint when an option has a bad value.
 */
export function retryPolicy(endpoint: EndpointInterface, defaults: RetryDefaults): RetryPolicy | undefined {
  const where = `endpoint \`${endpoint.name}\`:`;
  const own = endpoint.retry;
  let retry: RetryOption;
  if (own !== undefined) {
    checkRetry(own, where);
    retry = own;
  } else {
    const method = (endpoint as { method?: unknown }).method;
    const idempotent = typeof method === 'string' ? IDEMPOTENT.has(method.toUpperCase()) : !endpoint.sideEffect;
    if (!idempotent) return undefined;
    retry = defaults.retry;
  }
  if (retry === 0) return undefined;
  const retryDelay = endpoint.retryDelay ?? defaults.retryDelay;
  checkRetryDelay(retryDelay, where);
  const shouldRetry =
    typeof retry === 'function'
      ? (failureCount: number, error: unknown) => !isAbortError(error) && retry(failureCount, error as StatusError) === true
      : (failureCount: number, error: unknown) => failureCount <= retry && isRetryable(error);
  return {
    shouldRetry: (failureCount, error) => {
      if (!shouldRetry(failureCount, error)) return false;
      // The server asked for a longer pause than we wait: give up and show its answer.
      const after = retryDelay === undefined ? retryAfter(error, defaults.now()) : undefined;
      return after === undefined || after <= MAX_RETRY_DELAY;
    },
    delay: (failureCount, error) => {
      if (typeof retryDelay === 'number') return retryDelay;
      if (typeof retryDelay === 'function') {
        const ms = retryDelay(failureCount, error as StatusError);
        checkRetryDelay(ms, `${where} the delay returned by`);
        return ms;
      }
      return retryAfter(error, defaults.now()) ?? defaultRetryDelay(failureCount);
    },
  };
}

/** Waits `ms` on the cache's timers, or rejects with the signal's reason once it aborts. */
function wait(ms: number, signal: AbortSignal, scheduler: Scheduler): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      scheduler.clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = scheduler.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, the policy gives up, or `signal` aborts
 * (a reset or an abort during a delay ends the retries). Before each retry
 * `onRetry(attempt, error)` is told the number of the attempt about to start (2 for the first retry).
 */
export async function runWithRetry(
  attempt: () => Promise<unknown>,
  policy: RetryPolicy | undefined,
  signal: AbortSignal,
  scheduler: Scheduler,
  onRetry: (attempt: number, error: unknown) => void,
): Promise<unknown> {
  for (let failures = 0; ; ) {
    try {
      return await attempt();
    } catch (error) {
      failures++;
      if (policy === undefined || signal.aborted || !policy.shouldRetry(failures, error)) throw error;
      const ms = policy.delay(failures, error);
      onRetry(failures + 1, error);
      await wait(ms, signal, scheduler);
    }
  }
}
