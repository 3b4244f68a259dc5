import type { Dispatch } from '@reduxjs/toolkit';
import type { FetchPayload } from './actions';
import { actionName, type EndpointInterface } from './endpoint';
import type { RequestHandoff } from './handoff';
import type { EndpointRegistry } from './registry';
import { checkFeatureOptions } from './featureCheck';
import { serializeArgs } from './serialize';
import type { TriggerStamps } from './options';
import type { RestCacheActions } from './slice';

/** What dispatching a fetch needs from the cache. */
export interface DispatchFetchInput {
  readonly actions: Pick<RestCacheActions, 'fetch'>;
  readonly registry: Pick<EndpointRegistry, 'register'>;
  readonly handoff: Pick<RequestHandoff, 'pending' | 'take' | 'nextRequestId'>;
  readonly stamp: TriggerStamps;
  readonly reducerPath: string;
  /** Whether a feature of this name is installed (a function property: it is passed on by itself). */
  readonly has: (name: string) => boolean;
}

/**
 * Dispatches `<reducerPath>/fetch` for `endpoint(...args)` into a store and returns the caller's promise
 * (`controller.fetch`, polling, a write's revalidation, the features' `fetch`). The promise settles once the
 * store has recorded the outcome; it rejects when no middleware of this cache picked the action up.
 */
export function dispatchFetch(input: DispatchFetchInput, dispatch: Dispatch, endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
  const { actions, registry, handoff, stamp } = input;
  let key: string;
  try {
    if (process.env.NODE_ENV !== 'production') checkFeatureOptions(endpoint, input.has, input.reducerPath);
    registry.register(endpoint);
    key = endpoint.key(...args);
  } catch (error) {
    // Bad args (a missing path param): the caller's promise rejects, like any other failure.
    return Promise.reject(error);
  }
  const requestId = handoff.nextRequestId();
  const promise = new Promise<unknown>((resolve, reject) => {
    handoff.pending.set(requestId, { endpoint, args, resolve, reject });
  });
  const payload: FetchPayload = {
    endpoint: actionName(endpoint),
    key,
    args: serializeArgs(args),
    fetchedAt: stamp(true),
    optimistic: Boolean(endpoint.sideEffect && typeof endpoint.getOptimisticResponse === 'function'),
    sideEffect: Boolean(endpoint.sideEffect),
  };
  dispatch(actions.fetch(payload, { requestId }));
  // The middleware claims the request synchronously; one still here found no middleware.
  const unclaimed = handoff.take(requestId);
  if (unclaimed !== undefined) {
    unclaimed.reject(
      new Error(
        `[rest-slice] \`controller.fetch(${endpoint.name})\` (${key}) found no middleware: add \`cache.middleware\` to the store (\`middleware: (getDefault) => getDefault().concat(cache.middleware)\`).`,
      ),
    );
  }
  const settled = () => stamp.settled(payload.fetchedAt);
  promise.then(settled, settled);
  return promise;
}
