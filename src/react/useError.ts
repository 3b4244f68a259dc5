import { useSelector } from 'react-redux';
import type { EndpointArgs, EndpointInterface } from 'rest-slice';
import { isSkipped } from './useRequestState';
import { useRestCache } from './useRestCache';

/**
 * The error of the last fetch of `endpoint(...args)` (a `NetworkError` has
 * `status`), until a later fetch succeeds; `undefined` otherwise or when the
 * args are `null`. Does not fetch, suspend or throw.
 *
 * @example
 * const error = useError(TodoResource.get, { id });
 * if (error) return <p>Could not load: {error.message}</p>;
 */
export function useError<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): Error | undefined {
  const cache = useRestCache();
  const skipped = isSkipped(args);
  return useSelector((state: unknown) => (skipped ? undefined : cache.selectError(state, endpoint, ...args)));
}
