import { useCallback, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectPages, type EndpointArgs, type EndpointInterface, type PagesInfo } from 'rest-slice';
import { useController } from './useController';
import { requestKey } from './useRequestState';
import { useRestCache } from './useRestCache';

/** The page state and page fetchers of an infinite list, as the infinite hooks return them. */
export interface InfinitePages {
  /** Whether there is a page after the last one loaded. */
  readonly hasNextPage: boolean;
  /** Whether there is a page before the first one loaded. */
  readonly hasPreviousPage: boolean;
  /** True while the next page is in flight. */
  readonly isFetchingNextPage: boolean;
  /** True while the previous page is in flight. */
  readonly isFetchingPreviousPage: boolean;
  /** Fetches the next page (`controller.fetchNextPage`); never rejects: a failure is the list's `error`. Takes no arguments, so `onClick={fetchNextPage}` works. */
  fetchNextPage(): Promise<void>;
  /** Fetches the previous page (`controller.fetchPreviousPage`); never rejects, like `fetchNextPage`. */
  fetchPreviousPage(): Promise<void>;
}

const SKIPPED_PAGES: PagesInfo = /* @__PURE__ */ Object.freeze({
  hasNextPage: false,
  hasPreviousPage: false,
  isFetchingNextPage: false,
  isFetchingPreviousPage: false,
  pageParams: /* @__PURE__ */ Object.freeze([]),
});

/** The pages of `endpoint(...args)` from the store (`selectPages`) and stable page fetchers; `null` args skip. */
export function useInfinitePages<E extends EndpointInterface>(endpoint: E, args: readonly unknown[]): InfinitePages {
  const cache = useRestCache();
  // The page fetchers never reject, so a cache without the feature would fail silently: say so at once.
  if (process.env.NODE_ENV !== 'production' && !cache.features.some((feature) => feature.name === 'infinitePages')) {
    throw new Error(
      `[rest-slice] \`useInfiniteSuspense\`/\`useInfiniteDLE\` need the infinitePages feature: the cache at \`${cache.reducerPath}\` was made without it. Install it with \`createRestCache({ features: [infinitePages()] })\` and give that cache to \`RestCacheProvider\`.`,
    );
  }
  const controller = useController();
  const key = requestKey(endpoint, args);
  const pages = useSelector((state: unknown) =>
    key === undefined ? SKIPPED_PAGES : selectPages(cache, state, endpoint, ...(args as unknown as EndpointArgs<E>)),
  );
  const fetchNextPage = useCallback(async () => {
    if (key === undefined) return;
    await controller.fetchNextPage(endpoint, ...(args as unknown as EndpointArgs<E>)).catch(() => undefined);
    // `key` stands for `endpoint` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key]);
  const fetchPreviousPage = useCallback(async () => {
    if (key === undefined) return;
    await controller.fetchPreviousPage(endpoint, ...(args as unknown as EndpointArgs<E>)).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key]);
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = pages;
  return useMemo(
    () => ({ hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage }),
    [hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage],
  );
}
