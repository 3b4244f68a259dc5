import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { handled } from './handled';
import { splitOptions } from './splitOptions';
import { useController } from './useController';
import { useDataLoadingError } from './useDLE';
import { requestKey } from './useRequestState';
import { useSubscribed } from './useSubscription';

/** What {@link useRequest} returns: Redux Toolkit Query's query-hook fields. */
export interface RequestResult<T> {
  /**
   * The data of the current args; while they load (or after they failed),
   * the last data this component showed for earlier args of the same
   * endpoint (by name), so a list paged
   * from 1 to 2 keeps page 1 until page 2 arrives. `undefined` before any
   * data and when the args are `null`.
   */
  readonly data: T | undefined;
  /** The data of the current args only: `undefined` while they load (as `useDLE`'s `data`). */
  readonly currentData: T | undefined;
  /** The failure of the current args' last fetch, until a later fetch succeeds. */
  readonly error: Error | undefined;
  /** The args are `null`: the request is skipped. */
  readonly isUninitialized: boolean;
  /** Fetching with nothing to show yet: the first load (`data` is `undefined`). */
  readonly isLoading: boolean;
  /** A request for the current args is in flight or about to start: the first load, a refetch, a poll (as `useDLE`'s `loading`). */
  readonly isFetching: boolean;
  /** There is `data` to show and the current args have no `error`. */
  readonly isSuccess: boolean;
  /** The current args have an `error`. */
  readonly isError: boolean;
  /**
   * Fetches the current args again now (`controller.fetch`). Resolves with
   * the data once the store has it; rejects with the failure (already
   * handled, so ignoring the promise is safe), or when the args are `null`.
   */
  refetch(): Promise<T>;
}

/** Options of {@link useRequest}, given before the endpoint (the args are variadic). */
export interface RequestOptions {
  /**
   * Milliseconds between refetches while mounted. The request's polling is
   * shared with its other users (`useLive`, `useSubscription`, other
   * `useRequest`s): the smallest positive frequency among them wins. Changing
   * it re-subscribes at the new frequency. `0`, `NaN` and `Infinity` mean no
   * polling, as RTK Query's `pollingInterval` (a cleared number input gives `NaN`).
   * @defaultValue none: this component does not poll
   */
  readonly pollFrequency?: number;
}

/**
 * The state of `endpoint(...args)` with Redux Toolkit Query's names, without
 * Suspense or error boundaries: fetches when missing, invalid or stale; `null`
 * as the args skips (`isUninitialized`). `data` keeps the previous args' data
 * while new args load (`currentData` does not). Never suspends or throws.
 * While mounted, the result is held in use.
 *
 * @returns the same object while no field changes
 * @example
 * const { data, isFetching, isLoading, error, refetch } = useRequest(TodoResource.getList, { page });
 */
export function useRequest<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): RequestResult<EndpointData<E>>;
/**
 * The same with options, given first because the args are variadic.
 *
 * @throws when `pollFrequency` is negative (from the effect, to the nearest error boundary).
 * @example
 * const { data } = useRequest({ pollFrequency: 5_000 }, TodoResource.getList, { page });
 */
export function useRequest<E extends EndpointInterface>(
  options: RequestOptions,
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): RequestResult<EndpointData<E>>;
export function useRequest(...input: readonly unknown[]): RequestResult<unknown> {
  const [options, endpoint, args] = splitOptions<RequestOptions>(input);
  const controller = useController();
  const { data: currentData, loading: isFetching, error, current } = useDataLoadingError(endpoint, args as readonly [null]);
  // As RTK Query's `pollingInterval`: 0, NaN and Infinity poll nothing.
  const frequency = options?.pollFrequency;
  const polls = frequency !== undefined && frequency !== 0 && !Number.isNaN(frequency) && frequency !== Infinity;
  useSubscribed(polls ? frequency : undefined, endpoint, polls ? args : [null]);

  const key = requestKey(endpoint, args);
  // The last data a commit showed (so a render React throws away leaves it as it was), and its endpoint's
  // name: another endpoint's data is not this one's previous data. Skipping forgets it.
  // A result of these args is shown as it is, `null` or an empty answer's `undefined` included.
  const shown = useRef<{ name: string; data: unknown }>(undefined);
  useEffect(() => {
    if (key === undefined) shown.current = undefined;
    else if (current) shown.current = { name: endpoint.name, data: currentData };
  });
  const previous = shown.current?.name === endpoint.name ? shown.current : undefined;
  const data = key === undefined ? undefined : current ? currentData : previous?.data;

  // The endpoint of the latest render (a hookified one carries the latest auth), for the one `refetch` of a key.
  const latest = useRef({ endpoint, args });
  useEffect(() => {
    latest.current = { endpoint, args };
  });
  const refetch = useCallback(
    () =>
      handled(() => {
        const { endpoint: current, args: currentArgs } = latest.current;
        if (key === undefined) {
          throw new Error(`[rest-slice] \`refetch\` of \`${current.name}\` was called while its args are \`null\`: a skipped request has nothing to fetch.`);
        }
        return controller.fetch(current, ...(currentArgs as never[]));
      }),
    // `key` stands for `endpoint` and `args`; the latest of them are read from `latest`.
    [controller, key],
  );

  // As RTK Query's: loading is the first load (nothing shown yet); success holds while a result is shown.
  const shows = key !== undefined && (current || previous !== undefined);
  const isLoading = isFetching && !shows;
  const isSuccess = shows && error === undefined;
  return useMemo(
    () => ({ data, currentData, error, isUninitialized: key === undefined, isLoading, isFetching, isSuccess, isError: error !== undefined, refetch }),
    [data, currentData, error, key, isLoading, isFetching, isSuccess, refetch],
  );
}
