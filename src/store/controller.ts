import type { Dispatch } from '@reduxjs/toolkit';
import { ExpiryStatus } from '../rest/ExpiryStatus';
import type { SnapshotInterface } from '../rest/Snapshot';
import type { DispatchFetch } from './dispatchFetch';
import type { EndpointArgs, EndpointData, EndpointInterface, KeyArgs } from './endpoint';
import type { RequestHandoff } from './handoff';
import type { ResolvedOptions } from './options';
import type { Outcome, OutcomeBase } from './outcome';
import type { Reads, ResponseState } from './reads';
import type { EndpointRegistry } from './registry';
import type { RestCacheSelectors } from './selectors';
import { serializeArgs } from './serialize';
import type { RestCacheActions } from './slice';
import type { RetainableQuery, RetainQueryArgs, StoreRuntimes } from './middleware/usage';
import { createSnapshot } from './snapshot';
import { pageRequestOf, type PageDirection } from './pagination';
import { getOwn } from '../schema/own';
import { Collection } from '../schema/Collection';
import { isQuerySchema } from '../schema/Query';
import { runSet } from './set';
import type { SetRest } from '../rest/liveController';
import { warnOnce } from './warnOnce';

/** The store a controller drives: anything with `dispatch` and `getState` (a Redux store). */
export interface StoreLike {
  /** The store's `dispatch`. */
  dispatch: Dispatch;
  /** The store's `getState` (the root state). */
  getState(): unknown;
}

/** Args of `getResponse`/`getError`: the endpoint's args, then the root state. */
type ArgsThenState<E> = [...KeyArgs<E>, unknown] | ([] extends EndpointArgs<E> ? [unknown] : never);

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

/** Imperative access to one store's cache: fetch, mutate, invalidate and read. */
export interface Controller {
  /**
   * Fetches (or mutates) through the store. Resolves with the denormalized
   * response once the store has committed it; rejects with the error once the
   * store has recorded it and rolled back the fetch's optimistic update.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointData<E>>;
  /** Fetches only when the cached response is missing, invalid or stale; else resolves with it. */
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
  /** `{ data, expiryStatus, expiresAt }` of a request in a given root state (the last argument). */
  getResponse<E extends EndpointInterface>(endpoint: E, ...rest: ArgsThenState<E>): ResponseState<EndpointData<E>>;
  /** The error of a request in a given root state (the last argument). */
  getError<E extends EndpointInterface>(endpoint: E, ...rest: ArgsThenState<E>): Error | undefined;
  /** A read-only snapshot of a root state, as `getOptimisticResponse` receives it. */
  snapshot(state: unknown, fetchedAt?: number): SnapshotInterface;
  /** Starts polling `endpoint(...args)` at its `pollFrequency` (the smallest among subscribers). */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
  /** Ends one subscription; polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
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
   * and a write in flight stays on top (API.md races 5b). With an Invalidate
   * schema the entity is removed from lists. Rejects, storing nothing, on a
   * value the schema cannot store.
   *
   * @example
   * controller.set(Todo, { id: 1 }, { id: 1, title: 'Ship it' });
   * controller.set(Todo, { id: 1 }, (todo) => ({ ...todo, completed: true }));
   * controller.set(TodoResource.getList.schema, { userId: 1 }, todos);
   */
  set<S>(schema: S, ...rest: SetRest<S>): Promise<void>;
}

/** What a controller needs from the cache. */
export interface ControllerInput {
  readonly options: Pick<ResolvedOptions, 'reducerPath' | 'now' | 'dataExpiryLength'>;
  readonly actions: RestCacheActions;
  readonly registry: Pick<EndpointRegistry, 'register'>;
  readonly handoff: Pick<RequestHandoff, 'pending' | 'nextRequestId' | 'storesWithMiddleware' | 'aborts'>;
  readonly selectors: Pick<RestCacheSelectors, 'selectSlice' | 'selectView'>;
  readonly reads: Reads;
  readonly outcome: Outcome;
  readonly dispatchFetch: DispatchFetch;
  /** The middleware's runtime of each store (in-use registry, gc). */
  readonly runtimes: StoreRuntimes;
}

/** Builds the controller of one store. */
export function createController(input: ControllerInput, store: StoreLike): Controller {
  const { actions, options, selectors, reads, outcome, registry, handoff } = input;
  const { reducerPath } = options;
  const dispatchFetch = (endpoint: EndpointInterface, args: readonly unknown[]) => input.dispatchFetch(store.dispatch, endpoint, args);

  if (!handoff.storesWithMiddleware.has(store.getState)) {
    warnOnce(
      `[rest-slice] the middleware of the cache at \`${reducerPath}\` has not been added to this store: ` +
        'add it with `middleware: (getDefault) => getDefault().concat(cache.middleware)`.',
    );
  }
  // Warns once when the reducer is not mounted.
  selectors.selectSlice(store.getState());

  function splitState(rest: readonly unknown[]): [unknown[], unknown] {
    return [rest.slice(0, -1), rest[rest.length - 1]];
  }

  function record(endpoint: EndpointInterface, args: readonly unknown[], fetchedAt: number, given: { response: unknown } | { error: unknown }) {
    registry.register(endpoint);
    const base: OutcomeBase = {
      endpoint: endpoint.name,
      key: endpoint.key(...args),
      args: serializeArgs(args),
      fetchedAt,
      date: options.now(),
    };
    if ('response' in given) {
      try {
        outcome.recordResponse(store.dispatch, endpoint, base, args, given.response, selectors.selectSlice(store.getState()));
      } catch (error) {
        // Recorded as the request's error, and thrown to the caller: the store's entities are untouched.
        outcome.recordError(store.dispatch, endpoint, base, error);
        throw error;
      }
      return;
    }
    outcome.recordError(store.dispatch, endpoint, base, given.error);
  }

  /** Stored keys, and keys read by inference (a detail a list brought), that `matcher.testKey` accepts. */
  function keysMatching(matcher: { testKey(key: string): boolean }): string[] {
    const slice = selectors.selectSlice(store.getState());
    const keys = new Set(Object.keys(slice.meta));
    for (const key of reads.inferredKeys()) keys.add(key);
    // Called as a method: an endpoint's `testKey` may use `this`.
    return [...keys].filter((key) => matcher.testKey(key));
  }

  function subscription(type: 'subscribe' | 'unsubscribe', endpoint: EndpointInterface, args: readonly unknown[]): Promise<void> {
    registry.register(endpoint);
    const requestId = handoff.nextRequestId();
    const done = new Promise<void>((resolve, reject) => {
      handoff.pending.set(requestId, { endpoint, args, resolve: () => resolve(), reject });
    });
    const payload = { endpoint: endpoint.name, key: endpoint.key(...args), args: serializeArgs(args) };
    store.dispatch(actions[type](payload, { requestId }));
    if (handoff.pending.delete(requestId)) {
      warnOnce(`[rest-slice] \`controller.${type}\` found no middleware of the cache at \`${reducerPath}\` in this store.`);
      return Promise.resolve();
    }
    return done;
  }

  function fetchPage(direction: PageDirection, endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
    let request: ReturnType<typeof pageRequestOf>;
    try {
      const pages = selectors.selectSlice(store.getState()).pages;
      request = pageRequestOf(endpoint, args, pages === undefined ? undefined : getOwn(pages, endpoint.key(...args)), direction);
    } catch (error) {
      return Promise.reject(error);
    }
    if (request === undefined) return Promise.resolve(reads.responseOf(selectors.selectView(store.getState()), endpoint, args).data);
    return dispatchFetch(request.endpoint, request.args);
  }

  const controller: Controller = {
    fetchNextPage: (endpoint, ...args) => fetchPage('next', endpoint, args) as Promise<never>,

    fetchPreviousPage: (endpoint, ...args) => fetchPage('previous', endpoint, args) as Promise<never>,

    fetch: (endpoint, ...args) => dispatchFetch(endpoint, args) as Promise<never>,

    fetchIfStale: (endpoint, ...args) => {
      const response = reads.responseOf(selectors.selectView(store.getState()), endpoint, args);
      if (response.expiryStatus !== ExpiryStatus.Invalid && response.expiresAt >= options.now()) {
        return Promise.resolve(response.data as never);
      }
      return dispatchFetch(endpoint, args) as Promise<never>;
    },

    invalidate: async (endpoint, ...args) => {
      store.dispatch(actions.invalidate({ keys: [endpoint.key(...args)] }));
    },

    invalidateAll: async (matcher) => {
      store.dispatch(actions.invalidateAll({ keys: keysMatching(matcher) }));
    },

    expireAll: async (matcher) => {
      store.dispatch(actions.expireAll({ keys: keysMatching(matcher) }));
    },

    resetEntireStore: async () => {
      store.dispatch(actions.reset({ date: options.now() }));
    },

    setResponse: async (endpoint, ...rest) => {
      const [args, response] = splitState(rest);
      record(endpoint, args, options.now(), { response });
    },

    setError: async (endpoint, ...rest) => {
      const [args, error] = splitState(rest);
      record(endpoint, args, options.now(), { error });
    },

    resolve: async (endpoint, { args, fetchedAt, response, error }) => {
      const at = fetchedAt ?? options.now();
      if (error === true) record(endpoint, args, at, { error: response });
      else if (error !== undefined && error !== false) record(endpoint, args, at, { error });
      else record(endpoint, args, at, { response });
    },

    getResponse: (endpoint, ...rest) => {
      const [args, state] = splitState(rest);
      return reads.responseOf(selectors.selectView(state), endpoint, args) as never;
    },

    getError: (endpoint, ...rest) => {
      const [args, state] = splitState(rest);
      return reads.errorOf(selectors.selectView(state), endpoint, args);
    },

    snapshot: (state, fetchedAt = options.now()) => createSnapshot(reads, selectors.selectView(state), fetchedAt),

    subscribe: (endpoint, ...args) => subscription('subscribe', endpoint, args),

    unsubscribe: (endpoint, ...args) => subscription('unsubscribe', endpoint, args),

    retain: (target: EndpointInterface | RetainableQuery, ...args: readonly unknown[]) => {
      const runtime = input.runtimes.get(store.getState);
      if (runtime === undefined) {
        warnOnce(`[rest-slice] \`controller.retain\` found no middleware of the cache at \`${reducerPath}\` in this store.`);
        return () => undefined;
      }
      if (isQuerySchema(target) || target instanceof Collection) return runtime.usage.retainQuery(target as RetainableQuery, args);
      registry.register(target as EndpointInterface);
      return runtime.usage.retain(target as EndpointInterface, args);
    },

    gc: async () => {
      input.runtimes.get(store.getState)?.gc();
    },

    abort: async (endpoint, ...args) => {
      handoff.aborts.get(store.getState)?.(endpoint.name, endpoint.key(...args));
    },

    set: async (schema, ...rest) => {
      runSet({ actions, now: options.now, dataExpiryLength: options.dataExpiryLength, selectSlice: selectors.selectSlice }, store, schema, rest);
    },
  };
  return controller;
}
