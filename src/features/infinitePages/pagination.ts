/**
 * Infinite lists in the store: the page endpoints of a list endpoint, the
 * params of its next and previous pages, and what the state keeps of the
 * pages loaded (`state.pages[listKey]`).
 */
import type { FetchImplementation } from '../../rest/Endpoint';
import { collectionPath, itemId, itemsAt, pagesSchema, type PageMode } from './pageSchemas';
import { normalize } from '../../schema/normalize';
import type { EndpointInterface } from '../../store/endpoint';
import { plainJson } from '../../schema/jsonForm';

/** One loaded page of a list, as the state keeps it (plain JSON). */
export interface PageState {
  /** The page's params (the list's params for the page fetched first). */
  readonly params: unknown;
  /** The params of the page after this one; absent when there is none. */
  readonly next?: unknown;
  /** The params of the page before this one; absent when there is none. */
  readonly previous?: unknown;
  /** The pks of the items this page brought (what `maxPages` drops with it). */
  readonly ids: readonly string[];
}

/** The pages loaded of one list (`state.pages[listKey]`), first to last, and which edge is being fetched. */
export interface PagesState {
  /** The loaded pages, first to last. */
  readonly pages: readonly PageState[];
  /** `true` while a next page is in flight; absent otherwise. */
  readonly fetchingNext?: true;
  /** `true` while a previous page is in flight; absent otherwise. */
  readonly fetchingPrevious?: true;
}

/** Payload of `<reducerPath>/pages`: the pages of a list after a page (or the list) landed; `null` forgets them. */
export interface PagesPayload {
  /** The list's request key. */
  readonly key: string;
  /** The list's pages, or `null` to forget them. */
  readonly entry: PagesState | null;
}

/** What `selectPages` answers for a list. */
export interface PagesInfo {
  /** Whether `fetchNextPage` has a page to fetch. */
  readonly hasNextPage: boolean;
  /** Whether `fetchPreviousPage` has a page to fetch. */
  readonly hasPreviousPage: boolean;
  /** Whether the next page is in flight. */
  readonly isFetchingNextPage: boolean;
  /** Whether the previous page is in flight. */
  readonly isFetchingPreviousPage: boolean;
  /** The params of each loaded page, first to last (empty before the list is loaded). */
  readonly pageParams: readonly unknown[];
}

/** An endpoint's pagination options, as the store reads them (a `RestEndpoint` with `getNextPageParams`, `getPreviousPageParams`, `paginationField`, `maxPages`). */
export interface PaginatedEndpoint extends EndpointInterface {
  getNextPageParams?(lastResponse: unknown, params: any): unknown;
  getPreviousPageParams?(firstResponse: unknown, params: any): unknown;
  readonly paginationField?: string;
  readonly maxPages?: number;
  fetchWith?(options: { fetch?: FetchImplementation; signal?: AbortSignal }, ...args: any[]): Promise<unknown>;
}

/** Whether an endpoint is an infinite list: it has `getNextPageParams`/`getPreviousPageParams` or a `paginationField`, and a schema. */
export function isPaginated(endpoint: EndpointInterface): endpoint is PaginatedEndpoint {
  const e = endpoint as PaginatedEndpoint;
  if (e.sideEffect || e.schema === undefined || e.schema === null) return false;
  return typeof e.getNextPageParams === 'function' || typeof e.getPreviousPageParams === 'function' || (typeof e.paginationField === 'string' && e.paginationField !== '');
}

/** `maxPages` of an endpoint: a whole number >= 1, else no limit. @throws naming the endpoint for another value. */
export function maxPagesOf(endpoint: PaginatedEndpoint): number {
  const max = endpoint.maxPages;
  if (max === undefined) return Infinity;
  if (typeof max !== 'number' || !(max >= 1) || (Number.isFinite(max) && !Number.isInteger(max))) {
    throw new TypeError(`[rest-slice] \`${endpoint.name}\`'s \`maxPages\` must be a whole number >= 1 (or Infinity), got ${String(max)}`);
  }
  return max;
}

function asParams(endpoint: PaginatedEndpoint, option: string, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `[rest-slice] \`${endpoint.name}\`'s \`${option}\` must return the next request's params (an object) or \`undefined\`, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
    );
  }
  try {
    return plainJson(value);
  } catch {
    throw new TypeError(`[rest-slice] \`${endpoint.name}\`'s \`${option}\` must return plain JSON params`);
  }
}

/** The items a response holds at the list's Collection (an array or an object of items). */
function rawItems(endpoint: PaginatedEndpoint, value: unknown): unknown {
  const found = collectionPath(endpoint.schema);
  return found === undefined ? undefined : itemsAt(value, found.path);
}

function itemCount(items: unknown): number {
  if (Array.isArray(items)) return items.length;
  return typeof items === 'object' && items !== null ? Object.keys(items).length : 0;
}

function pageNumber(params: unknown, field: string): number {
  const value = (params as Record<string, unknown> | undefined)?.[field];
  const number = value === undefined || value === null || value === '' ? 1 : Number(value);
  return Number.isFinite(number) ? number : 1;
}

/** The params after `value` (the page fetched with `params`), or `undefined` at the end. */
export function nextParamsOf(endpoint: PaginatedEndpoint, value: unknown, params: unknown): unknown {
  if (typeof endpoint.getNextPageParams === 'function') {
    return asParams(endpoint, 'getNextPageParams', endpoint.getNextPageParams(value, params));
  }
  const field = endpoint.paginationField;
  if (typeof field !== 'string' || typeof endpoint.getPreviousPageParams === 'function') return undefined;
  // Page numbers: the next page while the last one brought items.
  if (itemCount(rawItems(endpoint, value)) === 0) return undefined;
  return { ...(params as object), [field]: pageNumber(params, field) + 1 };
}

/** The params before `value` (the page fetched with `params`), or `undefined` at the start. */
export function previousParamsOf(endpoint: PaginatedEndpoint, value: unknown, params: unknown): unknown {
  if (typeof endpoint.getPreviousPageParams === 'function') {
    return asParams(endpoint, 'getPreviousPageParams', endpoint.getPreviousPageParams(value, params));
  }
  const field = endpoint.paginationField;
  if (typeof field !== 'string' || typeof endpoint.getNextPageParams === 'function') return undefined;
  const page = pageNumber(params, field);
  return page > 1 ? { ...(params as object), [field]: page - 1 } : undefined;
}

/**
 * The items of a page's response as the list stores them (pks; `{ id, schema }` for a Union's), in the form the
 * page merge compares them: the Collection's own schema normalizes them, so `process`, a computed `pk` and
 * polymorphic items count as they do in the store. A page that does not normalize records none (its request fails).
 */
export function pageIds(endpoint: PaginatedEndpoint, value: unknown, args: readonly unknown[]): string[] {
  const found = collectionPath(endpoint.schema);
  if (found === undefined) return [];
  const items = itemsAt(value, found.path);
  if (typeof items !== 'object' || items === null) return [];
  if (!Array.isArray(items)) return Object.keys(items);
  let stored: unknown;
  try {
    stored = normalize(found.collection.schema, items, args).result;
  } catch {
    return [];
  }
  return Array.isArray(stored) ? stored.map(itemId) : [];
}

/** The page in a list's pages: its params, neighbours and item pks, from its response. */
export function pageState(endpoint: PaginatedEndpoint, value: unknown, params: unknown, args: readonly unknown[]): PageState {
  const next = nextParamsOf(endpoint, value, params);
  const previous = previousParamsOf(endpoint, value, params);
  return {
    params: params === undefined ? {} : plainJson(params),
    ...(next !== undefined ? { next } : {}),
    ...(previous !== undefined ? { previous } : {}),
    ids: pageIds(endpoint, value, args),
  };
}

/** Which way a page request goes. */
export type PageDirection = 'next' | 'previous';

/** A page endpoint: fetches one page of `list` into the list stored for its params. */
export interface PageEndpoint extends EndpointInterface {
  readonly list: PaginatedEndpoint;
  readonly direction: PageDirection;
  readonly keepsExpiry: true;
}

const pageEndpoints = new WeakMap<PaginatedEndpoint, Partial<Record<PageDirection, PageEndpoint>>>();

/**
 * The endpoint `fetchNextPage` (or `fetchPreviousPage`) dispatches for
 * `list`: named `<list name>.nextPage`, args `[listParams, pageParams,
 * { drop }?]`, stored under the list's request key.
 */
export function pageEndpointOf(list: PaginatedEndpoint, direction: PageDirection): PageEndpoint {
  const cached = pageEndpoints.get(list)?.[direction];
  if (cached !== undefined) return cached;
  const mode: PageMode = direction === 'next' ? 'append' : 'prepend';
  const api = direction === 'next' ? 'fetchNextPage' : 'fetchPreviousPage';
  const page: PageEndpoint = {
    list,
    direction,
    name: `${list.name}.${direction}Page`,
    key: (listParams?: unknown) => (listParams === undefined || listParams === null ? list.key() : list.key(listParams)),
    schema: pagesSchema(list.schema, mode, `${api}(${list.name})`),
    sideEffect: false,
    dataExpiryLength: list.dataExpiryLength,
    errorExpiryLength: list.errorExpiryLength,
    retry: list.retry,
    retryDelay: list.retryDelay,
    keepUnusedDataFor: list.keepUnusedDataFor,
    // A failed page keeps the list shown: its error is 'soft' (hooks show it without throwing while the list has data).
    errorPolicy: () => 'soft' as const,
    // Its failure leaves the list's expiry as it was (the pages loaded are not stale).
    keepsExpiry: true,
    fetchWith: (options, _listParams: unknown, pageParams: unknown) => fetchPage(list, options, pageParams),
  };
  pageEndpoints.set(list, { ...pageEndpoints.get(list), [direction]: page });
  return page;
}

/** Whether `endpoint` is a page endpoint this module made (or the per-request runner the store derives from one). */
export function isPageEndpoint(endpoint: EndpointInterface): endpoint is PageEndpoint {
  const page = endpoint as Partial<PageEndpoint>;
  if (page.list === undefined) return false;
  const made = pageEndpoints.get(page.list)?.[page.direction as PageDirection];
  return made !== undefined && (made === endpoint || Object.prototype.isPrototypeOf.call(made, endpoint));
}

/** Runs one page request of `list` with `params`. */
export function fetchPage(list: PaginatedEndpoint, options: { fetch?: FetchImplementation; signal?: AbortSignal }, params: unknown): Promise<unknown> {
  if (typeof list.fetchWith === 'function') return list.fetchWith(options, params);
  return (list as unknown as (...args: unknown[]) => Promise<unknown>)(params);
}

const NO_PAGES: PagesInfo = /* @__PURE__ */ Object.freeze({
  hasNextPage: false,
  hasPreviousPage: false,
  isFetchingNextPage: false,
  isFetchingPreviousPage: false,
  pageParams: /* @__PURE__ */ Object.freeze([]),
});
const infoCache = new WeakMap<PagesState, PagesInfo>();

/** What `selectPages` answers for a list's entry (the same object for the same entry). */
export function pagesInfo(entry: PagesState | undefined): PagesInfo {
  if (entry === undefined) return NO_PAGES;
  let info = infoCache.get(entry);
  if (info === undefined) {
    const { pages } = entry;
    info = Object.freeze({
      hasNextPage: pages.length > 0 && pages[pages.length - 1].next !== undefined,
      hasPreviousPage: pages.length > 0 && pages[0].previous !== undefined,
      isFetchingNextPage: entry.fetchingNext === true,
      isFetchingPreviousPage: entry.fetchingPrevious === true,
      pageParams: Object.freeze(pages.map((page) => page.params)),
    });
    infoCache.set(entry, info);
  }
  return info;
}

/** The request of `fetchNextPage`/`fetchPreviousPage`: the list itself when none is loaded, a page endpoint's, or none past the end. */
export function pageRequestOf(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  entry: PagesState | undefined,
  direction: PageDirection,
): { endpoint: EndpointInterface; args: readonly unknown[] } | undefined {
  const api = direction === 'next' ? 'fetchNextPage' : 'fetchPreviousPage';
  if (!isPaginated(endpoint)) {
    throw new TypeError(
      `[rest-slice] \`controller.${api}(${endpoint.name})\` needs a GET endpoint whose schema holds a Collection, with \`getNextPageParams\`, \`getPreviousPageParams\` or \`paginationField\`: add one of them to '${endpoint.name}'.`,
    );
  }
  const pages = entry?.pages ?? [];
  if (pages.length === 0) return { endpoint, args };
  const edge = direction === 'next' ? pages[pages.length - 1] : pages[0];
  const params = direction === 'next' ? edge.next : edge.previous;
  if (params === undefined) return undefined;
  const listParams = args.length === 0 || args[0] === undefined ? null : args[0];
  const page = pageEndpointOf(endpoint, direction);
  if (pages.length < maxPagesOf(endpoint)) return { endpoint: page, args: [listParams, params] };
  // `maxPages`: the page at the other end goes, with the items no other page holds.
  const evicted = direction === 'next' ? 0 : pages.length - 1;
  const kept = new Set(pages.flatMap((other, index) => (index === evicted ? [] : other.ids)));
  const drop = pages[evicted].ids.filter((id) => !kept.has(id));
  return { endpoint: page, args: [listParams, params, { drop }] };
}
