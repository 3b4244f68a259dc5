import type { EndpointInterface } from './endpoint';
import type { Reads } from './reads';
import { createSnapshot } from './snapshot';
import type { RestCacheState } from './state';
import type { View } from './view';

/** What probing an optimistic update needs from the cache. */
export interface OptimisticProbeInput {
  readonly viewOf: (state: RestCacheState) => View;
  readonly reads: Pick<Reads, 'responseOf' | 'errorOf'>;
}

/** True for `AbortOptimistic` (by name, so a copy of the class from another bundle counts too). */
export function isAbortOptimistic(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortOptimistic';
}

/**
 * Runs a fetch's `getOptimisticResponse` once over the current view, before anything is sent. Returns what
 * it threw (anything but `AbortOptimistic`, which only skips the update), or `undefined` when it returned. A
 * throw is the fetch's failure (as Data Client counts it): the caller rejects with the value as thrown,
 * whatever it is (a string, an object without a prototype), and sends nothing.
 */
export function probeOptimistic(
  input: OptimisticProbeInput,
  state: RestCacheState,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  fetchedAt: number,
): { readonly thrown: unknown } | undefined {
  if (typeof endpoint.getOptimisticResponse !== 'function') return undefined;
  try {
    endpoint.getOptimisticResponse(createSnapshot(input.reads, input.viewOf(state), fetchedAt), ...args);
    return undefined;
  } catch (thrown) {
    return isAbortOptimistic(thrown) ? undefined : { thrown };
  }
}
