import type { PendingRequest } from '../handoff';

/** A request in flight, as a reset and `controller.abort` see it. */
export interface InFlightRequest {
  readonly abort: AbortController;
  /** Rejects the request's callers (the response, if any, is then ignored). */
  reject(error: unknown): void;
  readonly endpoint: string;
  readonly key: string;
}

/** A request in flight that more callers can join (an identical GET). */
export interface SharedRequest extends InFlightRequest {
  /** Adds a caller: it gets the same outcome, unless its own signal aborts first. */
  join(caller: PendingRequest): void;
}

/** The requests in flight of one store: shared by the requests handler (which adds them) and the reset handler. */
export interface InFlight {
  /** Bumped by each reset: a response of an earlier generation is dropped. */
  readonly generation: number;
  /** Starts a new generation (at a reset): responses of requests already sent no longer count. */
  nextGeneration(): void;
  /** Every request in flight, forgotten at once (a later identical GET starts its own request). */
  drain(): InFlightRequest[];
  /** The identical GET in flight, if any. */
  shared(name: string, key: string): SharedRequest | undefined;
  share(name: string, key: string, request: SharedRequest): void;
  /** Stops sharing `request` (a no-op when another request took its place). */
  unshare(name: string, key: string, request: SharedRequest): void;
  track(request: InFlightRequest): void;
  untrack(request: InFlightRequest): void;
  /** The requests in flight of endpoint `name` and request key `key`. */
  find(name: string, key: string): InFlightRequest[];
}

/**
 * Makes the in-flight registry of one store. GETs are shared by endpoint name
 * and request key: a page (`getList.getPage`) is stored under its list's key
 * but is a different request, so it is never handed the list's response.
 */
export function createInFlight(): InFlight {
  let generation = 0;
  const gets = new Map<string, SharedRequest>();
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
    share: (name, key, request) => {
      gets.set(id(name, key), request);
    },
    unshare: (name, key, request) => {
      if (gets.get(id(name, key)) === request) gets.delete(id(name, key));
    },
    track: (request) => {
      requests.add(request);
    },
    untrack: (request) => {
      requests.delete(request);
    },
    find: (name, key) => [...requests].filter((request) => request.endpoint === name && request.key === key),
  };
}
