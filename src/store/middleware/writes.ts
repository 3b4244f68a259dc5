import { getOwn } from '../../schema/own';
import type { NormalizedEntities, NormalizedEntitiesMeta } from '../../schema/normalize';
import type { SetResponsePayload } from '../actions';
import type { EndpointInterface } from '../endpoint';
import type { StoredResults } from './gc';
import { addResultRows, type Rows } from './resultRows';
import type { Usage } from './usage';
import { dispatchFetch, type DispatchFetchInput } from '../dispatchFetch';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';
import { pairKey } from '../pairKey';

// Races rule 5b. The merge itself is the normalizer's (a write's data counts as newer than rows reads
// brought, `EntityMeta.write`); this handler does the other half: when a write succeeds over entities
// that arrived during its flight by any path, every result holding one of them is revalidated, so the
// cache converges to the server's state even when someone else changed the entity meanwhile.

/** What the writes handler needs from the cache. */
export type WritesInput = Pick<MiddlewareInput, 'actions' | 'handoff' | 'selectSlice' | 'memoOf' | 'viewOf'> & DispatchFetchInput;

/** What refetches a result: its endpoint and args. */
interface Refetch {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

type Tables = { readonly entities: NormalizedEntities; readonly entitiesMeta: NormalizedEntitiesMeta };

/** Visits each row of a payload (what it wrote, won or invalidated), with the `date` its meta gives when it has one. */
function forEachRef(payload: Tables, visit: (ref: string, date: number | undefined) => void): void {
  for (const tables of [payload.entities, payload.entitiesMeta]) {
    for (const key of Object.keys(tables)) for (const pk of Object.keys(tables[key])) visit(pairKey(key, pk), getOwn(getOwn(payload.entitiesMeta, key), pk)?.date);
  }
}

function isWriteResponse(payload: SetResponsePayload): boolean {
  const metas = payload.entitiesMeta;
  for (const key of Object.keys(metas)) for (const pk of Object.keys(metas[key])) if (metas[key][pk].write === true) return true;
  return false;
}

/**
 * Tracks each write (a fetch of a `sideEffect` endpoint) this store sent, from
 * its fetch to its outcome, and the entity rows that arrived meanwhile by any
 * path: read responses and pages, `controller.setResponse`, `controller.set`
 * (an `onSubscribe` event stream). When the write succeeds and its response
 * wrote over one of those rows, every result holding such a row (found by
 * reading the stored results and the results in use, only then) is refetched
 * if in use, else marked stale (`expireAll`). The bookkeeping is runtime only,
 * bounded by the writes in flight, and dropped when each settles or at a reset.
 */
export function buildWritesHandler(
  input: WritesInput,
  store: HandlerStore,
  usage: Pick<Usage, 'isInUse' | 'inUse'>,
  results: StoredResults,
): Handler {
  const { actions, handoff, selectSlice, memoOf, viewOf } = input;
  // Per write in flight (by request id): when it was sent, and the rows that arrived during its flight.
  const writes = new Map<string, { readonly fetchedAt: number; readonly refs: Set<string> }>();

  function arrived(payload: Tables): void {
    // A write whose outcome never came (dropped by a reset) is forgotten here.
    for (const requestId of writes.keys()) if (!handoff.active.has(requestId)) writes.delete(requestId);
    for (const write of writes.values()) {
      // Rows answered before the write was sent (another tab's, relayed late) hold nothing it could have missed.
      // A write's stamp may be a fraction past the clock reading it was sent at (options.ts): that reading counts.
      forEachRef(payload, (ref, date) => {
        if (date === undefined || date > write.fetchedAt - 1) write.refs.add(ref);
      });
    }
  }

  /** The request keys whose results hold one of `wanted`, with an endpoint and args to refetch each. */
  function resultsHolding(wanted: Set<string>): Map<string, Refetch> {
    const state = selectSlice(store.getState());
    const view = viewOf(state);
    const found = new Map<string, Refetch>();
    const check = (key: string, endpoint: EndpointInterface, args: readonly unknown[]) => {
      // Only reads are revalidated: a write's stored answer is not refetched.
      if (endpoint.sideEffect === true) return;
      const held: Rows = new Map();
      if (!addResultRows(memoOf(state), view, endpoint, args, key, held)) return;
      for (const [entity, pks] of held) for (const pk of pks) if (wanted.has(pairKey(entity, pk))) found.set(key, { endpoint, args });
    };
    // Results in use first: their users' endpoint and args refetch them (a detail read by inference too).
    const checked = new Set<string>();
    for (const entry of usage.inUse()) {
      checked.add(entry.key);
      check(entry.key, entry.endpoint, entry.args);
    }
    for (const key of Object.keys(state.endpoints)) {
      if (checked.has(key)) continue;
      const by = results.endpointOf(key);
      if (by !== undefined) check(key, by.endpoint, by.args);
    }
    return found;
  }

  function revalidate(came: Set<string>, payload: SetResponsePayload): void {
    // Only the rows the write touched: rule 5b is about data arriving for an entity a write in flight touches.
    const wanted = new Set<string>();
    forEachRef(payload, (ref) => {
      if (came.has(ref)) wanted.add(ref);
    });
    if (wanted.size === 0) return;
    const holding = resultsHolding(wanted);
    const stale: string[] = [];
    for (const [key, by] of holding) {
      if (usage.isInUse(key)) {
        dispatchFetch(input, store.dispatch, by.endpoint, by.args).catch(() => {
          // The failure is recorded in the store, like any fetch's.
        });
      } else {
        stale.push(key);
      }
    }
    if (stale.length > 0) store.dispatch(actions.expireAll({ keys: stale }));
  }

  return {
    after(action: CacheAction) {
      if (actions.fetch.match(action)) {
        // Only writes this store sent (a replayed fetch action sends nothing).
        if (action.payload.sideEffect === true && handoff.active.has(action.meta.requestId)) {
          writes.set(action.meta.requestId, { fetchedAt: action.payload.fetchedAt, refs: new Set() });
        }
      } else if (writes.size === 0) {
        // Nothing to track: the normal read path pays no more than this test.
      } else if (actions.setResponse.match(action)) {
        const payload = action.payload;
        const came = payload.requestId === undefined ? undefined : writes.get(payload.requestId);
        if (came !== undefined) {
          writes.delete(payload.requestId as string);
          revalidate(came.refs, payload);
        } else if (!isWriteResponse(payload)) {
          arrived(payload);
        }
      } else if (actions.set.match(action)) {
        arrived(action.payload);
      } else if (actions.setError.match(action) || actions.abort.match(action)) {
        if (action.payload.requestId !== undefined) writes.delete(action.payload.requestId);
      } else if (actions.reset.match(action)) {
        writes.clear();
      }
    },
  };
}
