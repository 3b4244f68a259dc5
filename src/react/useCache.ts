import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { useRequestState } from './useRequestState';
import { useRetain } from './useRetain';

/**
 * The cached data of `endpoint(...args)`, without fetching: `undefined` while
 * missing or invalid, stale data as is (but `undefined` once stale for an
 * `invalidIfStale` endpoint, where `useSuspense` would suspend, as in Data
 * Client). `null` as the args gives `undefined`.
 * Never suspends or throws; re-renders when the data changes. While mounted,
 * the result is held in use (garbage collection keeps it).
 *
 * @returns the denormalized data, or `undefined`
 *
 * @example
 * const todo = useCache(TodoResource.get, { id }); // Todo | undefined
 */
export function useCache<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): EndpointData<E> | undefined {
  const request = useRequestState(endpoint, args);
  useRetain(endpoint, args, request.key);
  return request.data;
}
