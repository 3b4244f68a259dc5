import type { FetchPayload } from '../actions';
import type { EndpointInterface } from '../endpoint';
import type { PendingRequest } from '../handoff';
import type { OutcomeBase } from '../outcome';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';

/** A request in flight, as a reset sees it. */
export interface InFlightRequest {
  readonly abort: AbortController;
  /** Rejects the request's callers (the response, if any, is then ignored). */
  reject(error: unknown): void;
  readonly endpoint: string;
  readonly key: string;
}

/** The requests in flight of one store: shared by the requests handler (which adds them) and the reset handler. */
export interface InFlight {
  /** Bumped by each reset: a response of an earlier generation is dropped. */
  readonly generation: number;
  /** Starts a new generation (at a reset): responses of requests already sent no longer count. */
  nextGeneration(): void;
  /** Every request in flight, forgotten at once (a later identical GET starts its own request). */
  drain(): InFlightRequest[];
  /** The caller's promise of the identical GET in flight, if any. */
  shared(name: string, key: string): Promise<unknown> | undefined;
  share(name: string, key: string, caller: Promise<unknown>): void;
  /** Stops sharing `caller` (a no-op when another request took its place). */
  unshare(name: string, key: string, caller: Promise<unknown>): void;
  track(request: InFlightRequest): void;
  untrack(request: InFlightRequest): void;
}

/**
 * Makes the in-flight registry of one store. GETs are shared by endpoint name
 * and request key: a page (`getList.getPage`) is stored under its list's key
 * but is a different request, so it is never handed the list's response.
 */
export function createInFlight(): InFlight {
  let generation = 0;
  const gets = new Map<string, Promise<unknown>>();
  const requests = new Set<InFlightRequest>();
  // A JSON pair: names and keys may hold any character, so no separator could be unambiguous.
  const id = (name: string, key: string) => JSON.stringify([name, key]);
  return {
    get generation() {
      return generation;
    },
    nextGeneration: () => {
      generation++;
    },
    drain: () => {
      const all = [...requests];
      requests.clear();
      gets.clear();
      return all;
    },
    shared: (name, key) => gets.get(id(name, key)),
    share: (name, key, caller) => {
      gets.set(id(name, key), caller);
    },
    unshare: (name, key, caller) => {
      if (gets.get(id(name, key)) === caller) gets.delete(id(name, key));
    },
    track: (request) => {
      requests.add(request);
    },
    untrack: (request) => {
      requests.delete(request);
    },
  };
}

/** What the requests handler needs from the cache. */
export type RequestsInput = Pick<MiddlewareInput, 'options' | 'actions' | 'handoff' | 'outcome' | 'selectSlice'>;

/**
 * The fetch action → request lifecycle: takes the request the controller
 * handed over, shares an identical GET in flight, runs the request through the
 * endpoint (`fetchWith`, else a call), applies the optimistic update, and
 * records the outcome. A fetch action nobody handed over (a replay, DevTools)
 * only records; nothing is sent.
 */
export function buildRequestsHandler(input: RequestsInput, store: HandlerStore, inFlight: InFlight): Handler {
  const { options, actions, handoff, outcome, selectSlice } = input;
  // Requests taken over in `before`, started in `after` (once the reducer has recorded the fetch).
  const claimed = new Map<string, PendingRequest>();

  function settle(
    generation: number,
    requestId: string,
    payload: FetchPayload,
    endpoint: EndpointInterface,
    args: readonly unknown[],
    result: { value: unknown } | { error: unknown },
  ): unknown {
    const { key, fetchedAt } = payload;
    if (generation !== inFlight.generation || fetchedAt < selectSlice(store.getState()).lastReset) {
      throw new Error(`[rest-slice] \`${endpoint.name}\` (${key}) was in flight when \`controller.resetEntireStore\` ran: its response was dropped. Fetch it again if it is still needed.`);
    }
    const base: OutcomeBase = { endpoint: endpoint.name, key, args: payload.args, fetchedAt, date: options.now(), requestId };
    let error: unknown;
    if ('value' in result) {
      try {
        // The response's own data, read back before anything is committed (API.md: never raw JSON).
        return outcome.recordResponse(store.dispatch, endpoint, base, args, result.value, selectSlice(store.getState()));
      } catch (normalizeError) {
        error = normalizeError;
      }
    } else {
      error = result.error;
    }
    outcome.recordError(store.dispatch, endpoint, base, error);
    throw error;
  }

  /** Runs the request; the returned promise settles once the outcome is recorded. */
  function start(requestId: string, payload: FetchPayload, endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
    const abort = new AbortController();
    let rejectCaller: (error: unknown) => void = () => undefined;
    const generation = inFlight.generation;
    const caller = new Promise<unknown>((resolve, reject) => {
      rejectCaller = reject;
      // How a request runs is the endpoint's business: `fetchWith` takes the injected fetch and signal.
      const request = endpoint.fetchWith
        ? endpoint.fetchWith({ fetch: options.fetch, signal: abort.signal }, ...args)
        : (endpoint as unknown as (...callArgs: readonly unknown[]) => Promise<unknown>)(...args);
      // A GET stops being shared the moment its outcome is known (before it is dispatched), so a read
      // triggered by that dispatch starts a request instead of sharing one that has already settled.
      const unshare = () => inFlight.unshare(payload.endpoint, payload.key, caller);
      request.then(
        (value) => {
          unshare();
          try {
            resolve(settle(generation, requestId, payload, endpoint, args, { value }));
          } catch (settled) {
            reject(settled);
          }
        },
        (error) => {
          unshare();
          try {
            settle(generation, requestId, payload, endpoint, args, { error });
          } catch (settled) {
            reject(settled);
          }
        },
      );
    });
    const tracked: InFlightRequest = { abort, reject: (error) => rejectCaller(error), endpoint: endpoint.name, key: payload.key };
    inFlight.track(tracked);
    handoff.active.set(requestId, { endpoint, args });
    const cleanup = () => {
      inFlight.untrack(tracked);
      handoff.active.delete(requestId);
    };
    caller.then(cleanup, cleanup);
    return caller;
  }

  return {
    before(action: CacheAction) {
      if (!actions.fetch.match(action)) return;
      const { requestId } = action.meta;
      const pending = requestId ? handoff.pending.get(requestId) : undefined;
      if (pending === undefined) return;
      handoff.pending.delete(requestId);
      if (!pending.endpoint.sideEffect) {
        const shared = inFlight.shared(action.payload.endpoint, action.payload.key);
        if (shared !== undefined) {
          // The same request is in flight: this caller shares it, and the action changes nothing.
          shared.then(pending.resolve, pending.reject);
          return false;
        }
      }
      claimed.set(requestId, pending);
    },

    after(action: CacheAction) {
      if (!actions.fetch.match(action)) return;
      const { requestId } = action.meta;
      const pending = claimed.get(requestId);
      if (pending === undefined) return;
      claimed.delete(requestId);
      const payload = action.payload;
      const { endpoint, args } = pending;
      const caller = start(requestId, payload, endpoint, args);
      if (!endpoint.sideEffect) inFlight.share(payload.endpoint, payload.key, caller);
      if (payload.optimistic) {
        store.dispatch(
          actions.optimistic({
            endpoint: payload.endpoint,
            key: payload.key,
            args: payload.args,
            fetchedAt: payload.fetchedAt,
            requestId,
          }),
        );
      }
      caller.then(pending.resolve, pending.reject);
    },
  };
}
