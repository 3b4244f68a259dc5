import { useEffect } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { fetchOnce } from './fetchOnce';
import { useController } from './useController';
import { useRequestState } from './useRequestState';
import { useRetain } from './useRetain';

/**
 * The denormalized data of `endpoint(...args)`, fetched when needed.
 *
 * Suspends while the data is missing, invalid, or stale with `invalidIfStale`;
 * stale data is shown while it revalidates. `null` as the args skips the
 * request and returns `undefined`. Re-renders only when this data changes.
 *
 * @throws the request's error (a `NetworkError` carries `status`) to the
 * nearest error boundary, except a `'soft'` error (5xx by default) while
 * there is data to show. An error is thrown until it expires
 * (`errorExpiryLength`); after that, the next render fetches again.
 *
 * @example
 * const todo = useSuspense(TodoResource.get, { id });
 */
export function useSuspense<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): EndpointData<E>;
/** The same, for a request that may be skipped: `null` as the args skips it and returns `undefined`. */
export function useSuspense<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): EndpointData<E> | undefined;
export function useSuspense<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): EndpointData<E> | undefined {
  const controller = useController();
  const request = useRequestState(endpoint, args);
  const { key } = request;
  const revalidate = request.shouldFetch && !request.mustFetch;
  useRetain(endpoint, args, key);

  useEffect(() => {
    // The promise is already handled inside fetchOnce; the outcome reaches the store.
    if (revalidate && key !== undefined) void fetchOnce(controller, endpoint, args, key, true);
    // `key` stands for `endpoint` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, revalidate]);

  if (key === undefined) return undefined;
  if (request.activeError !== undefined) throw request.activeError;
  // The same promise for every render while the request is in flight (StrictMode renders twice).
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense: a render throws the pending promise.
  if (request.mustFetch) throw fetchOnce(controller, endpoint, args, key);
  return request.data;
}
