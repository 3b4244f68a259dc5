import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { useRequestState } from './useRequestState';

/**
 * The cached data of `endpoint(...args)`, without fetching: `undefined` while
 * missing or invalid, stale data as is. `null` as the args gives `undefined`.
 *
 * @example
 * const todo = useCache(TodoResource.get, { id }); // Todo | undefined
 */
export function useCache<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E> | readonly [null]
): EndpointData<E> | undefined {
  const request = useRequestState(endpoint, args);
  return request.hasData ? request.response.data : undefined;
}
