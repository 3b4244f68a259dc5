/** The options a RestEndpoint is built from, and the generics bag they are typed by. */
import type { RestEndpoint } from './RestEndpoint';
import type { CacheOptions } from './cacheOptions';
import type { LiveController, SubscribeResult } from './liveController';
import type { SnapshotInterface } from './Snapshot';
import type { ArgsOf, ParamsOf, RestGenerics, ResultOf } from './types';

/** What `fetchWith` injects: a `fetch` implementation and an `AbortSignal`. Default: the global `fetch`, no signal. */
export interface FetchWithOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Options of a RestEndpoint besides the typed generics (`path`, `schema`, `method`, `body`, `searchParams`, `paginationField`). */
export interface RestEndpointExtraOptions<O extends RestGenerics = RestGenerics> extends CacheOptions {
  /** Prepended to `path`: `https://api.example.com`. Default: `''`. */
  urlPrefix?: string;
  /** Names the endpoint in actions and devtools. Default: `` `${method} ${urlPrefix}${path}` ``. */
  name?: string;
  /** Whether the endpoint is a mutation. Default: true for every method but GET and HEAD. */
  sideEffect?: boolean;
  /** Aborts every request of this endpoint. Default: none. */
  signal?: AbortSignal;
  /**
   * Makes the list an infinite list (its schema holds a Collection): the
   * params of the page after `lastResponse` (the value the endpoint returned
   * for `params`, after `parseResponse` and `process`: read a `Link` header in
   * `parseResponse` to use one), or `undefined`/`null` when it is the last.
   * Used by `controller.fetchNextPage`, `hasNextPage` and the refetch of a
   * list with several pages loaded. Default: none (with `paginationField`,
   * the next page number while the last page had items).
   */
  getNextPageParams?(this: RestEndpoint<O>, lastResponse: ResultOf<O>, params: ParamsOf<O>): NextParams<O>;
  /** Like `getNextPageParams`, for the page before `firstResponse` (`fetchPreviousPage` prepends it). Default: none (with `paginationField`, the page number before while it is >= 1). */
  getPreviousPageParams?(this: RestEndpoint<O>, firstResponse: ResultOf<O>, params: ParamsOf<O>): NextParams<O>;
  /** An infinite list keeps at most this many pages: loading one more drops the page at the other end and its items. Default: `Infinity`. */
  maxPages?: number;
  /** The value to put in the cache before the server answers; throw `AbortOptimistic` to skip. Default: none (not optimistic). */
  getOptimisticResponse?(this: RestEndpoint<O>, snap: SnapshotInterface, ...args: ArgsOf<O>): unknown;
  /**
   * Starts a live subscription (WebSocket, `EventSource`) when the request key
   * gets its first user (a mounted hook, `controller.subscribe`,
   * `controller.retain`); the cleanup it returns runs when the last user
   * leaves. Writes events with `controller.set`/`setResponse`. Default: none.
   */
  onSubscribe?(this: RestEndpoint<O>, controller: LiveController, ...args: ArgsOf<O>): SubscribeResult;
  /** Builds the `fetch` init from the body. Default: method, signal, JSON body with `Content-Type: application/json`. */
  getRequestInit?(this: RestEndpoint<O>, body?: unknown): Promise<RequestInit> | RequestInit;
  /** Adjusts the request headers (e.g. adds auth). Default: returns them unchanged. */
  getHeaders?(this: RestEndpoint<O>, headers: Record<string, string>): Promise<HeadersInit> | HeadersInit;
  /** Replaces what the endpoint runs when called or fetched by the store. Default: `url`, `getRequestInit`, `fetchResponse`, `parseResponse`, `process`. */
  fetch?(this: RestEndpoint<O>, ...args: any[]): Promise<any>;
  /** Runs the request. Default: `fetch`, throwing `NetworkError` for a non-2xx status. */
  fetchResponse?(this: RestEndpoint<O>, input: string, init: RequestInit): Promise<Response>;
  /** Reads the body. Default: JSON by content type; `null` for 204 or an empty body. */
  parseResponse?(this: RestEndpoint<O>, response: Response): Promise<unknown>;
  /** Transforms the parsed body before it is returned or normalized. Default: identity. */
  process?(this: RestEndpoint<O>, value: any, ...args: ArgsOf<O>): any;
  /** Decides whether an error keeps stale data shown (`'soft'`). Default: `'soft'` for status >= 500. */
  errorPolicy?(this: RestEndpoint<O>, error: Error & { status?: number }): 'soft' | undefined;
}

/** What `getNextPageParams`/`getPreviousPageParams` return: the params of that page (the list's params and a cursor), or `undefined`/`null` when there is none. */
export type NextParams<O extends RestGenerics> = (ParamsOf<O> & Record<string, unknown>) | undefined | null;

/** Everything `new RestEndpoint(options)` accepts, for endpoint generics `O`. */
export type RestEndpointOptions<O extends RestGenerics = RestGenerics> = O & RestEndpointExtraOptions<O>;

/** The generics bag built from separately inferred option types (`unknown` means "not given"). */
export interface Generics<P extends string, S, M extends string, B, SP, PF extends string | undefined> {
  readonly path: P;
  readonly schema: S;
  readonly method: M;
  readonly body: B;
  readonly searchParams: SP;
  readonly paginationField: PF;
}

/** Options with each typed member inferred on its own, so methods in the same object literal get typed arguments. */
export type InferredOptions<P extends string, S, M extends string, B, SP, PF extends string | undefined> = {
  readonly path: P;
  readonly schema?: S;
  readonly method?: M;
  readonly body?: B;
  readonly searchParams?: SP;
  readonly paginationField?: PF;
} & RestEndpointExtraOptions<Generics<P, S, M, B, SP, PF>>;

/** Like {@link InferredOptions} with every member optional, for `extend()`. */
export type ExtendOptions<P extends string, S, M extends string, B, SP, PF extends string | undefined> = Partial<
  InferredOptions<P, S, M, B, SP, PF>
>;
