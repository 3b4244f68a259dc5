// How `persist()` lays the saved cache out in a storage. The slice is split into parts, each its own item,
// so a write rewrites only the parts whose object changed since the last write: the state is immutable with
// structural sharing, so an unchanged table (or bucket of a large table) is the very same object. A part is
// written under a new key (its name and the number of the write), the head item last, naming every part's
// key; the items the head no longer names are removed after it. A page closed in the middle of a write
// leaves the previous head and every part it names intact, so a reload reads the previous save whole.
import { isBucketed, type StoredTables } from '../../store/tables';
import type { OptimisticEntry, RestCacheState } from '../../store/state';

/** Marks a head written by this format; anything else under the head's key is foreign data. */
export const FORMAT = 'rest-slice/persist@1';
/** The storage key of the head. */
export const HEAD_KEY = 'head';
/** The storage key of a part as written by write number `generation`. */
export const partKey = (name: string, generation: number): string => `part:${generation}:${name}`;

/** The head item: what is small, and the list of parts. */
export interface SavedHead {
  readonly format: typeof FORMAT;
  /** The app's `version` option when it was saved. */
  readonly version: number | string;
  /** When it was last written (the cache's clock). */
  readonly savedAt: number;
  /** The number of the write that wrote the head; each part records the write that wrote it. */
  readonly generation: number;
  readonly lastReset: number;
  /** The optimistic updates of the outbox's writes (those with an `outbox` member). */
  readonly optimistic: readonly OptimisticEntry[];
  /** The outbox feature's state, as it was. */
  readonly outbox?: unknown;
  /** Every part: name → the generation that wrote it. */
  readonly parts: { readonly [name: string]: number };
  /** The bucket count of each bucketed table, by `entities`/`entitiesMeta` then entity key. */
  readonly buckets: { readonly entities: { readonly [key: string]: number }; readonly entitiesMeta: { readonly [key: string]: number } };
}

/** The part names of the slice's maps. */
export type MapPart = 'endpoints' | 'meta' | 'pages';

/** A part's name: JSON of its path, so entity keys with any character stay apart. */
export function partName(path: readonly [MapPart] | readonly ['entities' | 'entitiesMeta', string] | readonly ['entities' | 'entitiesMeta', string, number]): string {
  return JSON.stringify(path);
}

/** One part as the current slice has it: its name and the object it saves (compared by reference). */
export interface LivePart {
  readonly name: string;
  readonly data: object;
}

/** The parts of a slice state, with the bucket counts of its bucketed tables. */
export function partsOf(state: RestCacheState): { parts: LivePart[]; buckets: SavedHead['buckets'] } {
  const parts: LivePart[] = [
    { name: partName(['endpoints']), data: state.endpoints },
    { name: partName(['meta']), data: state.meta },
  ];
  const pages = (state as { pages?: object }).pages;
  if (pages !== undefined) parts.push({ name: partName(['pages']), data: pages });
  const buckets = { entities: {} as Record<string, number>, entitiesMeta: {} as Record<string, number> };
  for (const field of ['entities', 'entitiesMeta'] as const) {
    const tables: StoredTables<unknown> = state[field];
    for (const key of Object.keys(tables)) {
      const table = tables[key];
      if (table === undefined) continue;
      if (!isBucketed(table)) {
        parts.push({ name: partName([field, key]), data: table });
        continue;
      }
      buckets[field][key] = table.length;
      for (let i = 0; i < table.length; i++) parts.push({ name: partName([field, key, i]), data: table[i] });
    }
  }
  return { parts, buckets };
}

/** The `pages` map without the flags of pages in flight (a request does not survive a reload). */
export function savedPages(pages: object): object {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(pages as Record<string, { pages: unknown }>)) {
    out[key] = { pages: entry.pages };
  }
  return out;
}

/** The optimistic updates that outlive a reload: the outbox's, marked with its entry id. */
export function savedOptimistic(list: readonly OptimisticEntry[]): OptimisticEntry[] {
  return list.filter((entry) => typeof entry.outbox === 'string');
}
