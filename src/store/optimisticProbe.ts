import type { EndpointInterface } from './endpoint';
import type { Reads } from './reads';
import { createSnapshot } from './snapshot';
import type { RestCacheState } from './state';
import type { View } from './view';
import { warnOnce } from './warnOnce';

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
    const run = () => endpoint.getOptimisticResponse!(createSnapshot(input.reads, input.viewOf(state), fetchedAt), ...args);
    const value = run();
    if (process.env.NODE_ENV !== 'production') checkPure(endpoint, value, run);
    return undefined;
  } catch (thrown) {
    return isAbortOptimistic(thrown) ? undefined : { thrown };
  }
}

/**
 * Development: `getOptimisticResponse` runs again whenever its update is recomputed, so two runs over the same
 * snapshot and args must give the same value. One that numbers temporary ids with a counter (or `Math.random`)
 * would move its item to a new id at each recompute: warned about once per endpoint.
 */
function checkPure(endpoint: EndpointInterface, value: unknown, run: () => unknown): void {
  let same: boolean;
  try {
    same = JSON.stringify(value) === JSON.stringify(run());
  } catch {
    return;
  }
  if (!same) {
    warnOnce(
      `[rest-slice] \`${endpoint.name}.getOptimisticResponse\` gave two different values for the same snapshot and args. It runs again each time its update is recomputed (and after a reload for an outbox write), so it must be pure: take a temporary id from \`snap.fetchedAt\` or from the args, not from a counter or \`Math.random()\`.`,
      `impure ${endpoint.name}`,
    );
  }
}
