import type { InFlight } from './inFlight';
import type { CacheAction, Handler, MiddlewareInput } from './types';

/** What the reset handler needs from the cache. */
export type ResetInput = Pick<MiddlewareInput, 'actions'>;

/**
 * `<reducerPath>/reset`: requests in flight are aborted and their callers
 * rejected; a response that still arrives is dropped (its generation is over).
 */
export function buildResetHandler(input: ResetInput, inFlight: InFlight): Handler {
  const { actions } = input;
  return {
    before(action: CacheAction) {
      // Before the reducer: a request settling while the reset is reduced already counts as dropped.
      if (actions.reset.match(action)) inFlight.generation++;
    },
    after(action: CacheAction) {
      if (!actions.reset.match(action)) return;
      // Every request is forgotten at once: a later identical GET starts its own request.
      const requests = [...inFlight.requests];
      inFlight.requests.clear();
      inFlight.gets.clear();
      for (const request of requests) {
        request.abort.abort();
        request.reject(
          new Error(
            `[rest-slice] \`${request.endpoint}\` (${request.key}) was in flight when \`controller.resetEntireStore\` ran: the request was aborted and its response will not reach the store. Fetch it again if it is still needed.`,
          ),
        );
      }
    },
  };
}
