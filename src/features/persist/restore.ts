// Reading the saved cache back: the head, then every part it lists, each checked before anything is
// applied. A save of another version or too old is removed; anything unreadable is reported, never applied.
import type { RehydratePayload } from './rehydrate';
import { HEAD_KEY, partKey, type SavedHead } from './saved';
import type { PersistStorage } from './storages';
import { checkHead, checkMap, keptOutbox, checkTable, frozenJson, isOurHead, latestTime, parse, SavedShapeError } from './validate';
import { createTable, getOwn } from '../../schema/own';

/** What reading the storage found. */
export type ReadResult =
  | { readonly outcome: 'empty' | 'dropped' }
  | { readonly outcome: 'failed'; readonly why: string; readonly error: unknown }
  | {
      readonly outcome: 'restored';
      readonly payload: RehydratePayload;
      readonly head: SavedHead;
      /** Each part read: name → the object applied and the generation that wrote it (so unchanged parts are not rewritten). */
      readonly parts: Map<string, { ref: object; generation: number }>;
      /** True when the saved outbox was left out while the rest was applied: it is not in the shape the outbox keeps. */
      readonly dropped: boolean;
    };

/** What the read compares the save with. */
export interface ReadOptions {
  readonly version: number | string;
  readonly maxAge: number;
  now(): number;
  /** Whether the cache has a feature (a saved outbox or pages is applied only to a cache that has their feature). */
  has(name: string): boolean;
}

type Tables = Record<string, object>;

/** Reads, checks and assembles the saved cache. Never rejects: a failure is a `'failed'` result. */
export async function readSaved(storage: PersistStorage, options: ReadOptions): Promise<ReadResult> {
  let raw: unknown;
  try {
    const text = await storage.getItem(HEAD_KEY);
    if (text === null || text === undefined) return { outcome: 'empty' };
    raw = parse(text, 'head');
  } catch (error) {
    return { outcome: 'failed', why: 'the storage could not be read', error };
  }
  if (!isOurHead(raw)) {
    return { outcome: 'failed', why: 'the storage holds data `persist()` did not write (left as it is)', error: undefined };
  }
  const found = raw as { version?: unknown; savedAt?: unknown; parts?: unknown };
  if (found.version !== options.version || typeof found.savedAt !== 'number' || !(options.now() - found.savedAt <= options.maxAge)) {
    // Another version's data, or too old: removed, never migrated.
    const parts = typeof found.parts === 'object' && found.parts !== null ? Object.entries(found.parts as Record<string, unknown>) : [];
    try {
      await Promise.all(parts.map(([name, generation]) => storage.removeItem(partKey(name, Number(generation)))));
      await storage.removeItem(HEAD_KEY);
    } catch (error) {
      return { outcome: 'failed', why: 'the storage failed to remove a save of another version or past `maxAge`', error };
    }
    return { outcome: 'dropped' };
  }
  try {
    // Times of a save come from an earlier page of this browser: none may lie far ahead of this page's clock.
    const latest = latestTime(options.now());
    const head = checkHead(raw, latest);
    const names = Object.keys(head.parts);
    const texts = await Promise.all(names.map((name) => storage.getItem(partKey(name, head.parts[name]))));
    const parts = new Map<string, { ref: object; generation: number }>();
    const maps: Record<string, Record<string, unknown>> = {};
    // Keyed by entity keys read from the storage: no prototype, so a key such as `constructor` is only a key.
    const tables = { entities: createTable() as Tables, entitiesMeta: createTable() as Tables };
    const bucketed = { entities: createTable<object[]>(), entitiesMeta: createTable<object[]>() };
    names.forEach((name, i) => {
      const where = `part ${name}`;
      if (texts[i] === null || texts[i] === undefined) throw new SavedShapeError(where, 'is missing');
      const envelope = frozenJson(parse(texts[i], where), where) as { generation?: unknown; data?: unknown } | null;
      if (envelope === null || typeof envelope !== 'object' || envelope.generation !== head.parts[name]) {
        throw new SavedShapeError(where, 'is from another write than the head names');
      }
      const path = parse(name, where);
      const data = placePart(path, envelope.data, head, where, latest, maps, tables, bucketed);
      parts.set(name, { ref: data, generation: head.parts[name] });
    });
    for (const field of ['entities', 'entitiesMeta'] as const) {
      for (const [key, count] of Object.entries(head.buckets[field])) {
        const buckets = bucketed[field][key] ?? [];
        if (buckets.length !== count || buckets.some((bucket) => bucket === undefined)) throw new SavedShapeError(`${field} table \`${key}\``, 'misses buckets');
        tables[field][key] = Object.freeze(buckets);
      }
    }
    // The outbox's entries and updates only where the outbox can settle them; a malformed outbox is dropped alone.
    const outbox = options.has('outbox') ? keptOutbox(head, latest) : { optimistic: Object.freeze([]) };
    const payload: RehydratePayload = {
      entities: Object.freeze(tables.entities) as RehydratePayload['entities'],
      entitiesMeta: Object.freeze(tables.entitiesMeta) as RehydratePayload['entitiesMeta'],
      endpoints: maps.endpoints ?? Object.freeze({}),
      meta: (maps.meta ?? Object.freeze({})) as RehydratePayload['meta'],
      lastReset: head.lastReset,
      optimistic: outbox?.optimistic ?? Object.freeze([]),
      ...(outbox?.outbox === undefined ? {} : { outbox: outbox.outbox }),
      // Infinite pages only where they are read.
      ...(maps.pages !== undefined && options.has('infinitePages') ? { pages: maps.pages as RehydratePayload['pages'] } : {}),
    };
    return { outcome: 'restored', payload, head, parts, dropped: outbox === undefined };
  } catch (error) {
    return { outcome: 'failed', why: 'the saved cache is not in the shape `persist()` writes (nothing was applied)', error };
  }
}

/** Checks one part by its path and puts it where it belongs; returns the object applied. */
function placePart(
  path: unknown,
  data: unknown,
  head: SavedHead,
  where: string,
  latest: number,
  maps: Record<string, Record<string, unknown>>,
  tables: { entities: Tables; entitiesMeta: Tables },
  bucketed: { entities: Record<string, object[]>; entitiesMeta: Record<string, object[]> },
): object {
  if (!Array.isArray(path)) throw new SavedShapeError(where, 'has a name that is not a path');
  const [kind, key, index] = path as unknown[];
  if ((kind === 'endpoints' || kind === 'meta' || kind === 'pages') && path.length === 1) {
    return (maps[kind] = checkMap(kind, data, latest));
  }
  if ((kind === 'entities' || kind === 'entitiesMeta') && typeof key === 'string') {
    if (path.length === 2) return (tables[kind][key] = checkTable(kind, key, data, latest));
    const count = getOwn(head.buckets[kind], key);
    if (path.length === 3 && typeof index === 'number' && Number.isInteger(index) && count !== undefined && index >= 0 && index < count) {
      const checked = checkTable(kind, key, data, latest, { index, count });
      (bucketed[kind][key] ??= [])[index] = checked;
      return checked;
    }
  }
  throw new SavedShapeError(where, 'is not a part `persist()` writes');
}
