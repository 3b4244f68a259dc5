import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { useSubscription } from './useSubscription';
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
export function useLive<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): EndpointData<E> | undefined;
export function useLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): EndpointData<E> | undefined {
  const data = useSuspense(endpoint, ...args);
  useSubscription(endpoint, ...args);
  return data;
}
