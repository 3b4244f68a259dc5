import type { Dispatch } from '@reduxjs/toolkit';
import type { SnapshotInterface } from '../rest/Snapshot';
import type { EndpointArgs, EndpointData, EndpointInterface, KeyArgs } from './endpoint';
import type { ResponseState } from './reads';
import type { RetainableQuery, RetainQueryArgs } from './middleware/usage';
import type { SetRest } from '../rest/liveController';
import { restCache } from './createRestCache';

/** The store a controller drives: anything with `dispatch` and `getState` (a Redux store). */
export interface StoreLike {
  /** The store's `dispatch`. */
  dispatch: Dispatch;
  /** The store's `getState` (the root state). */
  getState(): unknown;
}

/**
 * Args of `getResponse`/`getError`: the endpoint's args, then the root state. `null` as the args is an inactive
 * request (Data Client's form): nothing is read from the state.
 */
type ArgsThenState<E> = [...KeyArgs<E>, unknown] | [null, unknown] | ([] extends EndpointArgs<E> ? [unknown] : never);

/** The endpoint's args then one last value (a response or an error); the args may be left out when all are optional. */
type ArgsThen<E, V> = [...EndpointArgs<E>, V] | ([] extends EndpointArgs<E> ? [V] : never);

/**
 * What `controller.resolve` records: a response, or with `error: true` the
 * error given as `response` (Data Client's form). An `error` that is itself
 * the error (`{ error: someError }`) is accepted too.
 */
export interface ResolveOptions<E> {
  /** The endpoint's arguments (they name the request). */
  args: EndpointArgs<E>;
  /** When the fetch was triggered; defaults to now. */
  fetchedAt?: number;
  /** The response, or the error when `error` is `true`. */
  response?: unknown;
  /** `true`: `response` is the error. Default `false`. */
  error?: unknown;
}

/** Options of `controller.subscribe` and of the polling hooks, given before the endpoint. */
export interface PollOptions {
  /**
   * Milliseconds between refetches for this subscriber, instead of the
   * endpoint's `pollFrequency`. Subscribers of one request share its polling:
   * the smallest positive frequency among them wins. `0` means this
   * subscriber does not poll (it still counts as a user of the data).
   * @defaultValue the endpoint's `pollFrequency`
   */
  readonly pollFrequency?: number;
}

/**
 * What `controller.set` returns: the promise Data Client's `set` returns
 * (resolved with nothing once the write is committed, rejected when nothing
 * could be stored), with `undo()` (RTK Query's `updateQueryData` returns `undo`).
 */
export interface SetPromise extends Promise<void> {
  /**
   * Puts back each entity row the set changed (the very objects stored
   * before, so views return the same references) and removes the rows it
   * created, in one `<reducerPath>/set` action with `undo: true`. A row
   * written since (a response, another `set`) keeps the newer data. Only the
   * first call acts; with nothing to put back nothing is dispatched. Resolves
   * once committed.
   */
  undo(): Promise<void>;
}

/** Imperative access to one store's cache: fetch, mutate, invalidate and read. */
export interface Controller {
  /**
   * Fetches (or mutates) through the store. Resolves with the denormalized
   * response once the store has committed it; rejects with the error once the
   * store has recorded it and rolled back the fetch's optimistic update.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointData<E>>;
  /**
   * Fetches only when the cached response is missing, invalid or stale; else resolves with it. A failure
   * with no data, recorded less than `errorExpiryLength` ago, is not fetched again: it rejects with that error.
   */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointData<E>>;
  /** Marks one request's result invalid: it counts as missing until refetched. */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: KeyArgs<E>): Promise<void>;
  /** Invalidates every stored request (and every detail read by inference) whose key `testKey` accepts. */
  invalidateAll(options: { testKey(key: string): boolean }): Promise<void>;
  /** Marks every matching result stale: still shown, refetched on next use. */
  expireAll(options: { testKey(key: string): boolean }): Promise<void>;
  /** Empties the cache; fetches in flight reject and their responses are dropped. */
  resetEntireStore(): Promise<void>;
  /** Stores a response as if `endpoint(...args)` had returned it. The last argument is the response. */
  setResponse<E extends EndpointInterface>(endpoint: E, ...rest: ArgsThen<E, unknown>): Promise<void>;
  /** Stores an error as if `endpoint(...args)` had failed with it. The last argument is the error. */
  setError<E extends EndpointInterface>(endpoint: E, ...rest: ArgsThen<E, Error>): Promise<void>;
  /** Records the outcome of a fetch done elsewhere, with its own `fetchedAt`. */
  resolve<E extends EndpointInterface>(endpoint: E, options: ResolveOptions<E>): Promise<void>;
  /**
   * `{ data, expiryStatus, expiresAt }` of a request in a given root state (the last argument). With `null` as
   * the args, as Data Client: the schema's shape with nothing filled in (`undefined` for an entity or a list;
   * an object schema's plain values as the schema has them), valid and never stale.
   */
  getResponse<E extends EndpointInterface>(endpoint: E, ...rest: ArgsThenState<E>): ResponseState<EndpointData<E>>;
  /** The error of a request in a given root state (the last argument). */
  getError<E extends EndpointInterface>(endpoint: E, ...rest: ArgsThenState<E>): Error | undefined;
  /** A read-only snapshot of a root state, as `getOptimisticResponse` receives it. */
  snapshot(state: unknown, fetchedAt?: number): SnapshotInterface;
  /**
   * The store's root state now: what `getResponse`, `getError`, `snapshot`
   * and the selectors take (`controller.getResponse(endpoint, args, controller.getState())`,
   * as in Data Client; the cache's own part is `cache.selectCacheState(state)`).
   */
  getState(): unknown;
  /** Starts polling `endpoint(...args)` at its `pollFrequency` (the smallest positive one among subscribers wins; `0` polls not at all). */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
  /**
   * Subscribes at `options.pollFrequency` instead of the endpoint's: the
   * options come first, before the endpoint, because the args are variadic.
   * End it with `unsubscribe` given the same options.
   *
   * @example
   * await controller.subscribe({ pollFrequency: 5_000 }, TodoResource.getList);
   */
  subscribe<E extends EndpointInterface>(options: PollOptions, endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
  /** Ends one subscription; polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
  /** Ends a subscription made with these options (the same `pollFrequency`). */
  unsubscribe<E extends EndpointInterface>(options: PollOptions, endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
  /**
   * Holds the result of `endpoint(...args)` in use, so garbage collection
   * keeps it (and the entities it reaches), until the returned function is
   * called. Calling the release function again does nothing.
   *
   * @example
   * const release = controller.retain(TodoResource.get, { id: 1 });
   * // ... later
   * release();
   */
  retain<E extends EndpointInterface>(endpoint: E, ...args: KeyArgs<E>): () => void;
  /**
   * Holds the read of a `schema.Query`, `schema.All` or Collection for
   * `args` in use (counted per query and args), so garbage collection keeps
   * the rows it reads, until the returned function is called (once). Such a
   * read has no request: nothing is fetched for it (focus, reconnect,
   * polling and `onSubscribe` skip it). Once released and unused for the
   * cache's `keepUnusedDataFor`, the rows it read that nothing else reaches
   * are removed by the next sweep.
   *
   * @example
   * const release = controller.retain(new schema.All(Todo));
   */
  retain<S extends RetainableQuery>(query: S, ...args: RetainQueryArgs<S>): () => void;
  /**
   * Runs a garbage collection sweep now: results unused for their
   * `keepUnusedDataFor` are removed with the entities nothing else reaches,
   * in one `<reducerPath>/gc` action. Resolves once it is done.
   */
  gc(): Promise<void>;
  /**
   * Aborts the requests of `endpoint(...args)` in flight in this store (for
   * a mutation, its params alone name it): their callers' promises reject
   * with an `AbortError` naming the endpoint and request key, their
   * optimistic updates roll back in one `<reducerPath>/abort` action each,
   * and no error is stored (the data stored before stays, and hooks do not
   * throw). A GET shared by several callers is aborted for all of them
   * (an endpoint's own `signal` aborts only the callers it belongs to).
   * Aborting what is not in flight does nothing. Resolves once rolled back.
   */
  abort<E extends EndpointInterface>(endpoint: E, ...args: KeyArgs<E>): Promise<void>;
  /**
   * Fetches the page after the last one loaded of the infinite list
   * `endpoint(...args)` (an endpoint with `getNextPageParams` or
   * `paginationField`) and appends its items to the one list stored for
   * `args` (items already listed keep their place; with `maxPages`, the first
   * page goes). Before any page is loaded it fetches the first. Resolves with
   * the whole list; past the last page (`hasNextPage` false) it fetches
   * nothing and resolves with the list as stored. Concurrent calls share one
   * request.
   *
   * @example
   * await controller.fetchNextPage(TodoResource.getList, { userId: 1 });
   */
  fetchNextPage<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointData<E>>;
  /** Like {@link Controller.fetchNextPage}, for the page before the first one loaded (`getPreviousPageParams`): its items are prepended. */
  fetchPreviousPage<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointData<E>>;
  /**
   * Writes a value into the cache without a request (Data Client's
   * `Controller.set`), as one `<reducerPath>/set` action: `schema` is an
   * Entity class, Collection, `[Todo]`, Values or any schema; the args
   * locate the value (a Collection's args pick its list); the last argument
   * is the value, or an updater `(previous) => next` that gets the stored
   * confirmed value (pending optimistic updates are recomputed over the
   * result; with nothing stored, nothing is written). The rows merge like a
   * read's response stamped now: `useIncoming` decides against newer data,
   * and a write in flight stays on top (races rule 5b). With an Invalidate
   * schema the entity is removed from lists. Rejects, storing nothing, on a
   * value the schema cannot store. The promise (resolved once committed, as
   * Data Client's) has `undo()`: see {@link SetPromise}.
   *
   * @example
   * controller.set(Todo, { id: 1 }, { id: 1, title: 'Ship it' });
   * controller.set(TodoResource.getList.schema, { userId: 1 }, todos);
   * const { undo } = controller.set(Todo, { id: 1 }, (todo) => ({ ...todo, completed: true }));
   * try { await saveElsewhere(); } catch { await undo(); }
   */
  set<S>(schema: S, ...rest: SetRest<S>): SetPromise;
  /**
   * Sends the writes kept in the outbox now, in order, one at a time (the
   * `outbox()` feature); resolves when the replay ends (each write answered,
   * or one kept because the server still cannot be reached). Rejects without
   * the feature, naming it.
   *
   * @example
   * await controller.flushOutbox();
   */
  flushOutbox(): Promise<void>;
  /**
   * Fire and forget {@link Controller.fetchIfStale} (RTK Query's `prefetch`),
   * for prefetch on hover: fetches `endpoint(...args)` when its result is
   * missing, invalid or stale (sharing a request in flight) and returns
   * nothing. It never rejects: a failure is recorded in the store as any
   * fetch's is (`getError`, hooks). Throws at once only for what no request
   * can fix: a mutation, args that name no request, an endpoint option whose
   * feature is not installed.
   *
   * @example
   * <a onMouseEnter={() => controller.prefetch(TodoResource.get, { id })}>...</a>
   */
  prefetch<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): void;
}

/** `new Controller(store?)`, Data Client's way to make a controller. */
export interface ControllerConstructor {
  new (store?: StoreLike): Controller;
  /** The controllers' shape (they are plain objects made by `cache.controller(store)`). */
  readonly prototype: Controller;
}

/** A method of a controller made without a store: it fails, naming what to do instead. */
function storeless(method: string) {
  return (): never => {
    throw new Error(
      `[rest-slice] \`controller.${method}\`: this controller was made with \`new Controller()\` and has no store. Use \`cache.controller(store)\`, or \`useController()\` in a component.`,
    );
  };
}

/** The controller of `new Controller()`, made on first use: each of its methods fails (a plain object, so `then`, `toJSON` and inspection see nothing). */
let withoutStore: Controller | undefined;

/**
 * Data Client's `new Controller({ dispatch, getState })`, for code ported from
 * it: the default cache's controller of that store (`restCache.controller(store)`,
 * the same object for the same store). Made with no store (Data Client's type
 * tests do), every method fails naming what to do instead. New code gets a
 * controller from `cache.controller(store)` or `useController()`.
 */
export const Controller = function Controller(store?: StoreLike): Controller {
  if (store !== undefined) return restCache.controller(store);
  if (withoutStore !== undefined) return withoutStore;
  // Every method listed: the type names a missing one.
  const methods: { [M in keyof Controller]: () => never } = {
    abort: storeless('abort'),
    expireAll: storeless('expireAll'),
    fetch: storeless('fetch'),
    fetchIfStale: storeless('fetchIfStale'),
    fetchNextPage: storeless('fetchNextPage'),
    fetchPreviousPage: storeless('fetchPreviousPage'),
    flushOutbox: storeless('flushOutbox'),
    gc: storeless('gc'),
    getError: storeless('getError'),
    getResponse: storeless('getResponse'),
    getState: storeless('getState'),
    invalidate: storeless('invalidate'),
    invalidateAll: storeless('invalidateAll'),
    prefetch: storeless('prefetch'),
    resetEntireStore: storeless('resetEntireStore'),
    resolve: storeless('resolve'),
    retain: storeless('retain'),
    set: storeless('set'),
    setError: storeless('setError'),
    setResponse: storeless('setResponse'),
    snapshot: storeless('snapshot'),
    subscribe: storeless('subscribe'),
    unsubscribe: storeless('unsubscribe'),
  };
  withoutStore = methods;
  return methods;
} as unknown as ControllerConstructor;
