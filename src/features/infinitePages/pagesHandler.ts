import type { FetchImplementation } from '../../rest/Endpoint';
import { createAction } from '@reduxjs/toolkit';
import { getOwn, isPlainRecord } from '../../schema/own';
import type { EndpointInterface } from '../../store/endpoint';
import { readResponse, type FeatureCache, type FeatureRuntime, type FeatureStore } from '../../store/feature';
import { collectionPath, itemsAt, pagesSchema, withItemsAt } from './pageSchemas';
import {
  fetchPage,
  isPageEndpoint,
  isPaginated,
  maxPagesOf,
  pageState,
  type PageDirection,
  type PageState,
  type PagesState,
  type PagesPayload,
  type PaginatedEndpoint,
} from './pagination';

/** A request of an infinite list in flight: what its response makes of the list's pages. */
interface PagesRun {
  readonly key: string;
  /** A page request's direction; absent for a fetch of the list itself. */
  readonly direction?: PageDirection;
  /** Set once the response is in: the list's pages with it. */
  result?(current: PagesState | undefined): PagesState;
}

type FetchWith = (options: { fetch?: FetchImplementation; signal?: AbortSignal }, ...args: unknown[]) => Promise<unknown>;

function withFlag(entry: PagesState | undefined, direction: PageDirection, on: boolean): PagesState {
  const { fetchingNext, fetchingPrevious, pages } = entry ?? { pages: [] };
  const next = direction === 'next' ? on : fetchingNext === true;
  const previous = direction === 'previous' ? on : fetchingPrevious === true;
  return { pages, ...(next ? { fetchingNext: true as const } : {}), ...(previous ? { fetchingPrevious: true as const } : {}) };
}

/** The pages of a refetch as one response: their items concatenated at the Collection's place, the last page's other members. */
function combine(endpoint: PaginatedEndpoint, values: readonly unknown[]): unknown {
  if (values.length === 1) return values[0];
  const found = collectionPath(endpoint.schema);
  if (found === undefined) return values[values.length - 1];
  const parts = values.map((value) => itemsAt(value, found.path));
  const items: unknown = parts.every(Array.isArray)
    ? parts.flat()
    : Object.assign({}, ...parts.filter(isPlainRecord));
  return withItemsAt(values[values.length - 1], found.path, items);
}

/** Page params are plain JSON, stored as `{}` when absent: equal when they serialize the same. */
function sameParams(stored: unknown, params: unknown): boolean {
  return stored === params || JSON.stringify(stored ?? {}) === JSON.stringify(params ?? {});
}

/**
 * Infinite lists: a page request (`fetchNextPage`/`fetchPreviousPage`)
 * records its page in `state.pages[listKey]` (with `fetchingNext`/
 * `fetchingPrevious` while in flight) and drops the page `maxPages` evicts;
 * a fetch of a paginated list (`getNextPageParams`, `getPreviousPageParams`
 * or `paginationField`) with pages loaded past its first refetches every one of
 * them in order, as one response replacing the list (so a refetch after
 * `invalidate`, expiry, focus or a poll keeps the pages shown). A list
 * garbage collection removes loses its pages.
 */
export function runPages(cache: FeatureCache, store: FeatureStore): FeatureRuntime {
  const { actions } = cache;
  const pagesAction = createAction<PagesPayload>(`${cache.reducerPath}/pages`);
  const runs = new Map<string, PagesRun>();

  const entryOf = (key: string): PagesState | undefined => {
    const pages = store.slice().pages;
    return pages === undefined ? undefined : getOwn(pages, key);
  };
  const put = (key: string, entry: PagesState | null) => store.dispatch(pagesAction({ key, entry }));

  function pageRunner(endpoint: EndpointInterface & { list: PaginatedEndpoint; direction: PageDirection }, run: PagesRun): EndpointInterface {
    const { list, direction } = endpoint;
    const fetchWith: FetchWith = async (options, listParams, pageParams) => {
      const value = await fetchPage(list, options, pageParams);
      const page = pageState(list, value, pageParams, [listParams]);
      const max = maxPagesOf(list);
      run.result = (current) => {
        const pages = current?.pages ?? [];
        const all = direction === 'next' ? [...pages, page] : [page, ...pages];
        const kept = all.length <= max ? all : direction === 'next' ? all.slice(all.length - max) : all.slice(0, max);
        return withFlag({ ...current, pages: kept }, direction, false);
      };
      return value;
    };
    return Object.create(endpoint, { fetchWith: { value: fetchWith } }) as EndpointInterface;
  }

  /**
   * Whether a call appends the page it names to another list (`getPage({ page: 2 })`, `paginated`): its request key
   * is the list's, the same without the page. A list whose own params hold the page (`getList({ page: 2 })`)
   * is a list of its own, whose pages are recorded from that one on.
   */
  function appendsNamedPage(endpoint: PaginatedEndpoint, key: string, args: readonly unknown[]): boolean {
    const field = endpoint.paginationField;
    const params = args[0];
    if (typeof field !== 'string' || !isPlainRecord(params) || getOwn(params, field) === undefined) return false;
    const { [field]: _page, ...rest } = params;
    return endpoint.key(rest, ...args.slice(1)) === key;
  }

  function listRunner(endpoint: PaginatedEndpoint, run: PagesRun, callArgs: readonly unknown[]): EndpointInterface {
    const stored = entryOf(run.key)?.pages;
    const firstParams = callArgs[0];
    // Every loaded page is reloaded; with `maxPages` the one page kept may not be the first. A call that appends
    // the page it names to the list (`getPage({ page: 2 })`) is that page, not a refetch of the list.
    const namesPage = appendsNamedPage(endpoint, run.key, callArgs);
    const reloads = stored !== undefined && stored.length > 0 && !namesPage;
    const rebuild = reloads && (stored.length > 1 || !sameParams(stored[0].params, firstParams));
    /** The pages to reload: those loaded when the refetch started, and next pages that landed since (a `fetchNextPage` racing it). */
    const planned = (): readonly PageState[] => {
      if (!reloads) return [];
      const now = entryOf(run.key)?.pages;
      return now !== undefined && now.length > stored.length && sameParams(now[0].params, stored[0].params) ? now : stored;
    };
    const original = endpoint.fetchWith;
    const computesNext = typeof endpoint.getNextPageParams === 'function' || typeof endpoint.paginationField === 'string';
    const fetchWith: FetchWith = async function (this: unknown, options, ...args) {
      const values: unknown[] = [];
      const pages: PageState[] = [];
      for (let i = 0; ; i++) {
        const plan = planned();
        if (i >= Math.max(1, plan.length)) break;
        // Later pages follow the fresh responses (cursors may have moved); without `getNextPageParams`, the stored params.
        const params = i === 0 ? (rebuild ? plan[0].params : args[0]) : computesNext ? pages[i - 1].next : plan[i].params;
        if (i > 0 && params === undefined) break;
        const value =
          i === 0 && !rebuild && original !== undefined ? await original.call(this, options, ...args) : await fetchPage(endpoint, options, params);
        values.push(value);
        pages.push(pageState(endpoint, value, params, args));
      }
      // A page named by the call is not recorded as the list's pages (as Data Client's `getPage`).
      if (!namesPage) run.result = (current) => ({ ...current, pages });
      return combine(endpoint, values);
    };
    const members: PropertyDescriptorMap = { fetchWith: { value: fetchWith } };
    // Concatenated pages replace the list, each item once.
    if (reloads) members.schema = { value: pagesSchema(endpoint.schema, 'replace', endpoint.name) };
    return Object.create(endpoint, members) as EndpointInterface;
  }

  /**
   * A list with pages written without a request (`controller.setResponse`, `resolve`: a streamed event, data
   * rendered on the server) is that one response now: its pages start again from it, so the next page follows
   * what is shown. An endpoint this cache does not know forgets its pages (the next page fetches the list).
   */
  function written(name: string, key: string, args: readonly unknown[]): void {
    const entry = entryOf(key);
    if (entry === undefined || entry.pages.length === 0) return;
    const endpoint = cache.resolveEndpoint?.(name, key);
    if (endpoint === undefined || !isPaginated(endpoint)) {
      put(key, null);
      return;
    }
    put(key, { pages: [pageState(endpoint, readResponse(store, endpoint, args).data, args[0], args)] });
  }

  return {
    prepareRequest({ endpoint, args, payload, requestId }) {
      const key = payload.key;
      if (isPageEndpoint(endpoint)) {
        const run: PagesRun = { key, direction: endpoint.direction };
        runs.set(requestId, run);
        put(key, withFlag(entryOf(key), endpoint.direction, true));
        return pageRunner(endpoint, run);
      }
      if (isPaginated(endpoint) && typeof endpoint.fetchWith === 'function') {
        const run: PagesRun = { key };
        runs.set(requestId, run);
        return listRunner(endpoint, run, args);
      }
      return undefined;
    },

    after(action) {
      if (actions.gc.match(action)) {
        // A list garbage collection removed forgets its pages.
        for (const key of action.payload.keys) if (entryOf(key) !== undefined) put(key, null);
        return;
      }
      if (actions.reset.match(action)) {
        runs.clear();
        return;
      }
      if (actions.setResponse.match(action) && action.payload.requestId === undefined) {
        written(action.payload.endpoint, action.payload.key, action.payload.args);
        return;
      }
      const settled = actions.setResponse.match(action) || actions.setError.match(action) || actions.abort.match(action);
      if (!settled) return;
      const requestId = (action.payload as { requestId?: string }).requestId;
      const run = requestId === undefined ? undefined : runs.get(requestId);
      if (run === undefined) return;
      runs.delete(requestId!);
      const current = entryOf(run.key);
      if (actions.setResponse.match(action) && run.result !== undefined) {
        put(run.key, run.result(current));
      } else if (run.direction !== undefined && current !== undefined) {
        put(run.key, withFlag(current, run.direction, false));
      }
    },
  };
}
