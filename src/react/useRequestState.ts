import { useMemo } from 'react';
import { useSelector, useStore } from 'react-redux';
import { ExpiryStatus, type EndpointArgs, type EndpointData, type EndpointInterface, type ResponseState } from 'rest-slice';
import { useRestCache } from './useRestCache';

/** What the read hooks know about one request, read from the store. */
export interface RequestState<T> {
  /** The request key; `undefined` when the args are `null` (skipped). */
  readonly key: string | undefined;
  readonly response: ResponseState<T>;
  /** The last failure, until a later fetch succeeds. */
  readonly error: Error | undefined;
  /**
   * The data a hook shows: `undefined` while it must be fetched (missing, invalid, or stale with
   * `invalidIfStale`, where `useSuspense` suspends).
   */
  readonly data: T | undefined;
  /** Past `expiresAt` (of the data, or of the error when the last fetch failed). */
  readonly stale: boolean;
  /** An error that hides the data: not `'soft'` with data, and not expired yet. */
  readonly activeError: Error | undefined;
  /** Missing, invalid, or stale with `invalidIfStale`: nothing to show until a fetch. */
  readonly mustFetch: boolean;
  /** Something to fetch now: missing, invalid or stale, unless a fresh error says to wait. */
  readonly shouldFetch: boolean;
  /** A fetch of it is in flight; always `false` unless asked for (a change of it would re-render the component). */
  readonly inFlight: boolean;
}

const SKIPPED: ResponseState<never> = /* @__PURE__ */ Object.freeze({ data: undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: Infinity });

/** True when the args are the `null` that skips a request. */
export function isSkipped(args: readonly unknown[]): args is readonly [null] {
  return args.length === 1 && args[0] === null;
}

/** What a hook was given in place of an endpoint, for the development error. */
function describeGiven(value: unknown): string {
  if (typeof value === 'function') {
    const key = (value as { key?: unknown }).key;
    return `\`${typeof key === 'string' ? key : value.name}\``;
  }
  if (typeof value === 'object' && value !== null) return `a ${value.constructor?.name ?? 'object'}`;
  return String(value);
}

/**
 * The request key of `endpoint(...args)`, `undefined` for skipped args. In development, something that is
 * not an endpoint (an Entity class, a `schema.Query`) is an error that names it and the hook to use.
 */
export function requestKey(endpoint: EndpointInterface, args: readonly unknown[]): string | undefined {
  if (process.env.NODE_ENV !== 'production' && typeof (endpoint as Partial<EndpointInterface> | null | undefined)?.key !== 'function') {
    throw new TypeError(
      `[rest-slice] the request hooks (\`useSuspense\`, \`useDLE\`, \`useCache\`, \`useFetch\`, \`useLive\`, ...) take an endpoint, got ${describeGiven(endpoint)}: read an Entity or a schema with \`useQuery(schema, ...args)\`.`,
    );
  }
  return isSkipped(args) ? undefined : endpoint.key(...args);
}

/** What one request's hook reads from the store, in one subscription. */
interface Selected<T> {
  readonly response: ResponseState<T>;
  readonly error: Error | undefined;
  /** The request's stored error policy is `'soft'`. */
  readonly soft: boolean;
  readonly inFlight: boolean;
}

const SKIPPED_SELECTION: Selected<never> = /* @__PURE__ */ Object.freeze({ response: SKIPPED, error: undefined, soft: false, inFlight: false });

/**
 * Each part unchanged: the component keeps what it rendered (the selector's new object is dropped). A response
 * whose data and status are the same, only fresher (a refetch or a poll that brought the same data), counts as
 * unchanged: its readers do not re-render, and staleness is read from the store when they next do.
 */
function sameSelection(a: Selected<unknown>, b: Selected<unknown>): boolean {
  const before = a.response;
  const after = b.response;
  const sameResponse =
    before === after || (before.data === after.data && before.expiryStatus === after.expiryStatus && after.expiresAt >= before.expiresAt);
  return sameResponse && a.error === b.error && a.soft === b.soft && a.inFlight === b.inFlight;
}

/**
 * Subscribes to one request's response, error and error policy (and, with
 * `withInFlight`, whether a fetch of it is in flight), with one store
 * subscription: each part is a memoized selector result, and the component
 * re-renders only when one of them changes.
 */
export function useRequestState<E extends EndpointInterface>(endpoint: E, args: readonly unknown[], withInFlight = false): RequestState<EndpointData<E>> {
  const cache = useRestCache();
  const key = requestKey(endpoint, args);
  // One selector per request (`key` stands for `endpoint` and `args`): a new function on every render
  // would make react-redux and React set up the subscription's memo again and queue an effect each time.
  const select = useMemo(
    () =>
      (state: unknown): Selected<EndpointData<E>> => {
        if (key === undefined) return SKIPPED_SELECTION;
        const keyArgs = args as unknown as EndpointArgs<E>;
        return {
          response: cache.selectResponse(state, endpoint, ...keyArgs),
          error: cache.selectError(state, endpoint, ...keyArgs),
          soft: cache.selectCacheState(state).meta[key]?.errorPolicy === 'soft',
          inFlight: withInFlight && cache.selectIsLoading(state, endpoint, ...keyArgs),
        };
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, endpoint, key, withInFlight],
  );
  const { response: selected, error, soft, inFlight } = useSelector(select, sameSelection);
  // The selected response may be an equal one with an older `expiresAt`: the store's own, when it holds the same data.
  const store = useStore();
  const current = key === undefined ? selected : cache.selectResponse(store.getState(), endpoint, ...(args as unknown as EndpointArgs<E>));
  const response = current.data === selected.data && current.expiryStatus === selected.expiryStatus ? current : selected;

  // The cache's own clock (the `now` option) stamped `expiresAt`, so it is the one to compare with.
  const stale = key !== undefined && response.expiresAt < cache.now();
  // Not `Invalid`: there is a response to show, `undefined` included (an endpoint that resolved nothing).
  const hasData = key !== undefined && response.expiryStatus !== ExpiryStatus.Invalid;
  const activeError = error !== undefined && !(soft && hasData) && !stale ? error : undefined;
  const mustFetch = key !== undefined && (!hasData || (stale && response.expiryStatus === ExpiryStatus.InvalidIfStale));
  const shouldFetch = key !== undefined && activeError === undefined && (mustFetch || stale);
  const data = mustFetch ? undefined : response.data;
  return { key, response, error, data, stale, activeError, mustFetch, shouldFetch, inFlight };
}
