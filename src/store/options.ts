import type { RetryDelayOption, RetryOption } from '../rest/retryOptions';
import { describeKind, quote } from '../schema/own';
import { checkRetry, checkRetryDelay } from './middleware/retry';

import { checkDuration } from './middleware/gc';
import { globalScheduler, type Scheduler } from './scheduler';

/** Options of {@link createRestCache}; every one is optional. */
export interface RestCacheOptions<P extends string = string> {
  /**
   * Where the reducer is mounted in the root state, and the prefix of the action types (`rest/fetch`).
   * @defaultValue `'rest'`
   */
  reducerPath?: P;
  /**
   * The `fetch` the middleware's requests use (injected with `fetchWith`), e.g. a test server's or one adding auth.
   * @defaultValue the global `fetch`
   */
  fetch?: typeof fetch;
  /**
   * The clock that stamps `fetchedAt`, `date` and `expiresAt` (ms); the hooks judge staleness by it.
   * @defaultValue `Date.now` (looked up at each call)
   */
  now?: () => number;
  /**
   * The timers of retry delays, polling and garbage collection sweeps. A test
   * passes its own, with a `now` it moves, and runs the timers that fall due
   * instead of waiting (see docs/testing.md).
   * @defaultValue the global `setTimeout` and `clearTimeout`, looked up at each
   * call (so Jest's fake timers drive them)
   */
  scheduler?: Scheduler;
  /**
   * How long data stays fresh (ms), unless the endpoint sets its own `dataExpiryLength`.
   * @defaultValue `60_000`
   */
  dataExpiryLength?: number;
  /**
   * How long an error stays fresh (ms), unless the endpoint sets its own `errorExpiryLength`.
   * @defaultValue `1_000`
   */
  errorExpiryLength?: number;
  /**
   * How long a result nobody uses (no mounted hook, subscription or
   * `controller.retain`) is kept before garbage collection removes it, unless
   * the endpoint says otherwise (ms, >= 0). `Infinity` keeps results.
   * @defaultValue `60_000`
   */
  keepUnusedDataFor?: number;
  /**
   * How often garbage collection sweeps (ms, > 0); `Infinity`: only `controller.gc()` sweeps.
   * @defaultValue `60_000`
   */
  gcInterval?: number;
  /**
   * Retries of a failed request of an idempotent method (GET, HEAD, PUT,
   * DELETE, OPTIONS) whose endpoint has no `retry` of its own: a count
   * (network failures, 5xx, 408, 429) or `(failureCount, error) => boolean`.
   * @defaultValue `0` (no retry)
   */
  retry?: RetryOption;
  /**
   * The delay before a retry (ms, or `(failureCount, error) => ms`), unless the endpoint sets its own `retryDelay`.
   * @defaultValue a 429/503's `Retry-After` when it has one, else
   * 1 000 · 2^(n − 1) ms capped at 30 000, times a random factor between 0.5
   * and 1 (n: the failure count)
   */
  retryDelay?: RetryDelayOption;
  /**
   * Whether results in use refetch when the page regains focus, unless the
   * endpoint sets its own `refetchOnFocus`.
   * @defaultValue `true` in a store where `setupListeners` has run, else `false`
   */
  refetchOnFocus?: boolean;
  /**
   * Whether results in use refetch when the network comes back, unless the endpoint sets its own `refetchOnReconnect`.
   * @defaultValue `true` in a store where `setupListeners` has run, else `false`
   */
  refetchOnReconnect?: boolean;
  /**
   * A focus or reconnect refetches only results received at least this long
   * ago (ms, >= 0; `0` refetches all in use); stale, invalid and errored ones always.
   * @defaultValue `1_000`
   */
  refetchMinAge?: number;
}

/** Options of `createRestCache`, with defaults applied. */
export interface ResolvedOptions {
  readonly reducerPath: string;
  readonly fetch: typeof fetch | undefined;
  readonly now: () => number;
  readonly scheduler: Scheduler;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
  readonly keepUnusedDataFor: number;
  readonly gcInterval: number;
  readonly retry: RetryOption;
  readonly retryDelay: RetryDelayOption | undefined;
  readonly refetchOnFocus: boolean | undefined;
  readonly refetchOnReconnect: boolean | undefined;
  readonly refetchMinAge: number;
}

/** Applies the defaults of {@link RestCacheOptions}. */
export function resolveOptions(options: RestCacheOptions): ResolvedOptions {
  return {
    reducerPath: options.reducerPath ?? 'rest',
    fetch: options.fetch,
    now: options.now ?? (() => Date.now()),
    scheduler: checkScheduler(options.scheduler),
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
    keepUnusedDataFor: checkDuration(options.keepUnusedDataFor, 'keepUnusedDataFor', 60_000),
    gcInterval: checkDuration(options.gcInterval, 'gcInterval', 60_000),
    ...retryDefaults(options),
    refetchOnFocus: optionalBoolean(options.refetchOnFocus, 'refetchOnFocus'),
    refetchOnReconnect: optionalBoolean(options.refetchOnReconnect, 'refetchOnReconnect'),
    refetchMinAge: minAge(options.refetchMinAge),
  };
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw new TypeError(`[rest-slice] \`createRestCache\` option \`${name}\` must be a boolean or undefined; got ${describe(value)}.`);
}

function checkScheduler(value: Scheduler | undefined): Scheduler {
  if (value === undefined) return globalScheduler;
  // Typed, but a JavaScript caller may pass anything (`null` included).
  if (typeof value?.setTimeout === 'function' && typeof value.clearTimeout === 'function') return value;
  throw new TypeError(
    `[rest-slice] \`createRestCache\` option \`scheduler\` needs \`setTimeout\` and \`clearTimeout\` methods; got ${describe(value)}.`,
  );
}

function minAge(value: unknown): number {
  if (value === undefined) return 1_000;
  if (typeof value === 'number' && value >= 0) return value;
  throw new TypeError(
    `[rest-slice] \`createRestCache\` option \`refetchMinAge\` must be a number of ms >= 0 (\`0\` refetches everything in use); got ${describe(value)}.`,
  );
}

function describe(value: unknown): string {
  return `${describeKind(value)} (${quote(value)})`;
}

/** The cache-wide `retry` (default 0) and `retryDelay`, checked. */
function retryDefaults(options: RestCacheOptions): { retry: RetryOption; retryDelay: RetryDelayOption | undefined } {
  const retry = options.retry ?? 0;
  checkRetry(retry, '`createRestCache` option');
  checkRetryDelay(options.retryDelay, '`createRestCache` option');
  return { retry, retryDelay: options.retryDelay };
}
