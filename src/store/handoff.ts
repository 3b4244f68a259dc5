import type { EndpointInterface } from './endpoint';

// Actions carry only JSON, so the runtime half of a request (the endpoint object, the real args, the
// caller's promise) travels beside the action, found again by the action's `requestId`.

/** A request between the controller's dispatch and the middleware picking it up. */
export interface PendingRequest {
  readonly endpoint: EndpointInterface;
  /** The real args (a `FormData` body included); the action carries their JSON form. */
  readonly args: readonly unknown[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** The endpoint object and real args of a fetch in flight. */
export interface ActiveRequest {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

/** What the controller hands the middleware with each request action, shared by every store of one cache. */
export interface RequestHandoff {
  /** Requests dispatched and not yet picked up, by the action's `requestId`. */
  readonly pending: Map<string, PendingRequest>;
  /** Fetches in flight, by `requestId`: an optimistic layer runs its endpoint with the real args. */
  readonly active: Map<string, ActiveRequest>;
  /** Picks up the request dispatched with `requestId`: it leaves `pending`. `undefined` when none waits (another store's, or one taken). */
  take(requestId: string): PendingRequest | undefined;
  /** A new `requestId`, unique within this cache (`<reducerPath>:<n>`). */
  nextRequestId(): string;
  /** Each store's way to abort its requests in flight (by the store's `getState`), for `controller.abort`. */
  readonly aborts: WeakMap<Function, AbortRequests>;
}

/** Aborts the requests in flight of endpoint `name` and request key `key` in one store; returns how many. */
export type AbortRequests = (name: string, key: string) => number;

/** Makes the request handoff of one cache. */
export function createRequestHandoff(reducerPath: string): RequestHandoff {
  let counter = 0;
  const pending = new Map<string, PendingRequest>();
  return {
    pending,
    active: new Map(),
    aborts: new WeakMap(),
    take(requestId) {
      const found = pending.get(requestId);
      pending.delete(requestId);
      return found;
    },
    nextRequestId: () => `${reducerPath}:${++counter}`,
  };
}
