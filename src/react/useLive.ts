import type { EndpointArgs, EndpointData, EndpointInterface, PollOptions } from 'rest-slice';
import { splitOptions } from './splitOptions';
import { useSubscribed } from './useSubscription';
import { useSuspense } from './useSuspense';

/**
 * `useSuspense` plus `useSubscription`: the data of `endpoint(...args)`, kept
 * fresh by polling at the endpoint's `pollFrequency` (and its `onSubscribe`
 * live subscription) while mounted.
 *
 * @throws like `useSuspense`: suspends while the data is missing, throws the
 * request's error to the nearest error boundary.
 * @example
 * const todos = useLive(TodoResource.getList); // polls at getList's pollFrequency while mounted
 */
export function useLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): EndpointData<E>;
/** The same, for a request that may be skipped: `null` as the args skips it and returns `undefined`. */
export function useLive<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): EndpointData<E> | undefined;
/**
 * The same, polling at `options.pollFrequency` (ms) for this component instead
 * of the endpoint's (given first: the args are variadic). The smallest
 * positive frequency among the request's users wins; `0`: this one does not poll.
 *
 * @example
 * const todos = useLive({ pollFrequency: 2_000 }, TodoResource.getList);
 */
export function useLive<E extends EndpointInterface>(options: PollOptions, endpoint: E, ...args: EndpointArgs<E>): EndpointData<E>;
/** The options-first form for a request that may be skipped (`null` as the args). */
export function useLive<E extends EndpointInterface>(
  options: PollOptions,
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): EndpointData<E> | undefined;
export function useLive(...input: readonly unknown[]): unknown {
  const [options, endpoint, args] = splitOptions<PollOptions>(input);
  const data = useSuspense(endpoint, ...(args as readonly [null]));
  useSubscribed(options?.pollFrequency, endpoint, args);
  return data;
}
