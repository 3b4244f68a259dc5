import type { CacheOptions } from '../rest/cacheOptions';
import type { FetchWithOptions } from '../rest/endpointOptions';
import type { Denormalize } from '../schema/types';
import type { LiveController, SubscribeResult } from '../rest/liveController';

/**
 * What the store needs of an endpoint: a `key`, a `name` and the
 * {@link CacheOptions} it reads. `Endpoint` and `RestEndpoint` have all of it;
 * any callable with a `key` and a `name` works too.
 */
export interface EndpointInterface extends Readonly<CacheOptions> {
  /** Identifies the request: same key, same cached result. */
  key(...args: any[]): string;
  /** Finds the endpoint again when a replayed action names it. */
  readonly name: string;
  /** The schema the response is normalized by; none: stored as it is. */
  readonly schema?: unknown;
  /** True for mutations (non-GET): never deduplicated. */
  readonly sideEffect?: boolean;
  /** The value to show before the server answers (an optimistic update); none: not optimistic. */
  getOptimisticResponse?(snap: any, ...args: any[]): unknown;
  /** `'soft'` keeps stale data shown after this error (`Endpoint`/`RestEndpoint`: status >= 500); without it no error is soft. */
  errorPolicy?(error: any): 'soft' | 'hard' | undefined;
  /** Aborts this endpoint's requests: a GET shared with other callers is aborted once none of them still waits. Default: none. */
  readonly signal?: AbortSignal;
  /** Runs the request with an injected `fetch`, AbortSignal and headers hook (`Endpoint` and `RestEndpoint` have it); without it the endpoint is called. */
  fetchWith?(options: FetchWithOptions, ...args: any[]): Promise<unknown>;
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
    : unknown extends S
      ? Resolved<E>
      : Denormalize<S>
  : Resolved<E>;

/**
 * The endpoint's name as actions carry it: `''` for one without a name of its own (`new Endpoint(async () => ...)`,
 * whose `name` is `undefined` at run time), as JSON has no `undefined`.
 */
export function actionName(endpoint: EndpointInterface): string {
  return endpoint.name ?? '';
}
