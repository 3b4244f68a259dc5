import { useEffect } from 'react';
import type { EndpointArgs, EndpointInterface, PollOptions } from 'rest-slice';
import { splitOptions } from './splitOptions';
import { useController } from './useController';
import { requestKey } from './useRequestState';

/**
 * Subscribes `endpoint(...args)` while mounted, at `frequency` (none: the
 * endpoint's `pollFrequency`); `null` as the args subscribes nothing. A new
 * key or frequency ends the old subscription and starts the new one.
 */
export function useSubscribed(frequency: number | undefined, endpoint: EndpointInterface, args: readonly unknown[]): void {
  const controller = useController();
  const key = requestKey(endpoint, args);

  useEffect(() => {
    if (key === undefined) return undefined;
    // The same options for unsubscribe: the middleware removes this subscriber's frequency.
    const input = (frequency === undefined ? [endpoint, ...args] : [{ pollFrequency: frequency }, endpoint, ...args]) as [EndpointInterface];
    void controller.subscribe(...input);
    return () => {
      void controller.unsubscribe(...input);
    };
    // `key` stands for `args`: an equal request keeps its subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, endpoint, key, frequency]);
}

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
export function useSubscription<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): void;
/**
 * The same at `options.pollFrequency` (ms) for this component instead of the
 * endpoint's. The options come first because the args are variadic. Every
 * user of the request shares one polling: the smallest positive frequency
 * among them wins; `0` means this component does not poll.
 *
 * @throws when `pollFrequency` is negative, `NaN` or infinite (from the effect, to the nearest error boundary).
 * @example
 * useSubscription({ pollFrequency: fast ? 1_000 : 10_000 }, TodoResource.getList);
 */
export function useSubscription<E extends EndpointInterface>(options: PollOptions, endpoint: E, ...args: EndpointArgs<E> | readonly [null]): void;
export function useSubscription(...input: readonly unknown[]): void {
  const [options, endpoint, args] = splitOptions<PollOptions>(input);
  useSubscribed(options?.pollFrequency, endpoint, args);
}
