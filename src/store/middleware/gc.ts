import type { MemoCache } from '../../schema/MemoCache';
import { createTable, describeKind, getOwn, hasOwn } from '../../schema/own';
import { inferResult } from '../../schema/Query';
import type { EndpointInterface } from '../endpoint';
import type { GcPayload } from '../gcReducer';
import type { EndpointRegistry } from '../registry';
import { setUnrefTimeout, weakly } from '../scheduler';
import type { RestCacheState } from '../state';
import { forEachPk, getRow, tableSize } from '../tables';
import type { View } from '../view';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';
import type { HeldQuery, Usage } from './usage';
import { addReads, addResultRows, addRow, type Rows } from './resultRows';

/** What garbage collection needs besides the common middleware input. */
export interface GcParts {
  /** The cache's default of the endpoint option (ms); `Infinity` keeps results. */
  readonly keepUnusedDataFor: number;
  /** How often the timer sweeps (ms); `Infinity`: only `controller.gc()` sweeps. */
  readonly gcInterval: number;
  readonly registry: Pick<EndpointRegistry, 'resolve' | 'find' | 'entity'>;
  /** The memo that reads a state (its store's). */
  memoOf(state: RestCacheState): MemoCache;
  /** The optimistic view of a slice state. */
  viewOf(state: RestCacheState): View;
}

/** What the gc handler needs from the cache. */
export type GcInput = GcParts & Pick<MiddlewareInput, 'actions' | 'selectSlice'> & {
  readonly options: Pick<MiddlewareInput['options'], 'now' | 'scheduler'>;
};

/** Which endpoint stored each result, as garbage collection remembers it (other handlers read it too). */
export interface StoredResults {
  /** The endpoint and args whose last response or error is stored under `key`; undefined when unknown (a preloaded state). */
  endpointOf(key: string): { endpoint: EndpointInterface; args: readonly unknown[] } | undefined;
}

/** The endpoint's name and JSON args of a stored result, as its last response or error named them. */
interface StoredBy {
  readonly name: string;
  readonly args: readonly unknown[];
}

/**
 * Garbage collection: a sweep (on a timer every `gcInterval` ms, started
 * lazily, and on `controller.gc()`) removes results unused for their
 * endpoint's `keepUnusedDataFor`, and with them every entity row that no
 * remaining result, in-use key, held query read, pending optimistic update
 * or request in flight reaches, in one `<reducerPath>/gc` action. Rows are found by
 * denormalizing each result with the cache's memo (its deps are every row
 * read), so nested entities, Collections, Values and Unions are followed the
 * way reads follow them. The rows a released query read held become
 * candidates once the query has been unused for the cache's
 * `keepUnusedDataFor`; so does any row nothing reaches (one that left a
 * refetched list, one `controller.set` wrote) once it was last written that
 * long ago. A result no action of this store stored (a preloaded or restored
 * state) counts as unused from when this store started, is read through the
 * endpoint whose `testKey` takes its key, and, when none does, keeps every row
 * its stored value could name.
 */
export function buildGcHandler(input: GcInput, store: HandlerStore, usage: Usage): Handler & StoredResults & { sweep(): void } {
  const { actions, options, selectSlice, registry, memoOf, viewOf, keepUnusedDataFor, gcInterval } = input;
  // Which endpoint stored each result: a result nobody uses is found again through the registry.
  const storedBy = new Map<string, StoredBy>();
  // A stored result no response of this store named, as a user of its key showed it (a preloaded state's, once a hook used it).
  const usedBy = new Map<string, { endpoint: EndpointInterface; args: readonly unknown[] }>();
  // Results no action of this store stored count as unused from here.
  const startedAt = options.now();
  let timer: unknown;
  // What the last sweep that removed nothing looked at: while it is the same, a sweep has nothing to do before `due`.
  let idle: { state: RestCacheState; due: number } | undefined;

  function endpointOf(key: string): { endpoint: EndpointInterface; args: readonly unknown[] } | undefined {
    const by = storedBy.get(key);
    if (by === undefined) return usedBy.get(key);
    const endpoint = registry.resolve(by.name, key);
    return endpoint === undefined ? undefined : { endpoint, args: by.args };
  }

  /** Adds every row a query read (`controller.retain(query, ...args)`) touches in `view`; false when that cannot be told. */
  function reachQuery(view: View, held: HeldQuery, rows: Rows): boolean {
    try {
      const result = inferResult(held.schema, held.args, view);
      if (result !== undefined) addReads(memoOf(view.state), view, held.schema, result, held.args, rows);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A result of a request this store never made or answered (no endpoint known, no meta): one a feature
   * wrote for another key (`update`'s updaters). It is collected when unused like any other, and the rows
   * it names are not kept for it: it reads them as missing once they go, where an unknown result from a
   * preloaded state might hold any row.
   */
  const onlyWritten = (state: RestCacheState, key: string) => !storedBy.has(key) && !hasOwn(state.meta, key);
  /** When each such result was last written (a response's `results`): it counts as unused since then, as a response does since it landed. */
  const writtenAt = new Map<string, number>();

  /**
   * Adds every row a stored value of unknown schema could name: any string or number in it that is a pk of
   * some table, then what that row names (through its Entity class when an endpoint showed it, else its values).
   */
  function addNamed(state: RestCacheState, view: View, value: unknown, rows: Rows): void {
    const tables = Object.keys(state.entities);
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const item = pending.pop();
      if (typeof item === 'object' && item !== null) {
        for (const member of Object.values(item)) pending.push(member);
        continue;
      }
      if (typeof item !== 'string' && typeof item !== 'number') continue;
      const pk = String(item);
      for (const table of tables) {
        const row = getRow(state.entities, table, pk);
        if (row === undefined || rows.get(table)?.has(pk) === true) continue;
        addRow(rows, table, pk);
        const entity = registry.entity(table);
        if (entity !== undefined && row !== null) addReads(memoOf(state), view, entity, pk, [], rows);
        else pending.push(row);
      }
    }
  }

  /** What a sweep at `now` would remove, or undefined when nothing. */
  function collect(state: RestCacheState, now: number): GcPayload | undefined {
    const pendingKeys = new Set(state.optimistic.map((entry) => entry.key));
    const removed: string[] = [];
    const keys = new Set([...Object.keys(state.endpoints), ...Object.keys(state.meta)]);
    // The endpoint of each stored result: the one that stored it, else one whose `testKey` takes the key.
    const endpoints = new Map<string, { endpoint: EndpointInterface; args: readonly unknown[] } | undefined>();
    for (const key of keys) {
      const known = endpointOf(key);
      const found = known ?? (onlyWritten(state, key) ? undefined : foundBy(key));
      endpoints.set(key, found);
      if (usage.isInUse(key) || hasOwn(state.inflight, key) || pendingKeys.has(key)) continue;
      const keep = found?.endpoint.keepUnusedDataFor ?? keepUnusedDataFor;
      // A result nobody ever used counts as unused since it landed; one this store did not store (a preloaded or
      // restored state, whose dates are another clock's), since this store started.
      const ours = storedBy.has(key) || onlyWritten(state, key);
      const landed = ours ? (getOwn(state.meta, key)?.date ?? writtenAt.get(key) ?? -Infinity) : startedAt;
      const since = Math.max(usage.lastUsed(key) ?? -Infinity, landed);
      if (Number.isFinite(keep) && now - since >= keep) removed.push(key);
    }
    // Query reads released for the cache's `keepUnusedDataFor`: the rows they held are candidates too.
    const released = usage.takeReleasedQueries(now - keepUnusedDataFor);
    // Rows nothing reaches are looked for when something changed since the last look, or one of them comes of age.
    if (removed.length === 0 && released.length === 0 && (!Number.isFinite(keepUnusedDataFor) || (idle?.state === state && now < idle.due))) return undefined;

    const view = viewOf(state);
    const memo = memoOf(state);
    // The rows the removed results reach are candidates; what every other result reaches is kept.
    const candidates: Rows = new Map();
    const kept: Rows = new Map();
    let known = true;
    const gone = new Set(removed);
    for (const key of keys) {
      const found = endpoints.get(key);
      const rows = gone.has(key) ? candidates : kept;
      if (found !== undefined && addResultRows(memo, view, found.endpoint, found.args, key, rows)) continue;
      // Read with no schema: it reaches whatever it could name.
      if (!onlyWritten(state, key)) addNamed(state, view, getOwn(state.endpoints, key), rows);
    }
    for (const held of released) reachQuery(view, held, candidates);
    for (const entry of usage.inUse()) known = addResultRows(memo, view, entry.endpoint, entry.args, entry.key, kept) && known;
    for (const held of usage.heldQueries()) known = reachQuery(view, held, kept) && known;
    for (const entry of state.optimistic) {
      const endpoint = registry.resolve(entry.endpoint, entry.key);
      known = endpoint !== undefined && addResultRows(memo, view, endpoint, entry.args, entry.key, kept) && known;
    }
    const entities = createTable<string[]>();
    // Kept rows no sweep may take yet, and when the first of them comes of age.
    let due = Infinity;
    // When what a pending update or a held query reads cannot be told, it might be any row: then only results go.
    if (known) {
      const cutoff = now - keepUnusedDataFor;
      for (const table of Object.keys(state.entities)) {
        const keep = kept.get(table);
        const drop: string[] = [];
        const reached = candidates.get(table);
        forEachPk(state.entities[table], (pk) => {
          if (keep?.has(pk) === true) return;
          // A removed result's rows go with it; a row nothing reached goes once it was last written `keepUnusedDataFor` ago.
          const written = getRow(state.entitiesMeta, table, pk)?.date ?? -Infinity;
          if (reached?.has(pk) === true || written <= cutoff) drop.push(pk);
          else due = Math.min(due, written + keepUnusedDataFor);
        });
        if (drop.length > 0) entities[table] = drop;
      }
    }
    if (removed.length === 0 && Object.keys(entities).length === 0) {
      idle = { state, due };
      return undefined;
    }
    idle = undefined;
    return { keys: removed, entities: { ...entities } };
  }

  /** The endpoint a stored key of unknown origin is of, by `testKey`; its args are not known (a stored result is read without them). */
  function foundBy(key: string): { endpoint: EndpointInterface; args: readonly unknown[] } | undefined {
    const endpoint = registry.find(key);
    return endpoint === undefined ? undefined : { endpoint, args: [] };
  }

  function sweep(): void {
    const state = selectSlice(store.getState());
    const payload = collect(state, options.now());
    if (payload === undefined) return;
    store.dispatch(actions.gc(payload));
  }

  function tick(): void {
    timer = undefined;
    sweep();
    if (holdsData(selectSlice(store.getState())) || usage.hasReleasedQueries()) schedule();
  }

  /** Arms the timer while there is something a later sweep could remove. */
  function schedule(): void {
    if (timer !== undefined || !Number.isFinite(gcInterval)) return;
    // The timer reaches the sweep weakly: a store the app dropped (one per server request, say) is collected
    // then, not kept for a sweep nobody could see. While the store lives, its middleware holds `tick`.
    timer = setUnrefTimeout(options.scheduler, weakly(tick), gcInterval);
  }

  usage.onUsersChange((key, endpoint, args, count) => {
    // Who uses a key of unknown origin tells its endpoint: the sweep reads it through that endpoint once unused.
    // A key left with no user and nothing stored (its fetch aborted) is forgotten, so a session does not pile them up.
    if (!storedBy.has(key)) {
      const state = selectSlice(store.getState());
      if (count > 0 || hasOwn(state.meta, key) || hasOwn(state.endpoints, key)) usedBy.set(key, { endpoint, args });
      else usedBy.delete(key);
    }
    idle = undefined;
    if (count === 0) schedule();
  });
  usage.onQueryRelease(() => {
    idle = undefined;
    schedule();
  });

  return {
    sweep,
    endpointOf,
    after(action: CacheAction) {
      if (actions.setResponse.match(action) || actions.setError.match(action)) {
        const { key, endpoint, args } = action.payload;
        storedBy.set(key, { name: endpoint, args });
        usedBy.delete(key);
        const written = actions.setResponse.match(action) ? action.payload.results : undefined;
        if (written !== undefined) for (const other of Object.keys(written)) writtenAt.set(other, action.payload.date);
        if (!usage.isInUse(key)) schedule();
      } else if (actions.gc.match(action)) {
        for (const key of action.payload.keys) {
          storedBy.delete(key);
          usedBy.delete(key);
          writtenAt.delete(key);
          usage.forget(key);
        }
      } else if (actions.reset.match(action)) {
        storedBy.clear();
        usedBy.clear();
        writtenAt.clear();
      } else if (timer === undefined && Number.isFinite(gcInterval) && holdsData(selectSlice(store.getState()))) {
        // Data this store's responses did not bring (a restored save, another tab's): swept like the rest.
        schedule();
      }
    },
  };
}

/** Whether a slice holds any result or row. */
function holdsData(state: RestCacheState): boolean {
  if (hasEntries(state.meta) || hasEntries(state.endpoints)) return true;
  for (const table of Object.values(state.entities)) if (tableSize(table) > 0) return true;
  return false;
}

function hasEntries(record: object): boolean {
  for (const key in record) if (hasOwn(record, key)) return true;
  return false;
}

/** Checks a duration option: `keepUnusedDataFor` (ms >= 0) or `gcInterval` (ms > 0), or `Infinity`. */
export function checkDuration(value: unknown, name: 'keepUnusedDataFor' | 'gcInterval', fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && (value > 0 || (value === 0 && name === 'keepUnusedDataFor'))) return value;
  const least = name === 'gcInterval' ? '> 0' : '>= 0';
  throw new TypeError(
    `[rest-slice] \`createRestCache\` option \`${name}\` must be a number of ms ${least}, or \`Infinity\` to never ${name === 'gcInterval' ? 'sweep on a timer' : 'remove unused results'}; got ${typeof value === 'number' ? String(value) : describeKind(value)}.`,
  );
}
