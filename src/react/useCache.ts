import { type Denormalize, type EndpointArgs, type EndpointData, type EndpointInterface, schema as schemas } from 'rest-slice';
import { type AnyQuery, useQuery } from './useQuery';
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
 * A `schema.Query` in place of the endpoint is read as {@link useQuery} reads
 * it (`useCache(query, { userId: 1 })`, Data Client 0.10's form). A component
 * passes the same kind on every render (a Query or an endpoint), as with any
 * hook that calls other hooks.
 *
 * @returns the denormalized data, or `undefined`
 *
 * @example
 * const todo = useCache(TodoResource.get, { id }); // Todo | undefined
 */
export function useCache<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): EndpointData<E> | undefined;
export function useCache<S extends AnyQuery>(query: S, ...args: readonly unknown[]): Denormalize<S> | undefined;
export function useCache(endpoint: EndpointInterface, ...args: readonly unknown[]): unknown {
  // One kind per component (documented): the same hooks run on every render.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- chosen by the argument's kind, which a component keeps
  if (endpoint instanceof schemas.Query) return useQuery(endpoint, ...args);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- as above
  return useEndpointCache(endpoint, args);
}

function useEndpointCache(endpoint: EndpointInterface, args: readonly unknown[]): unknown {
  const request = useRequestState(endpoint, args);
  useRetain(endpoint, args, request.key);
  return request.data;
}
