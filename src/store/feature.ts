import type { Dispatch } from '@reduxjs/toolkit';
import type { FetchPayload } from './actions';
import type { Controller } from './controller';
import type { EndpointInterface } from './endpoint';
import type { EntityLikeSchema } from '../schema/types';
import type { CacheAction } from './middleware/types';
import type { Usage } from './middleware/usage';
import type { RestCacheActions } from './slice';
import type { Scheduler } from './scheduler';
import type { RestCacheState } from './state';
import type { ResponseState } from './reads';

// The open core: every optional capability (retry, focus refetch, infinite pages, live data, ...) is a
// plain object made by an exported function and given to `createRestCache({ features })`. The core never
// imports one; it calls the points below, in the order written here, and nothing else.

/** A case reducer of a feature: a pure function of the slice state and the action, returning the next state. */
export type FeatureCaseReducer = (state: RestCacheState, action: CacheAction) => RestCacheState;

/** What a feature learns of the cache it is installed in (the same for every store). */
export interface FeatureCache {
  /** The cache's `reducerPath`, also the prefix of its action types. */
  readonly reducerPath: string;
  /** The core's action creators. */
  readonly actions: RestCacheActions;
  /** The cache's clock. */
  readonly now: () => number;
  /** The cache's timers (the `scheduler` option). */
  readonly scheduler: Scheduler;
  /** Whether a feature of this name is installed in the cache. */
  has(name: string): boolean;
  /**
   * The endpoint a state entry names (an optimistic update's endpoint name and
   * request key), as this cache's registry resolves it; `undefined` when this
   * cache has not used an endpoint of that name (endpoints are known once
   * fetched through the cache). Optional for caches built without it.
   */
  resolveEndpoint?(name: string, key: string): EndpointInterface | undefined;
  /**
   * Makes an endpoint known to this cache as using it would (its resource's
   * other members and its Entity classes too), so state entries that name it
   * are computed with it and rows of its entities merge by their own rules.
   * Optional for caches built without it.
   */
  registerEndpoint?(endpoint: EndpointInterface): void;
  /** The Entity class stored under an entity key, once an endpoint whose schema holds it was used through this cache. */
  entityOf?(key: string): EntityLikeSchema | undefined;
}

/** One store as a feature sees it: the store, its slice of the cache, and the core's runtime of that store. */
export interface FeatureStore {
  /** The store's `dispatch`. */
  readonly dispatch: Dispatch;
  /** The store's own `getState` (the same function, so it can key what a store has, as `setupListeners` does). */
  readonly getState: () => unknown;
  /** This cache's slice of the store's state. */
  slice(): RestCacheState;
  /** Runs `endpoint(...args)` through the store as `controller.fetch` does (GETs in flight are shared; the outcome is recorded). */
  fetch(endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown>;
  /** Who uses which result in this store (mounted hooks, subscriptions, `controller.retain`). */
  readonly usage: Usage;
  /** The store's controller (made once). */
  controller(): Controller;
}

/** A read's answer that reached the store without its request (see {@link FeatureRuntime.awaitAnswer}). */
export interface FeatureAnswer {
  /** What the read's callers get, as a fetch's data (denormalized). */
  readonly data: unknown;
}

/** A request about to run, as the request points see it. */
export interface FeatureRequest {
  /** The endpoint that runs (a feature's `prepareRequest` may have replaced the caller's). */
  readonly endpoint: EndpointInterface;
  /** The real args (a `FormData` body included). */
  readonly args: readonly unknown[];
  /** The `fetch` action's payload: endpoint name, request key, JSON args, `fetchedAt`. */
  readonly payload: FetchPayload;
  /** The fetch's id within the cache (the `fetch` action's `meta.requestId`). */
  readonly requestId: string;
  /** Aborted when the request is (`controller.abort`, its callers' signals, a reset). */
  readonly signal: AbortSignal;
}

/**
 * What a feature does in one store, built once per store when the store's
 * middleware starts. Every point is optional. For each action of the cache
 * the middleware runs, in this order: the core's `before` parts, then each
 * feature's `before` in the order of the `features` array; the reducer (the
 * core's case, then the features' `reducers` for that type); the core's
 * `after` parts, then each feature's `after`. A request runs
 * `prepareRequest` of each feature in order (each sees the endpoint the
 * previous one chose), then its attempts wrapped by each `runAttempts`, the
 * first feature outermost; each attempt runs each feature's `prepareHeaders`
 * in order.
 */
export interface FeatureRuntime {
  /**
   * Before the reducer sees an action. Returning `false` takes the action
   * over: the reducer and later parts do not see it, and `dispatch` returns it.
   */
  before?(action: CacheAction): boolean | void;
  /** After the reducer saw an action; `stateBefore` is the root state before it. */
  after?(action: CacheAction, stateBefore: unknown): void;
  /** Before a request is sent: another endpoint to run in its place (an infinite list runs its pages), or nothing. */
  prepareRequest?(request: FeatureRequest): EndpointInterface | void;
  /** Around the request's attempts: `attempt` sends it once; call it again to retry. */
  runAttempts?(attempt: () => Promise<unknown>, request: FeatureRequest): Promise<unknown>;
  /**
   * While the store cannot answer reads yet (a saved cache is being
   * restored): a promise that settles once it can; nothing once ready.
   * `controller.fetch` and `controller.fetchIfStale` called meanwhile wait
   * for it, then a read (not a side effect) is answered as `fetchIfStale`
   * answers (a result now fresh needs no request); a write is sent as usual.
   * Called on each of those calls, so it must be cheap.
   */
  holdFetches?(): Promise<unknown> | undefined;
  /**
   * Before a read's request is sent (not a write's): a promise of the answer
   * the store got meanwhile by other means (another tab relayed it), as
   * `{ data }` for the callers, or `false` to send the request. With an
   * answer, nothing is sent: `abort` clears the fetch's in-flight mark and the
   * callers get `data`. The first feature that returns a promise decides.
   */
  awaitAnswer?(request: FeatureRequest): Promise<FeatureAnswer | false> | void;
  /**
   * At each attempt, after the endpoint made its headers (`getRequestInit`,
   * `getHeaders`): the headers to send instead (each feature gets what the
   * previous returned). A throw fails the attempt before anything is sent.
   * Endpoints whose `fetchWith` does not take the hook (one of another
   * library) send their own headers.
   */
  prepareHeaders?(headers: HeadersInit | undefined, request: FeatureRequest): HeadersInit | undefined | Promise<HeadersInit | undefined>;
}

/**
 * A write as {@link RestFeature.updateResults} sees it: a response being
 * recorded, or an optimistic update being computed.
 */
export interface FeatureWrite {
  /** The endpoint that wrote (the very object of a fetch in flight). */
  readonly endpoint: EndpointInterface;
  /** The call's args. */
  readonly args: readonly unknown[];
  /** What the write stores under its own request key: the normalized result (entities as their pks). */
  readonly result: unknown;
  /**
   * The stored result of a request key as the write sees it: the confirmed
   * data for a response, the data beneath it (earlier optimistic updates
   * included) for an optimistic update.
   */
  getResult(key: string): unknown;
}

/** Controller methods a feature provides (`fetchNextPage`, ...), built once per store. */
export type FeatureMethods = Partial<Controller>;

/**
 * An optional capability of the cache, made by an exported function
 * (`retry()`, `listeners()`, ...) and installed with
 * `createRestCache({ features: [...] })`. Write your own as you would a Data
 * Client Manager: observe plain actions, dispatch plain actions, keep
 * runtime values in the store's closure, and add state only through your
 * own reducer cases under keys of your own.
 */
export interface RestFeature {
  /** Unique within a cache; the name the "not installed" errors ask for (`retry`, `listeners`, ...). */
  readonly name: string;
  /**
   * Case reducers by action type suffix (`retry` for `<reducerPath>/retry`;
   * a core type such as `setResponse` runs after the core's case). They are
   * part of `cache.slice`, so `combineSlices` and a replayed log see them.
   */
  readonly reducers?: { readonly [typeSuffix: string]: FeatureCaseReducer };
  /** The feature's part in one store (see {@link FeatureRuntime}). */
  setup?(cache: FeatureCache, store: FeatureStore): FeatureRuntime;
  /** Controller methods this feature adds or provides. */
  controller?(cache: FeatureCache, store: FeatureStore): FeatureMethods;
  /**
   * Other results a write changes, by request key (plain JSON, normalized:
   * entities as their pks; a key left out keeps its result). Called when
   * a response is recorded, and each time an optimistic update is computed,
   * so the optimistic view shows them and a rollback takes them away with
   * the update. A response's are carried by its `setResponse` action as
   * `results`, which this feature's `setResponse` case writes. Must be a pure
   * function of what it is given.
   */
  updateResults?(write: FeatureWrite): Readonly<Record<string, unknown>> | void;
}

/**
 * `endpoint(...args)`'s response in `store` now (`controller.getResponse` with the store's state), for a feature
 * that holds an endpoint and its args as values rather than typed ones.
 */
export function readResponse(store: FeatureStore, endpoint: EndpointInterface, args: readonly unknown[]): ResponseState<unknown> {
  const reader = store.controller() as unknown as { getResponse(endpoint: EndpointInterface, ...rest: readonly unknown[]): ResponseState<unknown> };
  return reader.getResponse(endpoint, ...args, store.getState());
}
