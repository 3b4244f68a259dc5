import { useEffect, useMemo, useState } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { fetchOnce } from './fetchOnce';
import { useController } from './useController';
import { useRequestState } from './useRequestState';
import { useRetain } from './useRetain';
import { useRestCache } from './useRestCache';

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
  const { data, loading, error } = useDataLoadingError(endpoint, args);
  // A stable object while its members are, so it can be an effect dependency.
  return useMemo(() => ({ data, loading, error }), [data, loading, error]);
}

/**
 * {@link useDLE}'s state, and whether a result of these args is there to show (`data` may be `null`, or
 * `undefined` for an endpoint that answered nothing): what tells `useRequest` a loaded empty answer from one
 * still to come.
 */
export function useDataLoadingError<E extends EndpointInterface>(
  endpoint: E,
  args: EndpointArgs<E> | readonly [null],
): DataLoadingError<EndpointData<E>> & { readonly current: boolean } {
  const controller = useController();
  const cache = useRestCache();
  const request = useRequestState(endpoint, args, true);
  const { key, shouldFetch, inFlight } = request;
  useRetain(endpoint, args, key);
  // A fetch that failed without a word in the store (aborted, or refused before it was sent) ends the loading
  // with its error, as RTK Query's aborted query does; one dropped by `resetEntireStore` is fetched again (the
  // data is still needed). Neither changes the state, so this hook's own state says so.
  const [dropped, setDropped] = useState<{ readonly key: string; readonly error: Error }>();
  const [resets, setResets] = useState(0);
  const droppedNow = dropped !== undefined && dropped.key === key ? dropped.error : undefined;

  useEffect(() => {
    if (!shouldFetch || key === undefined || droppedNow !== undefined) return;
    const { lastReset } = cache.selectCacheState(controller.getState());
    fetchOnce(controller, endpoint, args, key, true).catch((error: unknown) => {
      if (cache.selectCacheState(controller.getState()).lastReset !== lastReset) setResets((count) => count + 1);
      // A failure the store recorded (the very error) is `request.error`.
      else if (cache.selectError(controller.getState(), endpoint, ...(args as EndpointArgs<E>)) !== error)
        setDropped({ key, error: error instanceof Error ? error : new Error(String(error)) });
    });
    // `key` stands for `endpoint` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, shouldFetch, resets, droppedNow]);

  // Data that came another way (a refetch, another reader) ends the dropped failure.
  if (dropped !== undefined && !request.mustFetch && dropped.key === key) setDropped(undefined);

  const loading = inFlight || (request.mustFetch && request.activeError === undefined && droppedNow === undefined);
  return { data: request.data, loading, error: request.error ?? droppedNow, current: key !== undefined && !request.mustFetch };
}
