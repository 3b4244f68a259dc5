import { useEffect } from 'react';
import type { EndpointArgs, EndpointInterface } from 'rest-slice';
import { useController } from './useController';
import { isSkipped } from './useRequestState';

/**
 * Polls `endpoint(...args)` at the endpoint's `pollFrequency` while the
 * component is mounted: subscribes on mount, unsubscribes on unmount or when
 * the request changes. Polling stops with the last subscriber. `null` as the
 * args skips. Does not read the data: pair it with `useSuspense` (or use `useLive`).
 * Never suspends or throws.
 *
 * @example
 * useSubscription(TodoResource.getList); // polls at getList's pollFrequency while mounted
 * const todos = useSuspense(TodoResource.getList);
 */
export function useSubscription<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): void {
  const controller = useController();
  const key = isSkipped(args) ? undefined : endpoint.key(...args);

  useEffect(() => {
    if (key === undefined) return undefined;
    const subscribed = args as EndpointArgs<E>;
    void controller.subscribe(endpoint, ...subscribed);
    return () => {
      void controller.unsubscribe(endpoint, ...subscribed);
    };
    // `key` stands for `args`: an equal request keeps its subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, endpoint, key]);
}
