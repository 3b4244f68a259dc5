import { useMemo } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { fetchOnce } from './fetchOnce';
import { useController } from './useController';
import { useRequestState } from './useRequestState';

/**
 * Fetches `endpoint(...args)` when its data is missing, invalid or stale,
 * without suspending or throwing. Read the data with `useCache`.
 *
 * @returns the fetch's promise (the same one for every render while it is in
 * flight), or `undefined` when there is nothing to fetch or the args are `null`
 * @example
 * useFetch(TodoResource.getList); // prefetch; render from useCache
 * const todos = useCache(TodoResource.getList);
 */
export function useFetch<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): Promise<EndpointData<E>> | undefined {
  const controller = useController();
  const { key, shouldFetch } = useRequestState(endpoint, args);
  return useMemo(
    () => (shouldFetch && key !== undefined ? (fetchOnce(controller, endpoint, args, key) as Promise<EndpointData<E>>) : undefined),
    // `key` stands for `endpoint` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [controller, key, shouldFetch],
  );
}
