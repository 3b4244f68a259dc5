import { useEffect, useMemo } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { fetchOnce } from './fetchOnce';
import { useController } from './useController';
import { useRequestState } from './useRequestState';
import { useRetain } from './useRetain';

/** What {@link useDLE} returns. */
export interface DataLoadingError<T> {
  /**
   * The data; `undefined` while missing or invalid. Stale data is kept while it revalidates, except for an
   * `invalidIfStale` endpoint: stale data of one is `undefined`, as `useSuspense` would suspend.
   */
  readonly data: T | undefined;
  /** True while the data is being fetched, or missing and about to be. */
  readonly loading: boolean;
  /** The last failure, until a later fetch succeeds. */
  readonly error: Error | undefined;
}

/**
 * Data, loading and error of `endpoint(...args)` without Suspense or error
 * boundaries: fetches when missing, invalid or stale. `null` as the args skips.
 * Never suspends or throws; a failed fetch is `error`. While mounted, the
 * result is held in use (garbage collection keeps it).
 *
 * @returns `{ data, loading, error }`, the same object while they do not change
 *
 * @example
 * const { data, loading, error } = useDLE(TodoResource.getList);
 */
export function useDLE<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): DataLoadingError<EndpointData<E>> {
  const controller = useController();
  const request = useRequestState(endpoint, args, true);
  const { key, shouldFetch } = request;
  useRetain(endpoint, args, key);

  useEffect(() => {
    if (shouldFetch && key !== undefined) {
      // The failure is in the store; `error` shows it.
      fetchOnce(controller, endpoint, args, key, true).catch(() => undefined);
    }
    // `key` stands for `endpoint` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, shouldFetch]);

  const loading = request.inFlight || (request.mustFetch && request.activeError === undefined);
  const { data, error } = request;
  // A stable object while its members are, so it can be an effect dependency.
  return useMemo(() => ({ data, loading, error }), [data, loading, error]);
}
