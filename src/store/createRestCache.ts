import type { Middleware, Reducer } from '@reduxjs/toolkit';
import type { Controller, StoreLike } from './controller';
import { createController } from './createController';
import { dispatchFetch } from './dispatchFetch';
import { createRequestHandoff } from './handoff';
import { createRestMiddleware } from './middleware/index';
import type { StoreRuntimes } from './middleware/usage';
import { resolveOptions, type RestCacheOptions } from './options';
import { otherResults } from './otherResults';
import { responseCopies } from './responseCopies';
import { createReads } from './reads';
import { createRegistry } from './registry';
import { createSelectors, type RestCacheSelectors } from './selectors';
import { createRestSlice, type RestSlice } from './slice';
import type { RestCacheState } from './state';
import { createViewCache } from './view';
import { createStoreMemos } from './storeMemos';
import type { FeatureCache, FeatureStore, RestFeature } from './feature';
import type { Usage } from './middleware/usage';
import type { EntityLikeSchema } from '../schema/types';

export type { RestCacheOptions };

/** One cache instance: mount its reducer and middleware in a store, then use its controller and selectors. */
export interface RestCache<P extends string = string>
  extends Omit<RestCacheSelectors, 'selectSlice' | 'selectView'> {
  /** Where the reducer is mounted; a literal type, so `{ [cache.reducerPath]: cache.reducer }` types well beside other slices. */
  readonly reducerPath: P;
  /** The reducer to mount at `reducerPath` (`{ [cache.reducerPath]: cache.reducer }`). */
  readonly reducer: Reducer<RestCacheState>;
  /** The slice made with `createSlice` (works with `combineSlices`, which keys its state by `reducerPath`). */
  readonly slice: RestSlice<P>;
  /** The action creators (`rest/fetch`, `rest/setResponse`, ...). */
  readonly actions: RestSlice['actions'];
  /** The middleware that runs requests, optimistic updates, polling and garbage collection; add it with `.concat(cache.middleware)`. */
  readonly middleware: Middleware;
  /** The clock of this cache (the `now` option; default `Date.now`): it stamps `expiresAt`, and the hooks judge staleness by it. */
  readonly now: () => number;
  /** The controller of a store that has this cache's reducer and middleware: the same object for the same store. */
  controller(store: StoreLike): Controller;
  /** The features installed (the `features` option), in order. */
  readonly features: readonly RestFeature[];
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
  const resolved = resolveOptions(options);
  const { features, reducerPath, now } = resolved;
  const slice = createRestSlice(reducerPath, features);
  const { actions } = slice;
  const registry = createRegistry();
  const handoff = createRequestHandoff(reducerPath);
  const runtimes: StoreRuntimes = new WeakMap();
  // The parts are built in dependency order. Each builder takes its part of one growing record (its
  // input type names what it uses): the resolved options, then each part once made.
  const base = {
    ...resolved,
    options: resolved,
    actions,
    registry,
    handoff,
    // `memoOf` for every read, `newStoreMemo` for each store's middleware.
    ...createStoreMemos(),
    errorObjects: new WeakMap<object, Error>(),
    runtimes,
    has: (name: string) => features.some((feature) => feature.name === name),
    responseCopies: responseCopies(actions),
    otherResults: otherResults(features),
  };
  const reads = createReads(base);
  const viewOf = createViewCache({ registry, handoff, reads, otherResults: base.otherResults });
  const withReads = { ...base, reads, viewOf };
  const selectors = createSelectors(withReads);
  const parts = {
    ...withReads,
    selectors,
    selectSlice: selectors.selectSlice,
  };
  const featureCache: FeatureCache = {
    reducerPath,
    actions,
    now,
    scheduler: resolved.scheduler,
    has: base.has,
    // The registry's members are closures (no `this`): handed on as they are.
    resolveEndpoint: registry.resolve,
    registerEndpoint: registry.register,
    entityOf: registry.entity as (key: string) => EntityLikeSchema | undefined,
  };
  // One controller and one feature view per store, made on first use.
  const controllers = new WeakMap<StoreLike['getState'], Controller>();
  const featureStores = new WeakMap<StoreLike['getState'], FeatureStore>();
  const featureStoreOf = (store: StoreLike): FeatureStore => {
    let found = featureStores.get(store.getState);
    if (found === undefined) {
      found = {
        dispatch: store.dispatch,
        getState: store.getState,
        slice: () => selectors.selectSlice(store.getState()),
        fetch: (endpoint, args) => dispatchFetch(base, store.dispatch, endpoint, args),
        // The middleware makes it when the store starts; a store without the middleware has no users.
        get usage(): Usage {
          const runtime = runtimes.get(store.getState);
          if (runtime === undefined) throw new Error(`[rest-slice] the middleware of the cache at \`${resolved.reducerPath}\` has not been added to this store.`);
          return runtime.usage;
        },
        controller: () => controllerOf(store),
      };
      featureStores.set(store.getState, found);
    }
    return found;
  };
  const controllerOf = (store: StoreLike): Controller => {
    let controller = controllers.get(store.getState);
    if (controller === undefined) {
      controller = createController(parts, store);
      for (const feature of features) {
        if (feature.controller !== undefined) Object.assign(controller, feature.controller(featureCache, featureStoreOf(store)));
      }
      controllers.set(store.getState, controller);
    }
    return controller;
  };
  const middleware = createRestMiddleware({ ...parts, controllerOf, featureCache, featureStoreOf });
  // The cache's own selectors; the slice's and the view's are the controller's and the middleware's.
  const { selectSlice, selectView: _selectView, ...published } = selectors;

  return {
    reducerPath: reducerPath as P,
    reducer: slice.reducer,
    slice: slice as RestSlice<P>,
    actions,
    middleware,
    now,
    controller: controllerOf,
    features,
    selectCacheState: selectSlice,
    ...published,
  };
}

/** The default cache instance, mounted at `rest`. */
export const restCache: RestCache<'rest'> = /* @__PURE__ */ createRestCache();
