import type { NormalizedEntities, NormalizedEntitiesMeta } from '../../schema/normalize';
import type { SetResponsePayload } from '../actions';
import type { Usage } from './usage';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';

// API.md races rule 5b. The merge itself is the normalizer's (a write's data counts as newer than rows
// reads brought, `EntityMeta.write`); this handler does the other half: when a write succeeds over data
// that reads brought during its flight, the results those reads stored are revalidated, so the cache
// converges to the server's state even when someone else changed the entity meanwhile.

/** What the writes handler needs from the cache. */
export type WritesInput = Pick<MiddlewareInput, 'actions' | 'handoff' | 'dispatchFetch'>;

/** A write in flight: the entity rows reads brought during its flight, each with the request keys of those reads. */
type Brought = Map<string, Set<string>>;

// A JSON pair: entity keys and pks may hold any character, so no separator could be unambiguous.
const refOf = (key: string, pk: string) => JSON.stringify([key, pk]);

function forEachRef(
  tables: NormalizedEntities | NormalizedEntitiesMeta,
  visit: (ref: string) => void,
): void {
  for (const key of Object.keys(tables)) for (const pk of Object.keys(tables[key])) visit(refOf(key, pk));
}

function isWriteResponse(payload: SetResponsePayload): boolean {
  const metas = payload.entitiesMeta;
  for (const key of Object.keys(metas)) for (const pk of Object.keys(metas[key])) if (metas[key][pk].write === true) return true;
  return false;
}

/**
 * Tracks each write (a fetch of a `sideEffect` endpoint) this store sent, from
 * its fetch to its outcome, and the rows read responses (fetches, polls,
 * `setResponse`) brought meanwhile. When the write succeeds, each read key
 * that brought a row the write's response then wrote over is refetched if in
 * use, else marked stale (`expireAll`). The bookkeeping is runtime only,
 * bounded by the writes in flight, and dropped when each settles or at a reset.
 */
export function buildWritesHandler(input: WritesInput, store: HandlerStore, usage: Pick<Usage, 'isInUse' | 'inUse'>): Handler {
  const { actions, handoff, dispatchFetch } = input;
  const writes = new Map<string, Brought>();

  function readArrived(payload: SetResponsePayload): void {
    // A write whose outcome never came (dropped by a reset) is forgotten here.
    for (const requestId of writes.keys()) if (!handoff.active.has(requestId)) writes.delete(requestId);
    for (const brought of writes.values()) {
      const note = (ref: string) => {
        let keys = brought.get(ref);
        if (keys === undefined) {
          keys = new Set();
          brought.set(ref, keys);
        }
        keys.add(payload.key);
      };
      forEachRef(payload.entities, note);
      forEachRef(payload.entitiesMeta, note);
    }
  }

  function revalidate(brought: Brought, payload: SetResponsePayload): void {
    const keys = new Set<string>();
    const collect = (ref: string) => {
      for (const key of brought.get(ref) ?? []) keys.add(key);
    };
    // The rows the write's response changed or won: there it went over what the reads brought.
    forEachRef(payload.entities, collect);
    forEachRef(payload.entitiesMeta, collect);
    keys.delete(payload.key);
    if (keys.size === 0) return;
    const stale: string[] = [];
    const refetch = new Set<string>();
    for (const key of keys) {
      if (usage.isInUse(key)) refetch.add(key);
      else stale.push(key);
    }
    if (stale.length > 0) store.dispatch(actions.expireAll({ keys: stale }));
    if (refetch.size === 0) return;
    for (const entry of usage.inUse()) {
      if (!refetch.delete(entry.key)) continue;
      dispatchFetch(store.dispatch, entry.endpoint, entry.args).catch(() => {
        // The failure is recorded in the store, like any fetch's.
      });
    }
  }

  return {
    after(action: CacheAction) {
      if (actions.fetch.match(action)) {
        // Only writes this store sent (a replayed fetch action sends nothing).
        if (action.payload.sideEffect === true && handoff.active.has(action.meta.requestId)) {
          writes.set(action.meta.requestId, new Map());
        }
      } else if (actions.setResponse.match(action)) {
        const payload = action.payload;
        const brought = payload.requestId === undefined ? undefined : writes.get(payload.requestId);
        if (brought !== undefined) {
          writes.delete(payload.requestId as string);
          revalidate(brought, payload);
        } else if (writes.size > 0 && !isWriteResponse(payload)) {
          readArrived(payload);
        }
      } else if (actions.setError.match(action) || actions.abort.match(action)) {
        if (action.payload.requestId !== undefined) writes.delete(action.payload.requestId);
      } else if (actions.reset.match(action)) {
        writes.clear();
      }
    },
  };
}
