import { useMemo } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { useDLE, type DataLoadingError } from './useDLE';
import { useInfinitePages, type InfinitePages } from './useInfinitePages';

/** What {@link useInfiniteDLE} returns: data, loading and error of the list, and its pages. */
export interface InfiniteDataLoadingError<T> extends DataLoadingError<T>, InfinitePages {}

/**
 * {@link useInfiniteSuspense} without Suspense or error boundaries:
 * `{ data, loading, error }` as `useDLE` gives them (`error` includes a failed
 * page's), plus the page state and fetchers. `null` as the args skips.
 * Never suspends or throws.
 *
 * @example
 * const { data, loading, hasNextPage, fetchNextPage } = useInfiniteDLE(TodoResource.getList, { userId });
 */
export function useInfiniteDLE<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): InfiniteDataLoadingError<EndpointData<E>> {
  const dle = useDLE(endpoint, ...args);
  const pages = useInfinitePages(endpoint, args);
  return useMemo(() => ({ ...pages, ...dle }), [pages, dle]);
}
