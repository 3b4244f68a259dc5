import type { FetchPayload } from '../actions';
import type { EndpointInterface } from '../endpoint';
import type { PendingRequest } from '../handoff';
import type { OutcomeBase } from '../outcome';
import { serializeError } from '../serialize';
import { abortError, type AbortCause } from '../abortError';
import { retryPolicy, runWithRetry } from './retry';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';

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

/** What the requests handler needs from the cache. */
export type RequestsInput = Pick<MiddlewareInput, 'options' | 'actions' | 'handoff' | 'outcome' | 'selectSlice'>;

/** One caller waiting for a request, until its outcome, an abort, or its own signal. */
interface Caller {
  readonly pending: PendingRequest;
  /** Stops listening to the caller's signal. */
  stop(): void;
}

/**
 * The fetch action → request lifecycle: takes the request the controller
 * handed over, shares an identical GET in flight, runs the request through the
 * endpoint (`fetchWith`, else a call) with its retries, applies the optimistic
 * update, and records the outcome. A fetch action nobody handed over (a
 * replay, DevTools) only records; nothing is sent. An aborted request
 * (`controller.abort`, or the signals of all its callers) rejects its callers
 * with an `AbortError` and dispatches `abort`, which rolls back its optimistic
 * update without storing an error.
 */
export function buildRequestsHandler(input: RequestsInput, store: HandlerStore, inFlight: InFlight): Handler {
  const { options, actions, handoff, outcome, selectSlice } = input;
  // Requests taken over in `before`, started in `after` (once the reducer has recorded the fetch).
  const claimed = new Map<string, PendingRequest>();

  handoff.aborts.set(store.getState, (name, key) => {
    const requests = inFlight.find(name, key);
    for (const request of requests) (request as Run).abortBy('controller');
    return requests.length;
  });

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

  /** Runs one attempt. The endpoint's own `signal` is left to the callers (see `join`), so a shared GET outlives one caller's abort. */
  function attempt(endpoint: EndpointInterface, args: readonly unknown[], signal: AbortSignal): Promise<unknown> {
    // How a request runs is the endpoint's business: `fetchWith` takes the injected fetch and signal.
    if (endpoint.fetchWith) {
      const runner: EndpointInterface =
        endpoint.signal === undefined ? endpoint : (Object.create(endpoint, { signal: { value: undefined, enumerable: true } }) as EndpointInterface);
      return runner.fetchWith!({ fetch: options.fetch, signal }, ...args);
    }
    return (endpoint as unknown as (...callArgs: readonly unknown[]) => Promise<unknown>)(...args);
  }

  type Run = SharedRequest & { abortBy(cause: AbortCause, reason?: unknown): void };

  /** Runs the request for its first caller; more callers may `join` an identical GET. */
  function start(requestId: string, payload: FetchPayload, endpoint: EndpointInterface, args: readonly unknown[]): Run {
    const abort = new AbortController();
    const generation = inFlight.generation;
    const callers = new Set<Caller>();
    let done = false;

    /** Ends the run once: no more sharing, tracking or signal listening. False when it had ended. */
    function finish(): boolean {
      if (done) return false;
      done = true;
      // A GET stops being shared the moment its outcome is known (before it is dispatched), so a read
      // triggered by that dispatch starts a request instead of sharing one that has already settled.
      inFlight.unshare(payload.endpoint, payload.key, run);
      inFlight.untrack(run);
      for (const caller of callers) caller.stop();
      return true;
    }

    function each(settleCaller: (pending: PendingRequest) => void): void {
      const all = [...callers];
      callers.clear();
      handoff.active.delete(requestId);
      for (const caller of all) settleCaller(caller.pending);
    }

    const run: Run = {
      abort,
      endpoint: endpoint.name,
      key: payload.key,
      reject(error) {
        finish();
        each((pending) => pending.reject(error));
      },
      join(pending) {
        const signal = pending.endpoint.signal;
        if (signal === undefined) {
          callers.add({ pending, stop: () => undefined });
          return;
        }
        const caller: Caller = { pending, stop: () => signal.removeEventListener('abort', leave) };
        function leave() {
          if (done || !callers.delete(caller)) return;
          caller.stop();
          // The request goes only when no other caller still waits for it.
          if (callers.size === 0) run.abortBy('signal', signal!.reason);
          pending.reject(abortError(endpoint.name, payload.key, 'signal', signal!.reason));
        }
        callers.add(caller);
        if (signal.aborted) leave();
        else signal.addEventListener('abort', leave, { once: true });
      },
      abortBy(cause, reason) {
        if (!finish()) return;
        const error = abortError(endpoint.name, payload.key, cause, reason);
        abort.abort(error);
        // Rolled back before the callers hear of it, so they see the state without the request.
        store.dispatch(
          actions.abort({ endpoint: payload.endpoint, key: payload.key, args: payload.args, fetchedAt: payload.fetchedAt, requestId }),
        );
        each((pending) => pending.reject(error));
      },
    };
    inFlight.track(run);
    handoff.active.set(requestId, { endpoint, args });

    let request: Promise<unknown>;
    try {
      const policy = retryPolicy(endpoint, options);
      request = runWithRetry(() => attempt(endpoint, args, abort.signal), policy, abort.signal, (number, error) => {
        if (done) return;
        store.dispatch(
          actions.retry({
            endpoint: payload.endpoint,
            key: payload.key,
            args: payload.args,
            fetchedAt: payload.fetchedAt,
            requestId,
            attempt: number,
            error: serializeError(error),
          }),
        );
      });
    } catch (badOption) {
      // A bad `retry`/`retryDelay` is this request's error, like any failure.
      request = Promise.reject(badOption);
    }
    request.then(
      (value) => {
        if (!finish()) return;
        try {
          const data = settle(generation, requestId, payload, endpoint, args, { value });
          each((pending) => pending.resolve(data));
        } catch (settled) {
          each((pending) => pending.reject(settled));
        }
      },
      (error) => {
        if (!finish()) return;
        try {
          settle(generation, requestId, payload, endpoint, args, { error });
        } catch (settled) {
          each((pending) => pending.reject(settled));
        }
      },
    );
    return run;
  }

  return {
    before(action: CacheAction) {
      if (!actions.fetch.match(action)) return;
      const { requestId } = action.meta;
      const pending = requestId ? handoff.pending.get(requestId) : undefined;
      if (pending === undefined) return;
      handoff.pending.delete(requestId);
      const signal = pending.endpoint.signal;
      if (signal?.aborted) {
        // Aborted before it started: nothing is sent or recorded.
        pending.reject(abortError(pending.endpoint.name, action.payload.key, 'signal', signal.reason));
        return false;
      }
      if (!pending.endpoint.sideEffect) {
        const shared = inFlight.shared(action.payload.endpoint, action.payload.key);
        if (shared !== undefined) {
          // The same request is in flight: this caller shares it, and the action changes nothing.
          shared.join(pending);
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
      const run = start(requestId, payload, endpoint, args);
      if (!endpoint.sideEffect) inFlight.share(payload.endpoint, payload.key, run);
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
      run.join(pending);
    },
  };
}
