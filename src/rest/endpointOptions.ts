/** The options a RestEndpoint is built from, and the generics bag they are typed by. */
import type { FetchImplementation } from './Endpoint';
import type { RestEndpoint } from './RestEndpoint';
import type { CacheOptions } from './cacheOptions';
import type { LiveController, SubscribeResult } from './liveController';
import type { SnapshotInterface } from './Snapshot';
import type { HookArgsOf, ParamsOf, RestGenerics, ResultOf } from './types';

/** What `fetchWith` injects for one call: a `fetch` implementation, an `AbortSignal` and a last word on the headers. */
export interface FetchWithOptions {
  /**
   * The `fetch` this call uses instead of the global one.
   * @defaultValue the global `fetch`
   */
  fetch?: FetchImplementation;
  /**
   * Aborts this call; combined with the endpoint's own `signal` when it has one.
   * @defaultValue none (only the endpoint's `signal`, if any)
   */
  signal?: AbortSignal;
  /**
   * Gets the headers a RestEndpoint made for this call (after `getRequestInit`
   * and `getHeaders`) and returns those to send; a throw fails the call before
   * anything is sent. The store passes the `prepareHeaders()` feature's here.
   * @defaultValue none (the headers as the endpoint made them)
   */
  prepareHeaders?: (headers: HeadersInit | undefined) => HeadersInit | undefined | Promise<HeadersInit | undefined>;
}

/** Options of a RestEndpoint besides the typed generics (`path`, `schema`, `method`, `body`, `searchParams`, `paginationField`). */
export interface RestEndpointExtraOptions<O extends RestGenerics = RestGenerics> extends CacheOptions {
  /**
   * Prepended to `path` to make the URL, e.g. `https://api.example.com`.
   * @defaultValue `''`
   */
  urlPrefix?: string;
  /**
   * Names the endpoint in actions, devtools and error messages.
   * @defaultValue `` `${urlPrefix}${path}` `` (as Data Client)
   */
  name?: string;
  /**
   * Whether the endpoint is a mutation (its results are not cached as reads);
   * `sideEffect: true` without a `method` makes a POST.
   * @defaultValue `true` when `method` is other than GET and HEAD, else `undefined` (a read)
   */
  sideEffect?: boolean;
  /**
   * Aborts every request of this endpoint (combined with the signal the store
   * or `fetchWith` passes).
   * @defaultValue none
   */
  signal?: AbortSignal;
  /**
   * Makes the list an infinite list (its schema holds a Collection): the
   * params of the page after `lastResponse` (the value the endpoint returned
   * for `params`, after `parseResponse` and `process`: read a `Link` header in
   * `parseResponse` to use one), or `undefined`/`null` when it is the last.
   * Used by `controller.fetchNextPage`, `hasNextPage` and the refetch of a
   * list with several pages loaded.
   * @defaultValue none; with `paginationField` (and no `getPreviousPageParams`),
   * the params with the page number plus 1 while the last page had items
   */
  getNextPageParams?(this: RestEndpoint<O>, lastResponse: NoInfer<ResultOf<O>>, params: NoInfer<ParamsOf<O>>): NextParams<O>;
  /**
   * Like `getNextPageParams`, for the page before `firstResponse`
   * (`controller.fetchPreviousPage` prepends it).
   * @defaultValue none; with `paginationField` (and no `getNextPageParams`),
   * the params with the page number minus 1 while that is at least 1
   */
  getPreviousPageParams?(this: RestEndpoint<O>, firstResponse: NoInfer<ResultOf<O>>, params: NoInfer<ParamsOf<O>>): NextParams<O>;
  /**
   * An infinite list keeps at most this many pages (a whole number >= 1):
   * loading one more drops the page at the other end and its items.
   * @defaultValue `Infinity` (no limit)
   */
  maxPages?: number;
  /**
   * The value to put in the cache before the server answers (read the cache
   * through `snap`); throw `AbortOptimistic` to skip the optimistic update.
   * It is rolled back if the request fails.
   * @defaultValue none (the endpoint is not optimistic)
   */
  getOptimisticResponse?(this: RestEndpoint<O>, snap: SnapshotInterface, ...args: HookArgsOf<O>): unknown;
  /**
   * Starts a live subscription (WebSocket, `EventSource`) when the request key
   * gets its first user (a mounted hook, `controller.subscribe`,
   * `controller.retain`); the cleanup it returns runs when the last user
   * leaves. Writes events with `controller.set`/`setResponse`.
   * @defaultValue none (no live subscription)
   */
  onSubscribe?(this: RestEndpoint<O>, controller: LiveController, ...args: HookArgsOf<O>): SubscribeResult;
  /**
   * Replaces how the URL is built from the call's arguments; the request key
   * follows it (`key` is `` `${method} ${url}` ``).
   * @defaultValue `urlPrefix` and `path` filled with the params; the other params as search params
   */
  url?(this: RestEndpoint<O>, ...args: NotInferred<HookArgsOf<O>>): string;
  /**
   * Writes the search params (the params that are not path arguments, `undefined` and `null`
   * members left out) as the URL's query string, without the `?`; the request key follows it.
   * For a server that reads another format (`ids[]=1&ids[]=2`, `filter[status]=open`).
   * @defaultValue names sorted, one entry per array item, URL-encoded (`a=1&b=2&b=3`)
   */
  searchToString?(this: RestEndpoint<O>, searchParams: Readonly<Record<string, unknown>>): string;
  /**
   * Replaces the request key: calls with the same key share one cache entry
   * and one request in flight.
   * @defaultValue `` `${method} ${url(...args)}` ``
   */
  key?(this: RestEndpoint<O>, ...args: NotInferred<HookArgsOf<O>>): string;
  /**
   * Data of the app's own carried by the endpoint (as Data Client's
   * `extra`); rest-slice never reads it.
   * @defaultValue none
   */
  extra?: unknown;
  /**
   * Init every request of the endpoint starts from (`credentials`, `mode`,
   * `cache`, headers, ...). The endpoint's method, signal and body win over
   * it; its headers are kept, over the default `Content-Type`, and passed to
   * `getHeaders`.
   * @defaultValue none
   */
  requestInit?: RequestInit;
  /**
   * Builds the `fetch` init from the call's body.
   * @defaultValue `requestInit` with `{ method, signal, body }`: plain data as JSON with
   * `Content-Type: application/json`, strings, `FormData`, `Blob`, binary and
   * streams as they are, no body for GET and HEAD; then headers from `getHeaders`
   */
  getRequestInit?(this: RestEndpoint<O>, body?: unknown): Promise<RequestInit> | RequestInit;
  /**
   * Adjusts the request headers, e.g. adds an `Authorization` header (may be async).
   * @defaultValue returns `headers` unchanged
   */
  getHeaders?(this: RestEndpoint<O>, headers: Record<string, string>): Promise<HeadersInit> | HeadersInit;
  /**
   * Replaces what the endpoint runs when called, by `fetchWith` or by the store.
   * @defaultValue `url`, `getRequestInit`, `fetchResponse`, `parseResponse`, then `process`
   */
  fetch?(this: RestEndpoint<O>, ...args: any[]): Promise<any>;
  /**
   * Sends the request and returns the `Response`.
   * @defaultValue the global `fetch` (or the one injected by `fetchWith` or
   * the cache's `fetch` option); throws `NetworkError` for a non-2xx status and an
   * error with `status: 500` naming method and URL when the server cannot be reached
   */
  fetchResponse?(this: RestEndpoint<O>, input: string, init: RequestInit): Promise<Response>;
  /**
   * Reads the response body.
   * @defaultValue `null` for a 204 or an empty body; JSON when the content type
   * says so; otherwise the text, or its JSON when the schema needs data (an
   * error naming method and URL when it is not JSON)
   */
  parseResponse?(this: RestEndpoint<O>, response: Response): Promise<unknown>;
  /**
   * Transforms the parsed body (with the call's arguments) before it is
   * returned or normalized.
   * @defaultValue identity (returns `value`)
   */
  process?(this: RestEndpoint<O>, value: any, ...args: HookArgsOf<O>): any;
  /**
   * Whether an error keeps the stale data shown (`'soft'`) or replaces it
   * (`'hard'` or `undefined`, as in Data Client: hooks throw it).
   * @defaultValue `'soft'` when `error.status >= 500`, else `undefined`
   */
  errorPolicy?(this: RestEndpoint<O>, error: Error & { status?: number }): 'soft' | 'hard' | undefined;
}

/** The tuple `T`, its elements not used to infer the endpoint's generics (a `url` override's params must not decide the path's). */
type NotInferred<T extends readonly unknown[]> = { [K in keyof T]: NoInfer<T[K]> };

/** What `getNextPageParams`/`getPreviousPageParams` return: the params of that page (the list's params and a cursor), or `undefined`/`null` when there is none. */
export type NextParams<O extends RestGenerics> = (ParamsOf<O> & Record<string, unknown>) | undefined | null;

/** Everything `new RestEndpoint(options)` accepts, for endpoint generics `O`. */
export type RestEndpointOptions<O extends RestGenerics = RestGenerics> = Readonly<O> & RestEndpointExtraOptions<O>;

/** The generics bag built from separately inferred option types (`unknown` means "not given"). */
export interface Generics<P extends string, S, M extends string, B, SP, PF extends string | undefined, R = unknown> {
  /** The path pattern, e.g. `'/todos/:id'`. */
  readonly path: P;
  /** The response's schema (`unknown`: none). */
  readonly schema: S;
  /** The HTTP method, e.g. `'GET'`. */
  readonly method: M;
  /** The type of the body a call takes (`unknown`: none). */
  readonly body: B;
  /** The type of the extra search params (`unknown`: none). */
  readonly searchParams: SP;
  /** The search param that selects a page (`undefined`: none). */
  readonly paginationField: PF;
  /** What `process` returns, which calling the endpoint then resolves (`unknown`: not set; the schema's type). */
  readonly process?: (value: any, ...args: any[]) => R;
}

/** Options with each typed member inferred on its own, so methods in the same object literal get typed arguments. */
export type InferredOptions<P extends string, S, M extends string, B, SP, PF extends string | undefined, R = unknown> = {
  /** The path pattern: `:name` arguments, `:name?` optional ones, `\\` escapes. Required. */
  readonly path: P;
  /**
   * The schema the response is normalized by (an Entity, a Collection, `[Todo]`, ...).
   * @defaultValue none (the body is returned as it is, not normalized)
   */
  readonly schema?: S;
  /**
   * The HTTP method.
   * @defaultValue `'POST'` when `sideEffect` is `true`, else `'GET'`
   */
  readonly method?: M;
  /**
   * Only types the body a call takes (`body: {} as Partial<Todo>`); `body: undefined` declares a mutation without one.
   * @defaultValue `object` for POST, PUT and PATCH; GET, HEAD and DELETE take no body
   */
  readonly body?: B;
  /**
   * Only types the extra search params (`searchParams: {} as { userId?: number }`).
   * @defaultValue none (params not in the path are still sent as search params)
   */
  readonly searchParams?: SP;
  /**
   * The search param that selects a page; enables `getPage` and makes the list an infinite list.
   * @defaultValue none
   */
  readonly paginationField?: PF;
  /**
   * Transforms the parsed body (with the call's arguments) before it is
   * returned or normalized. Its declared return type is what calling the
   * endpoint resolves (`process(value): Todo`), and the data of an endpoint
   * with no schema, as in Data Client.
   * @defaultValue identity (returns `value`)
   */
  process?(this: RestEndpoint<Generics<P, S, M, B, SP, PF, R>>, value: any, ...args: HookArgsOf<Generics<P, S, M, B, SP, PF, R>>): R;
} & Omit<RestEndpointExtraOptions<Generics<P, S, M, B, SP, PF, R>>, 'process'>;

/** Like {@link InferredOptions} with every member optional, for `extend()`. */
export type ExtendOptions<P extends string, S, M extends string, B, SP, PF extends string | undefined, R = unknown> = Partial<
  InferredOptions<P, S, M, B, SP, PF, R>
>;
