import type { FetchPayload } from '../actions';
import type { EndpointInterface } from '../endpoint';
import type { PendingRequest } from '../handoff';
import { recordOutcome, type OutcomeInput, type OutcomeResult } from '../outcome';
import { abortError, type AbortCause } from '../abortError';
import type { FeatureRequest, FeatureRuntime } from '../feature';
import type { FetchWithOptions } from '../../rest/endpointOptions';
import { pairKey } from '../pairKey';
import type { InFlight, SharedRequest } from './inFlight';
import type { HandlerStore, MiddlewareInput } from './types';

/** What running a request needs from the cache. */
export type RequestRunInput = Pick<MiddlewareInput, 'options' | 'actions' | 'handoff' | 'selectSlice'> & OutcomeInput;

/** The request points of the features installed, in order. */
export type RequestPoints = readonly Pick<FeatureRuntime, 'prepareRequest' | 'runAttempts' | 'awaitAnswer' | 'prepareHeaders'>[];

/** One caller waiting for a request, until its outcome, an abort, or its own signal. */
interface Caller {
  readonly pending: PendingRequest;
  /** Stops listening to the caller's signal. */
  stop(): void;
}

/** A request in flight that callers can join, and that `controller.abort` or its callers' signals abort. */
export type Run = SharedRequest & { abortBy(cause: AbortCause, reason?: unknown): void };

/** The answer a feature's `awaitAnswer` found: the request was not sent. */
class AnsweredElsewhere {
  declare readonly data: unknown;
  constructor(data: unknown) {
    this.data = data;
  }
}

/** Starts the request of a fetch action for its first caller (see {@link createRequestRunner}). */
export type StartRun = (requestId: string, payload: FetchPayload, endpoint: EndpointInterface, args: readonly unknown[]) => Run;

/**
 * Makes the request runner of one store: a run sends the request through the
 * endpoint (`fetchWith`, else a call) with its retries, tracks it in flight,
 * and records its outcome for every caller waiting on it.
 */
export function createRequestRunner(
  input: RequestRunInput,
  store: HandlerStore,
  inFlight: InFlight,
  points: RequestPoints = [],
): StartRun {
  const { options, actions, handoff, selectSlice } = input;
  // The features' `prepareHeaders` have the last word on the headers, in order, at each attempt.
  const headerPoints = points.filter((point) => point.prepareHeaders !== undefined);

  /** Runs one attempt. The endpoint's own `signal` is left to the callers (see `join`), so a shared GET outlives one caller's abort. */
  function attempt(endpoint: EndpointInterface, args: readonly unknown[], signal: AbortSignal, prepareHeaders: FetchWithOptions['prepareHeaders']): Promise<unknown> {
    // How a request runs is the endpoint's business: `fetchWith` takes the injected fetch, signal and headers hook.
    if (endpoint.fetchWith) {
      const runner: EndpointInterface =
        endpoint.signal === undefined ? endpoint : (Object.create(endpoint, { signal: { value: undefined, enumerable: true } }) as EndpointInterface);
      return runner.fetchWith!({ fetch: options.fetch, signal, prepareHeaders }, ...args);
    }
    return (endpoint as unknown as (...callArgs: readonly unknown[]) => Promise<unknown>)(...args);
  }

  /** Runs the request for its first caller; more callers may `join` an identical GET. */
  function start(requestId: string, payload: FetchPayload, given: EndpointInterface, args: readonly unknown[]): Run {
    const abort = new AbortController();
    // Each feature may run another endpoint in the caller's place (an infinite list runs its pages); the
    // one chosen last is what runs, is recorded, and what an optimistic layer reads while in flight.
    let request: FeatureRequest = { endpoint: given, args, payload, requestId, signal: abort.signal };
    for (const point of points) {
      const replaced = point.prepareRequest?.(request);
      if (replaced !== undefined) request = { ...request, endpoint: replaced };
    }
    const endpoint = request.endpoint;
    const generation = inFlight.generation;
    const callers = new Set<Caller>();
    let done = false;

    /** Ends the run once: no more sharing, tracking or signal listening. False when it had ended. */
    function finish(): boolean {
      if (done) return false;
      done = true;
      // A GET stops being shared the moment its outcome is known (before it is dispatched), so a read
      // triggered by that dispatch starts a request instead of sharing one that has already settled.
      const id = pairKey(payload.endpoint, payload.key);
      if (inFlight.gets.get(id) === run) inFlight.gets.delete(id);
      inFlight.requests.delete(run);
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
        dispatchAbort();
        each((pending) => pending.reject(error));
      },
    };
    /** Ends the fetch in the state with no outcome: its optimistic update and in-flight mark go. */
    function dispatchAbort(): void {
      store.dispatch(actions.abort({ endpoint: payload.endpoint, key: payload.key, args: payload.args, fetchedAt: payload.fetchedAt, requestId }));
    }
    inFlight.requests.add(run);
    handoff.active.set(requestId, { endpoint, args });

    const prepareHeaders =
      headerPoints.length === 0
        ? undefined
        : async (headers: HeadersInit | undefined) => {
            for (const point of headerPoints) headers = await point.prepareHeaders!(headers, request);
            return headers;
          };
    // The features' `runAttempts` wrap the attempt, the first installed outermost.
    let attempts = () => attempt(endpoint, args, abort.signal, prepareHeaders);
    for (let i = points.length - 1; i >= 0; i--) {
      const wrap = points[i].runAttempts;
      if (wrap === undefined) continue;
      const inner = attempts;
      attempts = () => wrap(inner, request);
    }
    const send = () => {
      try {
        return attempts();
      } catch (badOption) {
        // A feature that throws at once (a bad endpoint option) fails this request, like any failure.
        return Promise.reject(badOption);
      }
    };
    // A read may be answered without a request (another tab fetching the same key relays its answer).
    let waiting: Promise<{ readonly data: unknown } | false> | undefined;
    if (endpoint.sideEffect !== true) {
      for (const point of points) {
        waiting = point.awaitAnswer?.(request) ?? undefined;
        if (waiting !== undefined) break;
      }
    }
    const response: Promise<unknown> =
      waiting === undefined ? send() : waiting.then((answer) => (answer === false ? send() : new AnsweredElsewhere(answer.data)), send);
    const ended = (result: OutcomeResult) => {
      if (!finish()) return;
      const { key } = payload;
      try {
        if (generation !== inFlight.generation || payload.fetchedAt < selectSlice(store.getState()).lastReset) {
          throw new Error(`[rest-slice] \`${endpoint.name}\` (${key}) was in flight when \`controller.resetEntireStore\` ran: its response was dropped. Fetch it again if it is still needed.`);
        }
        // The response's own data, read back before anything is committed (callers get instances, never raw
        // JSON). A failure is recorded and thrown: only a response the store took resolves the callers.
        const data = recordOutcome(input, store, endpoint, payload, args, result, requestId);
        each((pending) => pending.resolve(data));
      } catch (settled) {
        each((pending) => pending.reject(settled));
      }
    };
    response.then(
      (value) => {
        if (!(value instanceof AnsweredElsewhere)) return ended({ value });
        if (!finish()) return;
        // Nothing was sent: the in-flight mark goes as for an aborted fetch, and no outcome is recorded twice.
        dispatchAbort();
        each((pending) => pending.resolve(value.data));
      },
      (error) => ended({ error }),
    );
    return run;
  }

  return start;
}
