import type { RetryDelayOption, RetryOption } from '../rest/retryOptions';
import type { Denormalize } from '../schema/types';
import type { LiveController, SubscribeResult } from '../rest/liveController';

/**
 * What the store needs of an endpoint. `RestEndpoint` has all of it; any
 * callable with a `key` and a `name` works too.
 */
export interface EndpointInterface {
  /** Identifies the request: same key, same cached result. */
  key(...args: any[]): string;
  /** Finds the endpoint again when a replayed action names it. */
  readonly name: string;
  readonly schema?: unknown;
  /** True for mutations (non-GET): never deduplicated. */
  readonly sideEffect?: boolean;
  getOptimisticResponse?(snap: any, ...args: any[]): unknown;
  readonly dataExpiryLength?: number;
  readonly errorExpiryLength?: number;
  readonly pollFrequency?: number;
  /** How long (ms) its result is kept once nobody uses it; `Infinity` keeps it. Default: the cache's `keepUnusedDataFor` (60 000). */
  readonly keepUnusedDataFor?: number;
  readonly invalidIfStale?: boolean;
  /** Whether results of this endpoint in use refetch when the page regains focus. Default: the cache's `refetchOnFocus`. */
  readonly refetchOnFocus?: boolean;
  /** Whether results of this endpoint in use refetch when the network comes back. Default: the cache's `refetchOnReconnect`. */
  readonly refetchOnReconnect?: boolean;
  /** Whether polling goes on while the page is hidden (it always sleeps while offline). Default: `false`. */
  readonly pollWhenHidden?: boolean;
  /** `'soft'` keeps stale data shown after this error (`Endpoint`/`RestEndpoint`: status >= 500); without it no error is soft. */
  errorPolicy?(error: any): 'soft' | undefined;
  /** Aborts this endpoint's requests: a GET shared with other callers is aborted once none of them still waits. Default: none. */
  readonly signal?: AbortSignal;
  /** Retries of a failed request (its own applies whatever the method). Default: the cache's `retry` for idempotent methods, else 0. */
  readonly retry?: RetryOption;
  /** The delay before a retry. Default: the cache's `retryDelay`, else exponential with jitter (see {@link RetryDelayOption}). */
  readonly retryDelay?: RetryDelayOption;
  /** Runs the request with an injected `fetch` and AbortSignal (`Endpoint` and `RestEndpoint` have it); without it the endpoint is called. */
  fetchWith?(options: { fetch?: typeof fetch; signal?: AbortSignal }, ...args: any[]): Promise<unknown>;
  /** Starts a live subscription when the request key gets its first user; its returned cleanup runs when the last one leaves. Default: none. */
  onSubscribe?(controller: LiveController, ...args: any[]): SubscribeResult;
}

/** The arguments of an endpoint, from its `key` signature (the same as its call signature). */
export type EndpointArgs<E> = E extends { key(...args: infer A): string } ? A : readonly unknown[];

/** Args that identify a request: all of them, or for a mutation the params alone (the body is not part of the key). */
export type KeyArgs<E> = EndpointArgs<E> | ParamsOnly<E>;

type ParamsOnly<E> = EndpointArgs<E> extends readonly [infer P, any, ...any[]] ? [P] : never;

type Resolved<E> = E extends (...args: any[]) => Promise<infer R> ? R : unknown;

/** What the store hands out for an endpoint: the denormalized schema, or the resolved body without one. */
export type EndpointData<E> = E extends { readonly schema: infer S }
  ? [S] extends [undefined | null]
    ? Resolved<E>
    : Denormalize<S>
  : Resolved<E>;
