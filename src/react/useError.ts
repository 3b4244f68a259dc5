import { useSelector } from 'react-redux';
import type { EndpointArgs, EndpointInterface } from 'rest-slice';
import { isSkipped } from './useRequestState';
import { useController } from './useController';

/**
 * The error of the last fetch of `endpoint(...args)` (a `NetworkError` has
 * `status`), until a later fetch succeeds; `undefined` otherwise or when the
 * args are `null`. As Data Client's (`controller.getError`), a soft error
 * (5xx) while data is stored is not reported: the data stays shown. Does not
 * fetch, suspend or throw.
 *
 * @example
 * const error = useError(TodoResource.get, { id });
 * if (error) return <p>Could not load: {error.message}</p>;
 */
export function useError<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E> | readonly [null]): Error | undefined {
  const controller = useController();
  const skipped = isSkipped(args);
  const reader = controller as unknown as { getError(endpoint: E, ...rest: readonly unknown[]): Error | undefined };
  return useSelector((state: unknown) => (skipped ? undefined : reader.getError(endpoint, ...args, state)));
}
