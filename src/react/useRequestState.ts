import { useSelector } from 'react-redux';
import { ExpiryStatus, type EndpointArgs, type EndpointData, type EndpointInterface, type ResponseState } from 'rest-slice';
import { useRestCache } from './useRestCache';

/** What the read hooks know about one request, read from the store. */
export interface RequestState<T> {
  /** The request key; `undefined` when the args are `null` (skipped). */
  readonly key: string | undefined;
  readonly response: ResponseState<T>;
  /** The last failure, until a later fetch succeeds. */
  readonly error: Error | undefined;
  /** Usable data: present and not invalid. */
  readonly hasData: boolean;
  /** Past `expiresAt` (of the data, or of the error when the last fetch failed). */
  readonly stale: boolean;
  /** An error that hides the data: not `'soft'` with data, and not expired yet. */
  readonly activeError: Error | undefined;
  /** Missing, invalid, or stale with `invalidIfStale`: nothing to show until a fetch. */
  readonly mustFetch: boolean;
  /** Something to fetch now: missing, invalid or stale, unless a fresh error says to wait. */
  readonly shouldFetch: boolean;
}

const SKIPPED: ResponseState<never> = /* @__PURE__ */ Object.freeze({ data: undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: Infinity });

/** True when the args are the `null` that skips a request. */
export function isSkipped(args: readonly unknown[]): args is readonly [null] {
  return args.length === 1 && args[0] === null;
}

/**
 * Subscribes to one request's response, error and error policy. Each is a
 * memoized selector result, so the component re-renders only when one changes.
 */
export function useRequestState<E extends EndpointInterface>(endpoint: E, args: readonly unknown[]): RequestState<EndpointData<E>> {
  const cache = useRestCache();
  const key = isSkipped(args) ? undefined : endpoint.key(...args);
  const response = useSelector((state: unknown) =>
    key === undefined ? SKIPPED : cache.selectResponse(state, endpoint, ...(args as unknown as EndpointArgs<E>)),
  ) as ResponseState<EndpointData<E>>;
  const error = useSelector((state: unknown) => (key === undefined ? undefined : cache.selectError(state, endpoint, ...(args as unknown as EndpointArgs<E>))));
  const soft = useSelector(
    (state: unknown) => key !== undefined && cache.selectCacheState(state).meta[key]?.errorPolicy === 'soft',
  );

  // The cache's own clock (the `now` option) stamped `expiresAt`, so it is the one to compare with.
  const stale = key !== undefined && response.expiresAt < cache.now();
  const hasData = key !== undefined && response.expiryStatus !== ExpiryStatus.Invalid && response.data !== undefined;
  const activeError = error !== undefined && !(soft && hasData) && !stale ? error : undefined;
  const mustFetch = key !== undefined && (!hasData || (stale && response.expiryStatus === ExpiryStatus.InvalidIfStale));
  const shouldFetch = key !== undefined && activeError === undefined && (mustFetch || stale);
  return { key, response, error, hasData, stale, activeError, mustFetch, shouldFetch };
}
