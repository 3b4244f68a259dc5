// `<reducerPath>/rehydrate`: the saved part of a slice, applied to a store that just started. A plain
// action whose payload has the slice's own shape, so a replayed log restores the same state and other
// features (the outbox) read their part of it (`payload.outbox`).
import type { CacheAction } from '../../store/middleware/types';
import type { OptimisticEntry, RestCacheState } from '../../store/state';
import { tablePks, tableRow, type FlatTable, type StoredTables } from '../../store/tables';
import { writeRows } from '../../store/tableWrites';
import { createTable } from '../../schema/own';
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
 * The saved entity tables with the store's rows written over them, row by row: a row the store got before
 * the saved cache arrived wins, and the saved rows beside it stay (a restored list still finds every item).
 */
function rowsUnder<T>(saved: StoredTables<T>, current: StoredTables<T>): StoredTables<T> {
  const rows = createTable<FlatTable<T>>();
  for (const key of Object.keys(current)) {
    const table = current[key];
    if (table === undefined) continue;
    const flat = createTable<T>();
    for (const pk of tablePks(table)) flat[pk] = tableRow(table, pk)!;
    rows[key] = flat;
  }
  return writeRows(saved, rows);
}

/**
 * The saved outbox entries, then the ones this store kept before they arrived (its own writes, held by this
 * page: dropping them would leave them unsent). An entry is named by its `id`; the saved copy of one the
 * store already has gives way to the store's.
 */
function joinOutbox(saved: unknown, current: unknown): unknown {
  if (!Array.isArray(current) || current.length === 0 || !Array.isArray(saved)) return saved;
  const mine = current as readonly { readonly id?: unknown }[];
  const ids = new Set(mine.map((entry) => entry.id));
  return Object.freeze([...(saved as readonly { readonly id?: unknown }[]).filter((entry) => !ids.has(entry.id)), ...mine]);
}

/**
 * The case reducer: the saved data replaces what a fresh slice has. Whatever
 * the store got before it arrived (a `controller.set`, a response) is newer
 * and stays: a result or an entity row the store already has wins over the
 * saved one, and the saved rows beside it stay. The store's own requests in
 * flight and pending updates stay; the saved outbox updates join them in
 * `fetchedAt` order, and the saved outbox entries go before the ones the
 * store kept meanwhile. A store reset since it started keeps its emptiness:
 * nothing is applied.
 */
export function rehydrateCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const saved = action.payload as RehydratePayload;
  if (state.lastReset > saved.lastReset && state.lastReset > 0) return state;
  const optimistic =
    state.optimistic.length === 0 ? saved.optimistic : Object.freeze([...saved.optimistic, ...state.optimistic].sort((a, b) => a.fetchedAt - b.fetchedAt));
  const next: Record<string, unknown> = {
    ...state,
    entities: rowsUnder(saved.entities, state.entities),
    entitiesMeta: rowsUnder(saved.entitiesMeta, state.entitiesMeta),
    endpoints: under(saved.endpoints, state.endpoints),
    meta: under(saved.meta, state.meta),
    optimistic,
    lastReset: Math.max(state.lastReset, saved.lastReset),
  };
  const pages = under(saved.pages, (state as { pages?: RehydratePayload['pages'] }).pages);
  if (Object.keys(pages).length > 0) next.pages = pages;
  if (saved.outbox !== undefined) next.outbox = joinOutbox(saved.outbox, (state as { outbox?: unknown }).outbox);
  return Object.freeze(next) as unknown as RestCacheState;
}
