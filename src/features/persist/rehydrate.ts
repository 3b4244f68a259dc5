// `<reducerPath>/rehydrate`: the saved part of a slice, applied to a store that just started. A plain
// action whose payload has the slice's own shape, so a replayed log restores the same state and other
// features (the outbox) read their part of it (`payload.outbox`).
import type { CacheAction } from '../../store/middleware/types';
import type { OptimisticEntry, RestCacheState } from '../../store/state';
import type { StoredTables } from '../../store/tables';
import type { EntityMeta, EntityRow } from '../../schema/types';
import type { PagesState } from '../infinitePages/pagination';

/**
 * Payload of `<reducerPath>/rehydrate`: what `persist()` saved, in the
 * slice's own shape. Requests in flight and other passing state
 * (`inflight`, `retrying`, the `pages` flags of pages in flight) are never
 * part of it; `optimistic` holds only the outbox's updates.
 */
export interface RehydratePayload {
  /** The saved entity rows, laid out as the state lays them out. */
  readonly entities: StoredTables<EntityRow>;
  /** When each saved row was fetched and expires. */
  readonly entitiesMeta: StoredTables<EntityMeta>;
  /** The saved results, by request key. */
  readonly endpoints: RestCacheState['endpoints'];
  /** The meta of each saved result (its expiry included). */
  readonly meta: RestCacheState['meta'];
  /** When the saving store last ran `resetEntireStore`. */
  readonly lastReset: number;
  /** The optimistic updates of writes kept in the outbox (each with its `outbox` entry id). */
  readonly optimistic: readonly OptimisticEntry[];
  /** The outbox feature's state, as saved (present only when the cache has that feature). */
  readonly outbox?: unknown;
  /** The pages loaded of infinite lists, without their in-flight flags (present only with `infinitePages()`). */
  readonly pages?: { readonly [key: string]: PagesState };
}

/** Copies `saved`, then `current` over it: what the store got before the saved cache arrived wins. */
function under<T>(saved: { readonly [key: string]: T } | undefined, current: { readonly [key: string]: T } | undefined): { readonly [key: string]: T } {
  if (current === undefined || Object.keys(current).length === 0) return saved ?? Object.freeze({});
  if (saved === undefined) return current;
  return Object.freeze({ ...saved, ...current });
}

/**
 * The case reducer: the saved data replaces what a fresh slice has. Whatever
 * the store got before it arrived (a `controller.set`, a response) is newer
 * and stays: a result, or a whole entity table, the store already has wins
 * over the saved one. The store's own requests in flight and pending
 * updates stay; the saved outbox updates join them in `fetchedAt` order. A
 * store reset since it started keeps its emptiness: nothing is applied.
 */
export function rehydrateCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const saved = action.payload as RehydratePayload;
  if (state.lastReset > saved.lastReset && state.lastReset > 0) return state;
  const optimistic =
    state.optimistic.length === 0 ? saved.optimistic : Object.freeze([...saved.optimistic, ...state.optimistic].sort((a, b) => a.fetchedAt - b.fetchedAt));
  const next: Record<string, unknown> = {
    ...state,
    entities: under(saved.entities, state.entities),
    entitiesMeta: under(saved.entitiesMeta, state.entitiesMeta),
    endpoints: under(saved.endpoints, state.endpoints),
    meta: under(saved.meta, state.meta),
    optimistic,
    lastReset: Math.max(state.lastReset, saved.lastReset),
  };
  const pages = under(saved.pages, (state as { pages?: RehydratePayload['pages'] }).pages);
  if (Object.keys(pages).length > 0) next.pages = pages;
  if (saved.outbox !== undefined) next.outbox = saved.outbox;
  return Object.freeze(next) as unknown as RestCacheState;
}
