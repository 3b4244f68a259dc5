import type { EndpointInterface } from 'rest-slice';

/**
 * Reads a hook's `(endpoint, ...args)` or `(options, endpoint, ...args)`.
 * The args are variadic, so options cannot follow them; given first they are
 * told apart from the endpoint, which always has a `key` method.
 */
export function splitOptions<O extends object>(input: readonly unknown[]): [options: O | undefined, endpoint: EndpointInterface, args: readonly unknown[]] {
  if (typeof (input[0] as Partial<EndpointInterface> | undefined)?.key === 'function') return [undefined, input[0] as EndpointInterface, input.slice(1)];
  return [input[0] as O | undefined, input[1] as EndpointInterface, input.slice(2)];
}
