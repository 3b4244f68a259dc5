import { jsonEqual } from '../schema/jsonEqual';
import type { EntityMeta, EntityRow } from '../schema/types';
import type { View } from './view';

// How an optimistic layer is reused: while everything it read still gives the
// same data, its earlier result stands, and `getOptimisticResponse` is not run again.

/** What one optimistic layer read, and what it wrote: enough to reuse it while its reads still hold. */
export interface LayerRecord {
  /** Flat `kind, key, pk, value` quadruples of every read (see `recordingView`). */
  readonly reads: readonly unknown[];
  readonly patch?: {
    entities: Record<string, Record<string, EntityRow>>;
    entitiesMeta: Record<string, Record<string, EntityMeta>>;
    result: unknown;
    /** Other results the update changes (features' `updateResults`). */
    results?: Readonly<Record<string, unknown>>;
  };
}

/** A read through the view: written down by the name of the method that made it (a list of pks included). */
type Read = 'getEntity' | 'getMeta' | 'getPks' | 'getResult' | 'getResultMeta';
/** A memoized read: the `key, pk, row` triples its value was built from. */
const DEPS = 0;

/** A view that writes down every read made through it, for {@link LayerRecord}. */
export function recordingView(view: View, reads: unknown[]): View {
  const recorded = (read: Read) => (key: string, pk?: string) => {
    const value = (view[read] as (key: string, pk?: string) => unknown)(key, pk);
    reads.push(read, key, pk, value);
    return value;
  };
  return {
    state: view.state,
    sealed: false,
    // A denormalized read is written down as one entry (its memo deps), not row by row.
    recorder: { source: view, note: (deps) => reads.push(DEPS, deps, undefined, undefined) },
    getEntity: recorded('getEntity') as View['getEntity'],
    getMeta: recorded('getMeta') as View['getMeta'],
    getPks: recorded('getPks') as View['getPks'],
    getResult: recorded('getResult'),
    getResultMeta: recorded('getResultMeta') as View['getResultMeta'],
  };
}

function depsHold(deps: readonly unknown[], view: View): boolean {
  for (let i = 0; i < deps.length; i += 3) {
    const now = view.getEntity(deps[i] as string, deps[i + 1] as string);
    if (now !== deps[i + 2] && !jsonEqual(now, deps[i + 2])) return false;
  }
  return true;
}

/**
 * True while every read of a layer gives the same data in `view` (a list of pks is never assumed to). Data is
 * compared as the writes compare it (a row with the stored one in normalize, a result with the stored one
 * in the reducer), so equal data kept its object there, and data this walks was walked there already.
 */
export function readsHold(reads: readonly unknown[], view: View): boolean {
  for (let i = 0; i < reads.length; i += 4) {
    const kind = reads[i];
    const key = reads[i + 1] as string;
    const pk = reads[i + 2] as string;
    if (kind === DEPS) {
      if (!depsHold(reads[i + 1] as readonly unknown[], view)) return false;
      continue;
    }
    // A list of pks is never assumed to hold.
    if (kind === 'getPks') return false;
    const now = (view[kind as Read] as (key: string, pk?: string) => unknown)(key, pk);
    if (!jsonEqual(now, reads[i + 3])) return false;
  }
  return true;
}

