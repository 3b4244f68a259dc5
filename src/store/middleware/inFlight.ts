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
  generation: number;
  /** The GETs callers can join, by the `pairKey` of endpoint name and request key. */
  readonly gets: Map<string, SharedRequest>;
  /** Every request in flight. */
  readonly requests: Set<InFlightRequest>;
}

/**
 * Makes the in-flight registry of one store. GETs are shared by endpoint name
 * and request key: a page (`getList.getPage`) is stored under its list's key
 * but is a different request, so it is never handed the list's response.
 */
export function createInFlight(): InFlight {
  return { generation: 0, gets: new Map(), requests: new Set() };
}
