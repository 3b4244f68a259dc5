import type { PendingRequest } from '../handoff';
import { abortError } from '../abortError';
import { probeOptimistic } from '../optimisticProbe';
import { recordOutcome, type OutcomeInput } from '../outcome';
import { pairKey } from '../pairKey';
import type { InFlight } from './inFlight';
import { createRequestRunner, type RequestPoints, type Run } from './requestRun';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';

/** What the requests handler needs from the cache. */
export type RequestsInput = Pick<MiddlewareInput, 'options' | 'actions' | 'handoff' | 'selectSlice' | 'reads' | 'viewOf'> & OutcomeInput;

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
export function buildRequestsHandler(input: RequestsInput, store: HandlerStore, inFlight: InFlight, points: RequestPoints = []): Handler {
  const { actions, handoff, selectSlice } = input;
  const start = createRequestRunner(input, store, inFlight, points);
  // Requests taken over in `before`, started in `after` (once the reducer has recorded the fetch).
  const claimed = new Map<string, PendingRequest>();

  handoff.aborts.set(store.getState, (name, key) => {
    const requests = [...inFlight.requests].filter((request) => request.endpoint === name && request.key === key);
    for (const request of requests) (request as Run).abortBy('controller');
    return requests.length;
  });

  return {
    before(action: CacheAction) {
      if (!actions.fetch.match(action)) return;
      const { requestId } = action.meta;
      const pending = handoff.take(requestId);
      if (pending === undefined) return;
      const signal = pending.endpoint.signal;
      if (signal?.aborted) {
        // Aborted before it started: nothing is sent or recorded.
        pending.reject(abortError(pending.endpoint.name, action.payload.key, 'signal', signal.reason));
        return false;
      }
      if (!pending.endpoint.sideEffect) {
        const shared = inFlight.gets.get(pairKey(action.payload.endpoint, action.payload.key));
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
      if (payload.optimistic) {
        const failed = probeOptimistic(input, selectSlice(store.getState()), endpoint, args, payload.fetchedAt);
        if (failed !== undefined) {
          // A getOptimisticResponse that throws fails its fetch before anything is sent: the error is
          // recorded for the request and the caller gets exactly what was thrown.
          try {
            recordOutcome(input, store, endpoint, payload, args, { error: failed.thrown }, requestId);
          } catch (thrown) {
            pending.reject(thrown);
          }
          return;
        }
      }
      const run = start(requestId, payload, endpoint, args);
      if (!endpoint.sideEffect) inFlight.gets.set(pairKey(payload.endpoint, payload.key), run);
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
