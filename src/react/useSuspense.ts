import { useEffect } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { fetchOnce, noteUnrecorded, unrecordedFailure } from './fetchOnce';
import { useRestCache } from './useRestCache';
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
  const cache = useRestCache();
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
  if (request.mustFetch) {
    // A fetch refused before it was sent leaves nothing in the store: its error goes to the boundary, where
    // suspending again would show the fallback forever.
    const refused = unrecordedFailure(controller, key, cache.now(), endpoint.errorExpiryLength ?? 1_000);
    if (refused !== undefined) throw refused;
    // The same promise for every render while the request is in flight (StrictMode renders twice).
    const pending = fetchOnce(controller, endpoint, args, key);
    const { lastReset } = cache.selectCacheState(controller.getState());
    // Dropped by a reset (fetched again) or aborted (`controller.abort`: fetched again, as before) is not refused.
    noteUnrecorded(controller, key, pending, cache.now, (error) => {
      const state = controller.getState();
      return (
        cache.selectCacheState(state).lastReset !== lastReset ||
        (error as { name?: unknown } | null)?.name === 'AbortError' ||
        cache.selectError(state, endpoint, ...(args as EndpointArgs<E>)) === error
      );
    });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense: a render throws the pending promise.
    throw pending;
  }
  return request.data;
}
