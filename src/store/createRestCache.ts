import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { MemoCache } from '../schema/MemoCache';
import type { CacheContext, ResolvedOptions } from './context';
import { createController, createSnapshot, type Controller, type StoreLike } from './controller';
import { createRestMiddleware } from './middleware';
import { createRegistry } from './registry';
import { createSelectors, type RestCacheSelectors } from './selectors';
import { createRestSlice, type RestSlice } from './slice';
import type { RestCacheState } from './state';
import { createViewCache } from './view';

/** Options of {@link createRestCache}. */
export interface RestCacheOptions<P extends string = string> {
  /** Where the reducer is mounted, and the prefix of the action types. Default `'rest'`. */
  reducerPath?: P;
  /** The `fetch` the middleware's requests use. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock that stamps `fetchedAt`, `date` and `expiresAt` (ms). Default `Date.now`. */
  now?: () => number;
  /** How long data stays fresh, unless the endpoint says otherwise (ms). Default 60 000. */
  dataExpiryLength?: number;
  /** How long an error stays fresh, unless the endpoint says otherwise (ms). Default 1 000. */
  errorExpiryLength?: number;
}

/** One cache instance: mount its reducer and middleware in a store, then use its controller and selectors. */
export interface RestCache<P extends string = string>
  extends Omit<RestCacheSelectors, 'selectSlice' | 'selectView' | 'responseOf' | 'errorOf' | 'entityOf' | 'inferredKeys'> {
  /** Where the reducer is mounted; a literal type, so `{ [cache.reducerPath]: cache.reducer }` types well beside other slices. */
  readonly reducerPath: P;
  readonly reducer: Reducer<RestCacheState>;
  /** The slice made with `createSlice` (works with `combineSlices`). */
  readonly slice: RestSlice;
  /** The action creators (`rest/fetch`, `rest/setResponse`, ...). */
  readonly actions: RestSlice['actions'];
  readonly middleware: Middleware;
  /** The clock of this cache (the `now` option; default `Date.now`): it stamps `expiresAt`, and the hooks judge staleness by it. */
  readonly now: () => number;
  /** The controller of a store that has this cache's reducer and middleware. */
  controller(store: StoreLike): Controller;
  /** This cache's slice of a root state. */
  selectCacheState(rootState: unknown): RestCacheState;
}

/**
 * Makes a cache instance. One instance can serve several stores (tests,
 * server rendering): in-flight requests are tracked per store.
 *
 * @example
 * const cache = createRestCache({ reducerPath: 'api' });
 * const store = configureStore({
 *   reducer: { [cache.reducerPath]: cache.reducer },
 *   middleware: (getDefault) => getDefault().concat(cache.middleware),
 * });
 */
export function createRestCache<P extends string = 'rest'>(options: RestCacheOptions<P> = {}): RestCache<P> {
  const resolved: ResolvedOptions = {
    reducerPath: options.reducerPath ?? 'rest',
    fetch: options.fetch,
    now: options.now ?? Date.now,
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
  };
  const slice = createRestSlice(resolved.reducerPath);
  const memo = new MemoCache();
  const registry = createRegistry();
  const active: CacheContext['active'] = new Map();
  let requestCounter = 0;

  // The context is filled in two steps: selectors need the view cache, which needs snapshots of the context.
  const context = {
    options: resolved,
    actions: slice.actions,
    memo,
    registry: registry.endpoints,
    pending: new Map(),
    active,
    storesWithMiddleware: new WeakSet(),
    errorObjects: new WeakMap(),
    nextRequestId: () => `${resolved.reducerPath}:${++requestCounter}`,
    register: registry.register,
    createSnapshot: (view, fetchedAt) => createSnapshot(context, view, fetchedAt),
  } as Omit<CacheContext, 'selectors'> as CacheContext;

  const viewOf = createViewCache({
    resolveEndpoint: (entry) => {
      const inFlight = entry.requestId !== undefined ? active.get(entry.requestId) : undefined;
      if (inFlight !== undefined) return inFlight;
      const endpoint = registry.endpoints.get(entry.endpoint);
      return endpoint === undefined ? undefined : { endpoint, args: entry.args };
    },
    createSnapshot: (view, fetchedAt) => context.createSnapshot(view, fetchedAt),
  });
  const selectors = createSelectors({ reducerPath: resolved.reducerPath, memo, viewOf, errorObjects: context.errorObjects });
  (context as { selectors: RestCacheSelectors }).selectors = selectors;

  return {
    reducerPath: resolved.reducerPath as P,
    reducer: slice.reducer,
    slice,
    actions: slice.actions,
    middleware: createRestMiddleware(context),
    now: resolved.now,
    controller: (store) => createController(context, store),
    selectCacheState: selectors.selectSlice,
    selectEntity: selectors.selectEntity,
    selectEntities: selectors.selectEntities,
    selectQuery: selectors.selectQuery,
    selectResponse: selectors.selectResponse,
    selectError: selectors.selectError,
    selectIsLoading: selectors.selectIsLoading,
  };
}

/** The default cache instance, mounted at `rest`. */
export const restCache: RestCache<'rest'> = createRestCache();
