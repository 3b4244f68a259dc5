import type { Dispatch, MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import type { RequestMeta } from '../actions';
import type { DispatchFetchInput } from '../dispatchFetch';
import type { RequestHandoff } from '../handoff';
import type { EndpointRegistry } from '../registry';
import type { ResolvedOptions } from '../options';
import type { OptimisticProbeInput } from '../optimisticProbe';
import type { OutcomeInput } from '../outcome';
import type { RestCacheActions } from '../slice';
import type { RestCacheState } from '../state';
import type { StoreRuntimes } from './usage';
import type { StoreMemos } from '../storeMemos';
import type { GcParts } from './gc';
import type { Controller } from '../controller';
import type { FeatureCache, FeatureStore, RestFeature } from '../feature';

/** An action of this cache (its type starts with `<reducerPath>/`), as the handlers receive it. */
export type CacheAction = UnknownAction & {
  /** The action's payload (its type says which: a `FetchPayload` for `<reducerPath>/fetch`, ...). */
  readonly payload?: unknown;
  /** The request id of actions that carry one (`fetch`, `subscribe`, `unsubscribe`). */
  readonly meta?: RequestMeta;
};

/** The store a handler runs in (the middleware API). */
export type HandlerStore = MiddlewareAPI<Dispatch, unknown>;

/**
 * One concern of the middleware (requests, polling, reset, ...), built once
 * per store. For each action of this cache the middleware calls every
 * handler's `before` in order, then passes the action on (`next`: the
 * reducer sees it), then calls every handler's `after` in order.
 */
export interface Handler {
  /**
   * Runs before the reducer sees the action. Returning `false` takes the
   * action over: it is not passed on, later handlers do not see it, and
   * `dispatch` returns the action (a GET that shares a request in flight).
   */
  before?(action: CacheAction): boolean | void;
  /** Runs after the reducer saw the action; `stateBefore` is the root state before it. */
  after?(action: CacheAction, stateBefore: unknown): void;
}

/** Everything the middleware's handlers may use; each builder takes only the part it needs. */
export interface MiddlewareInput extends GcParts, OutcomeInput, DispatchFetchInput {
  readonly options: Pick<ResolvedOptions, 'reducerPath' | 'fetch' | 'now' | 'scheduler'>;
  readonly actions: RestCacheActions;
  readonly handoff: RequestHandoff;
  readonly registry: EndpointRegistry;
  /** This cache's slice of a root state. */
  selectSlice(rootState: unknown): RestCacheState;
  /** The reads a fetch's `getOptimisticResponse` gets (probed once before its request is sent; a throw fails the fetch). */
  readonly reads: OptimisticProbeInput['reads'];
  /** Where each store's middleware publishes its runtime (in-use registry, gc) for the controller. */
  readonly runtimes: StoreRuntimes;
  /** Makes each store's memo (reads find it from the store's states through `memoOf`). */
  newStoreMemo: StoreMemos['newStoreMemo'];
  /** The controller of a store (one per store, built on first use). */
  controllerOf(store: HandlerStore): Controller;
  /** The features installed, in order. */
  readonly features: readonly RestFeature[];
  /** What the features learn of the cache. */
  readonly featureCache: FeatureCache;
  /** What the features see of a store (one per store). */
  featureStoreOf(store: HandlerStore): FeatureStore;
}
