import { AbortOptimistic } from '../rest/AbortOptimistic';
import type { SnapshotInterface } from '../rest/Snapshot';
import type { EndpointInterface } from './endpoint';
import type { Reads } from './reads';
import type { View } from './view';

// One shared instance: an Error captures a stack trace when made, and most layers never throw it.
const SNAPSHOT_ABORT = /* @__PURE__ */ new AbortOptimistic();

/**
 * The snapshot of a view, as `getOptimisticResponse` and `controller.snapshot`
 * give it: reads see the confirmed data plus the optimistic updates applied so far.
 */
export function createSnapshot(reads: Pick<Reads, 'responseOf' | 'errorOf'>, view: View, fetchedAt: number): SnapshotInterface {
  return {
    getResponse: ((endpoint: EndpointInterface, ...args: unknown[]) =>
      reads.responseOf(view, endpoint, args)) as SnapshotInterface['getResponse'],
    getError: ((endpoint: EndpointInterface, ...args: unknown[]) =>
      reads.errorOf(view, endpoint, args)) as SnapshotInterface['getError'],
    fetchedAt,
    abort: SNAPSHOT_ABORT,
  };
}
