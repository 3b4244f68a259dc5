import type { StoreLike } from '../../store/controller';
import type { FeatureCache, FeatureStore, RestFeature } from '../../store/feature';
import { setUnrefTimeout } from '../../store/scheduler';
import type { OptimisticEntry, RestCacheState } from '../../store/state';
import { rehydrateCase } from './rehydrate';
import { readSaved } from './restore';
import { FORMAT, HEAD_KEY, partKey, partName, partsOf, savedOptimistic, savedPages, type SavedHead } from './saved';
import { indexedDbStorage, memoryStorage, type PersistStorage } from './storages';
import { exclusive } from './exclusive';
import { isOutbox, latestTime, type SavedOutboxEntry } from './validate';

/** Options of {@link persist}. */
export interface PersistOptions {
  /**
   * Where the cache is saved.
   * @defaultValue `indexedDbStorage('rest-slice')` where there is IndexedDB (a browser), else `memoryStorage()`
   */
  storage?: PersistStorage;
  /**
   * The shape of the data the app saves: change it when a schema changes
   * shape. A save made with another version is dropped (and removed from the
   * storage), never migrated.
   * @defaultValue `1`
   */
  version?: number | string;
  /**
   * A save last written longer ago than this (ms, by the cache's clock) is
   * dropped and removed when the store starts. Results restored keep their
   * own expiry: a stale one is refetched when used.
   * @defaultValue `86_400_000` (a day)
   */
  maxAge?: number;
  /**
   * Writes happen at most once per this many ms (through the cache's
   * `scheduler`), and only the parts of the cache that changed are written.
   * A change of the outbox (a write kept by `outbox()`, or settled) is
   * written at once, so closing the page right after cannot lose it.
   * @defaultValue `1_000`
   */
  throttle?: number;
  /**
   * How long fetches wait for the storage to answer when the store starts
   * (ms, through the cache's `scheduler`). Past it they run (a development
   * warning says so); the saved data is still applied when it arrives, under
   * what the store got meanwhile (row by row: the store's rows win).
   * @defaultValue `2_000`
   */
  timeout?: number;
}

/** What the start of a store found in the storage (see {@link PersistFeature.ready}). */
export type PersistOutcome =
  /** The saved cache was applied (`<reducerPath>/rehydrate`). */
  | 'restored'
  /** Nothing was saved. */
  | 'empty'
  /** A save of another `version`, or older than `maxAge`: removed, nothing applied. */
  | 'dropped'
  /** The storage failed or held data `persist()` did not write: the store runs without persistence (a development warning says why). */
  | 'failed';

/** The persist feature: a {@link RestFeature} that also tells when a store's saved cache has been read. */
export interface PersistFeature extends RestFeature {
  /**
   * Settles once the store's saved cache was read and applied (or found
   * absent, dropped, or unreadable): render after it to show cached data in
   * the very first render. Never rejects for a storage failure; rejects when
   * the store was not made with a cache that has this feature.
   */
  ready(store: StoreLike): Promise<PersistOutcome>;
}

/** The references a write compares, to know whether anything saved changed (no walk of the cache). */
type Saved = readonly unknown[];
const savedRefs = (state: RestCacheState): Saved => [
  state.entities,
  state.entitiesMeta,
  state.endpoints,
  state.meta,
  state.optimistic,
  state.lastReset,
  (state as { outbox?: unknown }).outbox,
  (state as { pages?: unknown }).pages,
];

/** The outbox entries of a state, when the outbox feature keeps some. */
function outboxOf(state: RestCacheState): readonly SavedOutboxEntry[] {
  const outbox = (state as { outbox?: unknown }).outbox;
  return Array.isArray(outbox) ? (outbox as SavedOutboxEntry[]) : [];
}

/** What a save reads of the last save in the storage (another tab's, maybe). */
interface StoredHead {
  readonly generation: number;
  readonly parts: { readonly [name: string]: number };
  readonly outbox?: readonly SavedOutboxEntry[];
  readonly optimistic?: readonly OptimisticEntry[];
}

/** The stored head, when it is one this feature wrote (anything else is left to the restore's checks). */
function storedHead(text: string | null | undefined, latest: number): StoredHead | undefined {
  if (typeof text !== 'string') return undefined;
  let head: unknown;
  try {
    head = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof head !== 'object' || head === null) return undefined;
  const { format, generation, parts, outbox, optimistic } = head as Record<string, unknown>;
  if (format !== FORMAT || typeof generation !== 'number' || typeof parts !== 'object' || parts === null) return undefined;
  // An outbox the restore would drop (one malformed entry drops it whole) is not carried over either.
  const entries = isOutbox(outbox, latest) ? outbox : undefined;
  const updates = Array.isArray(optimistic)
    ? optimistic.filter((entry): entry is OptimisticEntry => typeof entry === 'object' && entry !== null && typeof (entry as OptimisticEntry).fetchedAt === 'number')
    : undefined;
  return { generation, parts: parts as StoredHead['parts'], outbox: entries, optimistic: updates };
}

/** The index of the outbox in {@link savedRefs}. */
const OUTBOX = 6;
const sameRefs = (a: Saved, b: Saved) => a.every((ref, i) => ref === b[i]);

const defaultStorage = (): PersistStorage => ((globalThis as { indexedDB?: unknown }).indexedDB === undefined ? memoryStorage() : indexedDbStorage('rest-slice'));

/** A development warning; the message carries the storage's error. */
function warn(text: string, cause?: unknown): void {
  if (process.env.NODE_ENV === 'production') return;
  // A DOMException (quota, security) is not an `Error` in every realm: read its message the same way.
  const message = (cause as { message?: unknown } | null)?.message;
  const why = typeof message === 'string' ? message : JSON.stringify(cause);
  console.warn(cause === undefined ? text : `${text} (${why})`);
}

/**
 * The persist feature: saves the cache to a storage and restores it when a
 * store starts, with one plain action, `<reducerPath>/rehydrate`. Saved:
 * entities, results and their meta, `lastReset`, the outbox and its
 * optimistic updates, the pages of infinite lists. Never saved: requests in
 * flight, retries, other optimistic updates (their request dies with the page).
 * Until the saved cache is applied, `controller.fetch` and
 * `controller.fetchIfStale` wait; a read whose restored result is still
 * fresh is then answered with no request. Writes are throttled and rewrite
 * only what changed. A storage that fails is a development warning, and the
 * app runs on without persistence.
 *
 * @example
 * const persisted = persist({ storage: indexedDbStorage('my-app'), version: 3 });
 * const cache = createRestCache({ features: [persisted] });
 * const store = configureStore({ ... });
 * await persisted.ready(store); // then render
 */
export function persist(options: PersistOptions = {}): PersistFeature {
  const version = options.version ?? 1;
  const maxAge = options.maxAge ?? 86_400_000;
  const throttle = options.throttle ?? 1_000;
  const timeout = options.timeout ?? 2_000;
  for (const [name, value] of [['maxAge', maxAge], ['throttle', throttle], ['timeout', timeout]] as const) {
    if (typeof value !== 'number' || !(value >= 0)) throw new TypeError(`[rest-slice] \`persist()\`'s \`${name}\` must be a number of ms >= 0, got ${String(value)}`);
  }
  if (typeof version !== 'number' && typeof version !== 'string') throw new TypeError(`[rest-slice] \`persist()\`'s \`version\` must be a number or a string, got ${typeof version}`);
  const storage = options.storage ?? defaultStorage();
  const readyByStore = new WeakMap<() => unknown, Promise<PersistOutcome>>();

  function setup(cache: FeatureCache, store: FeatureStore) {
    const { scheduler, now, reducerPath } = cache;
    // 'reading' until the saved cache is applied, then 'on'; 'off' after a storage failure.
    let phase: 'reading' | 'on' | 'off' = 'reading';
    let holding = true;
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const timer = setUnrefTimeout(
      scheduler,
      () => {
        if (!holding) return;
        holding = false;
        release();
        if (process.env.NODE_ENV !== 'production') warn(`[rest-slice] persist: the storage did not answer within ${timeout} ms at \`${reducerPath}\`; fetches run without waiting for the saved cache.`);
      },
      timeout,
    );
    // Parts as last written: name → the object written and the write's generation.
    let known = new Map<string, { ref: object; generation: number }>();
    // Ids of the outbox entries this tab held at some time: another tab's save may keep only the others.
    const seen = new Set<string>();
    let generation = 0;
    let lastSaved: Saved = savedRefs(store.slice());
    let lastSlice: RestCacheState | undefined;
    let writeTimer: unknown;
    let writing: Promise<void> = Promise.resolve();

    function turnOff(what: string, error: unknown): void {
      phase = 'off';
      if (process.env.NODE_ENV !== 'production') warn(`[rest-slice] persist: ${what} at \`${reducerPath}\`; the app runs on without persistence`, error);
    }

    // One name for every store of the app at this reducerPath: their saves and restores never interleave.
    const lock = `rest-slice-persist:${reducerPath}`;
    const write = (): Promise<void> => exclusive(storage, lock, writeNow);

    async function writeNow(): Promise<void> {
      if (phase !== 'on') return;
      let state = store.slice();
      let refs = savedRefs(state);
      if (sameRefs(refs, lastSaved)) return;
      // Other tabs of the app save to the same storage. Their last save is read first: the outbox entries
      // of theirs this tab never held are kept (a write kept offline exists nowhere else), and when another
      // tab wrote since this one, every part is written afresh under a newer generation and the other
      // tab's parts are removed after the head, so the head never names a part that is gone.
      let stored: StoredHead | undefined;
      try {
        stored = storedHead(await storage.getItem(HEAD_KEY), latestTime(now()));
      } catch (error) {
        turnOff('the storage failed a read', error);
        return;
      }
      if (phase !== 'on') return;
      state = store.slice();
      refs = savedRefs(state);
      for (const entry of outboxOf(state)) seen.add(entry.id);
      let replaced: string[] = [];
      if (stored !== undefined && stored.generation !== generation) {
        replaced = Object.entries(stored.parts).map(([name, at]) => partKey(name, at));
        known = new Map();
        generation = Math.max(generation, stored.generation);
      }
      // Not an entry made before this state's last reset, though: a logout drops every write made before it.
      const foreign = (stored?.outbox ?? []).filter((entry) => !seen.has(entry.id) && entry.fetchedAt >= state.lastReset);
      const foreignIds = new Set(foreign.map((entry) => entry.id));
      const byFetchedAt = (a: { fetchedAt: number }, b: { fetchedAt: number }) => a.fetchedAt - b.fetchedAt;
      const { parts, buckets } = partsOf(state);
      const next = new Map<string, { ref: object; generation: number }>();
      const items: [string, string][] = [];
      const written = generation + 1;
      const pagesPart = partName(['pages']);
      for (const part of parts) {
        const old = known.get(part.name);
        if (old !== undefined && old.ref === part.data) {
          next.set(part.name, old);
          continue;
        }
        const data = part.name === pagesPart ? savedPages(part.data) : part.data;
        items.push([partKey(part.name, written), JSON.stringify({ generation: written, data })]);
        next.set(part.name, { ref: part.data, generation: written });
      }
      const own = (state as { outbox?: readonly SavedOutboxEntry[] }).outbox;
      const outbox = foreign.length === 0 ? own : [...(own ?? []), ...foreign].sort(byFetchedAt);
      const optimistic = [
        ...savedOptimistic(state.optimistic),
        ...(stored?.optimistic ?? []).filter((entry) => entry.outbox !== undefined && foreignIds.has(entry.outbox)),
      ];
      if (foreign.length > 0) optimistic.sort(byFetchedAt);
      const head: SavedHead = {
        format: FORMAT,
        version,
        savedAt: now(),
        generation: written,
        lastReset: state.lastReset,
        optimistic,
        ...(outbox === undefined ? {} : { outbox }),
        parts: Object.fromEntries([...next].map(([name, part]) => [name, part.generation])),
        buckets,
      };
      // Items of the previous save that the new head does not name: removed once the head is written.
      const gone = [
        ...[...known].filter(([name, part]) => next.get(name) !== part).map(([name, part]) => partKey(name, part.generation)),
        ...replaced,
      ];
      try {
        // New parts first, the head last, the replaced parts after it: at any moment the head names parts that exist.
        await Promise.all(items.map(([key, value]) => storage.setItem(key, value)));
        await storage.setItem(HEAD_KEY, JSON.stringify(head));
        await Promise.all(gone.map((key) => storage.removeItem(key)));
      } catch (error) {
        turnOff('the storage failed a write', error);
        return;
      }
      generation = written;
      known = next;
      lastSaved = refs;
    }

    function schedule(): void {
      if (writeTimer !== undefined || phase !== 'on') return;
      writeTimer = setUnrefTimeout(
        scheduler,
        () => {
          writeTimer = undefined;
          writing = writing.then(write);
        },
        throttle,
      );
    }

    function check(): void {
      const state = store.slice();
      if (state === lastSlice) return;
      lastSlice = state;
      const refs = savedRefs(state);
      if (sameRefs(refs, lastSaved)) return;
      // A write the outbox kept exists nowhere else: a page closed before the window ends would lose it, so a
      // change of the outbox is written at once (it is rare: one per write kept or settled).
      if (refs[OUTBOX] === lastSaved[OUTBOX]) {
        schedule();
        return;
      }
      if (writeTimer !== undefined) scheduler.clearTimeout(writeTimer);
      writeTimer = undefined;
      writing = writing.then(write);
    }

    const done = exclusive(storage, lock, () => readSaved(storage, { version, maxAge, now, has: cache.has }))
      .then((read): PersistOutcome => {
        if (read.outcome === 'failed') {
          turnOff(read.why, read.error);
          return read.outcome;
        }
        if (read.outcome === 'restored') {
          store.dispatch({ type: `${reducerPath}/rehydrate`, payload: read.payload });
          generation = read.head.generation;
          known = read.parts;
          // The restored entries are this tab's now: once settled or discarded here, a save must not keep them as another tab's.
          for (const entry of outboxOf(read.payload as unknown as RestCacheState)) seen.add(entry.id);
          // A dropped outbox leaves the saved head to rewrite (`lastSaved` stays behind), so the next reload does not read it again.
          if (!read.dropped) lastSaved = savedRefs(read.payload as unknown as RestCacheState);
          else if (process.env.NODE_ENV !== 'production') {
            warn(`[rest-slice] persist: the saved outbox at \`${reducerPath}\` is not a list of outbox entries with distinct ids: it was dropped, with its optimistic updates, and the rest of the cache restored.`);
          }
        }
        phase = 'on';
        check();
        return read.outcome;
      })
      .catch((error: unknown) => {
        turnOff('the saved cache could not be applied', error);
        return 'failed' as const;
      });
    const settled = done.finally(() => {
      scheduler.clearTimeout(timer);
      holding = false;
      release();
    });
    readyByStore.set(store.getState, settled);

    return {
      holdFetches: () => (holding ? hold : undefined),
      after() {
        if (phase === 'on') check();
      },
    };
  }

  return {
    name: 'persist',
    reducers: { rehydrate: rehydrateCase },
    setup,
    ready(store) {
      const found = readyByStore.get(store.getState);
      if (found !== undefined) return found;
      return Promise.reject(
        new Error('[rest-slice] `persist().ready(store)`: this store was not made with a cache that has this persist feature (its middleware has not started).'),
      );
    },
  };
}
