import { useMemo } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { useInfinitePages, type InfinitePages } from './useInfinitePages';
import { useSuspense } from './useSuspense';

/** What {@link useInfiniteSuspense} returns: the whole list, and its pages. */
export interface InfiniteSuspense<T> extends InfinitePages {
  /** Every loaded page's items in the one stored list (with the last page's other members). */
  readonly data: T;
}

/**
 * An infinite list (an endpoint with `getNextPageParams`,
 * `getPreviousPageParams` or `paginationField`) with Suspense, as
 * `useSuspense` fetches it, plus `hasNextPage`, `fetchNextPage`,
 * `isFetchingNextPage` and their previous-page twins. Pages land in the one
 * list `data` holds; a refetch reloads every loaded page. A failed page keeps
 * the list shown (its error does not throw while the list has data).
 *
 * @throws like `useSuspense`: suspends until the first page is loaded, throws
 * its error to the nearest error boundary.
 * @example
 * const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteSuspense(TodoResource.getList, { userId });
 */
export function useInfiniteSuspense<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): InfiniteSuspense<EndpointData<E>> {
  // Pages first: in a cache without the feature it throws before `useSuspense` sends a request.
  const pages = useInfinitePages(endpoint, args);
  const data = useSuspense(endpoint, ...args);
  return useMemo(() => ({ ...pages, data }), [pages, data]);
}
