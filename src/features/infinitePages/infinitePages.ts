import type { EndpointInterface, KeyArgs } from '../../store/endpoint';
import type { FeatureMethods, RestFeature } from '../../store/feature';
import type { RestCache } from '../../store/createRestCache';
import { getOwn } from '../../schema/own';
import { ExpiryStatus } from '../../rest/ExpiryStatus';
import { pageRequestOf, pagesInfo, type PageDirection, type PagesInfo } from './pagination';
import { runPages } from './pagesHandler';
import { pagesReducer } from './pagesReducer';

/**
 * The infinite pages feature: `controller.fetchNextPage` and
 * `fetchPreviousPage` for lists whose endpoint has `getNextPageParams`,
 * `getPreviousPageParams` or `paginationField` (with `maxPages`), the pages
 * loaded in `state.pages[listKey]` (`<reducerPath>/pages`), and a refetch of
 * such a list (after `invalidate`, expiry, focus or a poll) that reloads
 * every page loaded. Read the pages with {@link selectPages} or the
 * `useInfiniteSuspense`/`useInfiniteDLE` hooks.
 *
 * @example
 * const cache = createRestCache({ features: [infinitePages()] });
 */
export function infinitePages(): RestFeature {
  return {
    name: 'infinitePages',
    reducers: { pages: pagesReducer },
    setup: runPages,
    controller(cache, store): FeatureMethods {
      const requestOf = (direction: PageDirection, endpoint: EndpointInterface, args: readonly unknown[]) => {
        const pages = store.slice().pages;
        return pageRequestOf(endpoint, args, pages === undefined ? undefined : getOwn(pages, endpoint.key(...args)), direction);
      };
      async function fetchPage(direction: PageDirection, endpoint: EndpointInterface, args: readonly unknown[]): Promise<never> {
        let request = requestOf(direction, endpoint, args);
        if (request === undefined || request.endpoint !== endpoint) {
          // An invalidated or stale list reloads its pages first: a page added to it must not pass the old ones
          // off as fresh (its answer dates the whole list). Then the page past the reloaded ones.
          const { expiryStatus, expiresAt } = store.controller().getResponse(endpoint, ...(args as never[]), store.getState());
          if (expiryStatus === ExpiryStatus.Invalid || expiresAt < cache.now()) {
            await store.fetch(endpoint, args);
            request = requestOf(direction, endpoint, args);
          }
        }
        if (request === undefined) return store.controller().getResponse(endpoint, ...(args as never[]), store.getState()).data as never;
        return store.fetch(request.endpoint, request.args) as Promise<never>;
      }
      return {
        fetchNextPage: (endpoint, ...args) => fetchPage('next', endpoint, args),
        fetchPreviousPage: (endpoint, ...args) => fetchPage('previous', endpoint, args),
      };
    },
  };
}

/**
 * The pages loaded of the infinite list `endpoint(...args)` in a root state:
 * `hasNextPage`, `hasPreviousPage`, `isFetchingNextPage`,
 * `isFetchingPreviousPage` and `pageParams` (all false / empty before the
 * list is loaded). The same object while the list's pages do not change.
 *
 * @example
 * const { hasNextPage } = selectPages(cache, store.getState(), TodoResource.getList, { userId: 1 });
 */
export function selectPages<E extends EndpointInterface>(cache: RestCache, rootState: unknown, endpoint: E, ...args: KeyArgs<E>): PagesInfo {
  const pages = cache.selectCacheState(rootState).pages;
  return pagesInfo(pages === undefined ? undefined : getOwn(pages, endpoint.key(...args)));
}
