import { normalizeIntoStore, type StoreReader } from '../schema/normalize';
import { getOwn, getOwnRow } from '../schema/own';
import type { EntityMeta, EntityRow, GetEntity } from '../schema/types';
import type { OptimisticEntry, RestCacheState, ResultMeta } from './state';
import { type LayerRecord, readsHold, recordingView } from './layerReads';
import { getRow, pksOf, tablesReader } from './tables';
import { freshTableVersion, tableVersionOf } from '../schema/memoEntries';
import { warnOnce } from './warnOnce';
import { isAbortOptimistic } from './optimisticProbe';
import { errorMessage, innerMessage } from './serialize';
import { entryOf } from '../schema/own';
import type { RequestHandoff } from './handoff';
import type { Reads } from './reads';
import type { EndpointRegistry } from './registry';
import { createSnapshot } from './snapshot';
import type { OtherResults } from './otherResults';

/**
 * The optimistic view of the cache: the confirmed state with every pending
 * optimistic update applied in `fetchedAt` order. Rows no update touches are
 * the confirmed rows themselves (same objects), so memoized reads survive.
 */
export interface View extends StoreReader {
  readonly state: RestCacheState;
  readonly getEntity: GetEntity;
  /** The result stored for a request key, an optimistic one included. */
  getResult(key: string): unknown;
  /** The meta of a request key's result. */
  getResultMeta(key: string): ResultMeta | undefined;
  /** False while its optimistic layers are being applied; reads of a sealed view can be cached. */
  readonly sealed: boolean;
  /** Set on the view an optimistic update reads through: where reads are written down, and the view beneath. */
  readonly recorder?: { readonly source: View; note(deps: readonly unknown[]): void };
  /** A number per entity key, the same in two views only when every row of that key is (see `EntityReader`); `undefined` when unknown. */
  readonly tableVersion?: (key: string) => number | undefined;
}

type Overlay<T> = Map<string, Map<string, T>>;

interface OptimisticView extends View {
  sealed: boolean;
  tableVersion?: (key: string) => number | undefined;
  readonly layers: readonly OptimisticEntry[];
  readonly rows: Overlay<EntityRow>;
  readonly metas: Overlay<EntityMeta>;
  readonly results: Map<string, unknown>;
}

function confirmedView(state: RestCacheState): View {
  return {
    ...tablesReader(state),
    state,
    getResult: (key) => getOwn(state.endpoints, key),
    getResultMeta: (key) => getOwn(state.meta, key),
    sealed: true,
  };
}

function cloneOverlay<T>(overlay: Overlay<T> | undefined): Overlay<T> {
  const copy: Overlay<T> = new Map();
  if (overlay !== undefined) for (const [key, rows] of overlay) copy.set(key, new Map(rows));
  return copy;
}

function writeOverlay<T>(overlay: Overlay<T>, patch: Record<string, Record<string, T>>): void {
  for (const key of Object.keys(patch)) {
    const rows = entryOf(overlay, key, Map);
    const table = patch[key];
    for (const pk of Object.keys(table)) rows.set(pk, table[pk]);
  }
}

/** A view of `layers` over `state`, continuing from the overlays of `previous` (whose layers it starts with) when given. */
function layeredView(state: RestCacheState, layers: readonly OptimisticEntry[], previous?: OptimisticView): OptimisticView {
  const rows: Overlay<EntityRow> = cloneOverlay(previous?.rows);
  const metas: Overlay<EntityMeta> = cloneOverlay(previous?.metas);
  const results = new Map(previous?.results);
  const getEntity: GetEntity = (key, pk) => {
    const overlay = rows.get(key);
    if (overlay !== undefined) {
      const overlaid = overlay.get(pk);
      if (overlaid !== undefined) return overlaid;
    }
    return getRow(state.entities, key, pk);
  };
  return {
    state,
    layers,
    rows,
    metas,
    results,
    getEntity,
    getMeta: (key, pk) => metas.get(key)?.get(pk) ?? getRow(state.entitiesMeta, key, pk),
    getPks: (key) => {
      const pks = pksOf(state.entities, key);
      const extra = rows.get(key);
      if (extra === undefined) return pks;
      const seen = new Set(pks);
      for (const pk of extra.keys()) if (!seen.has(pk)) pks.push(pk);
      return pks;
    },
    getResult: (key) => (results.has(key) ? results.get(key) : getOwn(state.endpoints, key)),
    getResultMeta: (key) => getOwn(state.meta, key),
    sealed: false,
  };
}

/** What computing a layer needs from the cache instance. */
export interface ViewContext {
  /** The endpoints of replayed updates, by name and request key. */
  readonly registry: Pick<EndpointRegistry, 'resolve'>;
  /** The fetches in flight: an update's very endpoint object and real args. */
  readonly handoff: Pick<RequestHandoff, 'active'>;
  /** The reads of the snapshots `getOptimisticResponse` gets. */
  readonly reads: Pick<Reads, 'responseOf' | 'errorOf'>;
  /** The other results a write changes (features' `updateResults`), shown with its optimistic update. */
  readonly otherResults?: OtherResults;
}

const MAX_VIEWS_PER_TABLES = 4;

/**
 * Table versions of a view: the confirmed table's, or for a key with
 * optimistic rows, one of this view's own once it is sealed (unknown while
 * its layers are still being written).
 */
function tableVersions(state: RestCacheState, view?: OptimisticView): (key: string) => number | undefined {
  const overlaid = new Map<string, number>();
  return (key) => {
    if (view === undefined || !view.rows.has(key)) return tableVersionOf(getOwnRow(state.entities, key));
    if (!view.sealed) return undefined;
    let version = overlaid.get(key);
    if (version === undefined) {
      version = freshTableVersion();
      overlaid.set(key, version);
    }
    return version;
  };
}

/** True when the two states hold the same confirmed data (entities, their meta, results and result meta). */
function sameConfirmed(a: RestCacheState, b: RestCacheState): boolean {
  return a.entities === b.entities && a.entitiesMeta === b.entitiesMeta && a.endpoints === b.endpoints && a.meta === b.meta;
}

/**
 * Builds views, reusing work: a state seen before, or one that differs only in
 * parts a view does not read (`inflight`, `retrying`, ...), gets its view back; a state
 * that only appended optimistic updates over the same confirmed data continues
 * from the previous view; and when the data beneath changed, each update whose
 * reads (rows, meta, results) still give the same data keeps its earlier
 * result instead of running `getOptimisticResponse` again.
 */
export function createViewCache(context: ViewContext) {
  const byState = new WeakMap<RestCacheState, View>();
  // Views by the parts of the state they read: an action that changes only `inflight`
  // (or `retrying`, `pages`, `lastReset`) gets the same view, so every answer read from it stands.
  const byParts = new WeakMap<object, View[]>();

  function sameParts(state: RestCacheState): View | undefined {
    const views = byParts.get(state.entities);
    if (views === undefined) return undefined;
    // The same data a view reads: the confirmed data and the optimistic updates.
    return views.find((view) => sameConfirmed(view.state, state) && view.state.optimistic === state.optimistic);
  }

  function remember(state: RestCacheState, view: View): void {
    const views = byParts.get(state.entities);
    if (views === undefined) byParts.set(state.entities, [view]);
    else {
      // A few views per entity tables object: the latest, and the ones optimistic updates toggle between.
      if (views.length >= MAX_VIEWS_PER_TABLES) views.shift();
      views.push(view);
    }
  }
  // The latest view over each confirmed entity tables object, for appends.
  const byBase = new WeakMap<object, OptimisticView>();

  // What each pending update read and wrote, by its (frozen, long-lived) state entry.
  const records = new WeakMap<OptimisticEntry, LayerRecord>();

  function write(view: OptimisticView, entry: OptimisticEntry, patch: NonNullable<LayerRecord['patch']>): void {
    writeOverlay(view.rows, patch.entities);
    writeOverlay(view.metas, patch.entitiesMeta);
    view.results.set(entry.key, patch.result);
    if (patch.results !== undefined) for (const key of Object.keys(patch.results)) view.results.set(key, patch.results[key]);
  }

  function apply(view: OptimisticView, entry: OptimisticEntry): void {
    const known = records.get(entry);
    if (known !== undefined && readsHold(known.reads, view)) {
      // Nothing this update read has changed beneath it: its result stands as computed.
      if (known.patch !== undefined) write(view, entry, known.patch);
      return;
    }
    // In flight: the very endpoint object and real args; else (a replay) the endpoint its name and key find.
    const inFlight = entry.requestId !== undefined ? context.handoff.active.get(entry.requestId) : undefined;
    const named = inFlight === undefined ? context.registry.resolve(entry.endpoint, entry.key) : undefined;
    const found = inFlight ?? (named === undefined ? undefined : { endpoint: named, args: entry.args });
    if (found === undefined) {
      if (process.env.NODE_ENV !== 'production') warnOnce(
        `[rest-slice] no endpoint named \`${entry.endpoint}\` is known to this cache; its optimistic update is skipped. ` +
          'Fetch it once through `controller.fetch` before replaying actions that name it.',
      );
      return;
    }
    const { endpoint, args } = found;
    if (typeof endpoint.getOptimisticResponse !== 'function') return;
    const reads: unknown[] = [];
    const recording = recordingView(view, reads);
    let value: unknown;
    try {
      value = endpoint.getOptimisticResponse(createSnapshot(context.reads, recording, entry.fetchedAt), ...args);
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') {
        if (!isAbortOptimistic(error)) warnOnce(`[rest-slice] \`${endpoint.name}.getOptimisticResponse\` threw, so no optimistic update is shown: ${errorMessage(error)}`);
      }
      records.set(entry, { reads });
      return;
    }
    try {
      // An optimistic update is a write's data: it stays on top of reads that land during its flight (races rule 5b).
      const meta: EntityMeta = { fetchedAt: entry.fetchedAt, date: entry.fetchedAt, expiresAt: Infinity, write: true };
      const normalized = normalizeIntoStore(endpoint.schema, value, args, recording, meta);
      // Other results it changes (a feature's), read through the recording view: a change of a result an
      // updater read recomputes the layer. Without such a feature the patch is the normalized response.
      const others = context.otherResults;
      const patch = others === undefined ? normalized : { ...normalized, results: others(endpoint, args, normalized.result, (key) => recording.getResult(key)) };
      write(view, entry, patch);
      records.set(entry, { reads, patch });
    } catch (error) {
      // A create without a temporary id lands here at every call: it is simply not optimistic, said once per endpoint.
      if (process.env.NODE_ENV !== 'production') warnOnce(
        `[rest-slice] \`${endpoint.name}\` is not optimistic for this call: its optimistic response could not be normalized (${innerMessage(error)}). ` +
          'A create shows its item before the server answers only with a temporary id (docs/optimistic-updates.md, "Creates and temporary ids"). Warned once per endpoint.',
        `optimistic ${endpoint.name}`,
      );
      records.set(entry, { reads });
    }
  }

  return function viewOf(state: RestCacheState): View {
    const known = byState.get(state);
    if (known !== undefined) return known;
    const cached = sameParts(state);
    if (cached !== undefined) {
      byState.set(state, cached);
      return cached;
    }
    const layers = state.optimistic;
    let view: View;
    if (layers.length === 0) {
      view = { ...confirmedView(state), tableVersion: tableVersions(state) };
    } else {
      let previous = byBase.get(state.entities);
      // Only appended: continue from the previous view's layers.
      if (
        previous !== undefined &&
        !(sameConfirmed(previous.state, state) && previous.layers.length <= layers.length && previous.layers.every((entry, index) => layers[index] === entry))
      ) {
        previous = undefined;
      }
      const next = layeredView(state, layers, previous);
      next.tableVersion = tableVersions(state, next);
      for (let i = previous?.layers.length ?? 0; i < layers.length; i++) apply(next, layers[i]);
      next.sealed = true;
      byBase.set(state.entities, next);
      view = next;
    }
    byState.set(state, view);
    remember(state, view);
    return view;
  };
}
