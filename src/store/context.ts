import type { MemoCache } from '../schema/MemoCache';
import type { EndpointInterface } from './endpoint';
import type { RestCacheSelectors } from './selectors';
import type { RestCacheActions } from './slice';
import type { View } from './view';

/** A request between the controller's dispatch and the middleware picking it up. */
export interface PendingRequest {
  readonly endpoint: EndpointInterface;
  /** The real args (a `FormData` body included); the action carries their JSON form. */
  readonly args: readonly unknown[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Options of `createRestCache`, with defaults applied. */
export interface ResolvedOptions {
  readonly reducerPath: string;
  readonly fetch: typeof fetch | undefined;
  readonly now: () => number;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
}

/** Everything one cache instance shares between its middleware, controllers and selectors. */
export interface CacheContext {
  readonly options: ResolvedOptions;
  readonly actions: RestCacheActions;
  readonly selectors: RestCacheSelectors;
  readonly memo: MemoCache;
  /** Endpoints by name, so replayed actions and optimistic entries find theirs. */
  readonly registry: Map<string, EndpointInterface>;
  /** Requests handed from `controller.fetch` to the middleware, by the action's `requestId`. */
  readonly pending: Map<string, PendingRequest>;
  /** Endpoints and real args of fetches in flight, by `requestId` (for optimistic layers). */
  readonly active: Map<string, { endpoint: EndpointInterface; args: readonly unknown[] }>;
  /** The stores whose middleware chain includes this cache's, by their `getState`. */
  readonly storesWithMiddleware: WeakSet<Function>;
  readonly errorObjects: WeakMap<object, Error>;
  nextRequestId(): string;
  /** Remembers an endpoint by name (warning when two differ in what their entities are called). */
  register(endpoint: EndpointInterface): void;
  createSnapshot(view: View, fetchedAt: number): unknown;
}
