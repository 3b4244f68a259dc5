import type { MemoCache } from '../../schema/MemoCache';
import { createTable, describeKind, getOwn, hasOwn } from '../../schema/own';
import { inferResult } from '../../schema/Query';
import type { EndpointInterface } from '../endpoint';
import type { GcPayload } from '../gcReducer';
import type { EndpointRegistry } from '../registry';
import { setUnrefTimeout, weakly } from '../scheduler';
import type { RestCacheState } from '../state';
import { getRow } from '../tables';
import type { View } from '../view';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';
import type { HeldQuery, Usage } from './usage';
import { addReads, addResultRows, type Rows } from './resultRows';

/** What garbage collection needs besides the common middleware input. */
export interface GcParts {
  /** The cache's default of the endpoint option (ms); `Infinity` keeps results. */
  readonly keepUnusedDataFor: number;
  /** How often the timer sweeps (ms); `Infinity`: only `controller.gc()` sweeps. */
  readonly gcInterval: number;
  readonly registry: Pick<EndpointRegistry, 'resolve'>;
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
 * `keepUnusedDataFor`.
 */
export function buildGcHandler(input: GcInput, store: HandlerStore, usage: Usage): Handler & StoredResults & { sweep(): void } {
  const { actions, options, selectSlice, registry, memoOf, viewOf, keepUnusedDataFor, gcInterval } = input;
  // Which endpoint stored each result: a result nobody uses is found again through the registry.
  const storedBy = new Map<string, StoredBy>();
  let timer: unknown;

  function endpointOf(key: string): { endpoint: EndpointInterface; args: readonly unknown[] } | undefined {
    const by = storedBy.get(key);
    if (by === undefined) return undefined;
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

  /** What a sweep at `now` would remove, or undefined when nothing. */
  function collect(state: RestCacheState, now: number): GcPayload | undefined {
    const pendingKeys = new Set(state.optimistic.map((entry) => entry.key));
    const removed: string[] = [];
    const keys = new Set([...Object.keys(state.endpoints), ...Object.keys(state.meta)]);
    for (const key of keys) {
      if (usage.isInUse(key) || hasOwn(state.inflight, key) || pendingKeys.has(key)) continue;
      const found = endpointOf(key);
      const keep = found?.endpoint.keepUnusedDataFor ?? keepUnusedDataFor;
      // A result nobody ever used counts as unused since it landed.
      const since = Math.max(usage.lastUsed(key) ?? -Infinity, getOwn(state.meta, key)?.date ?? writtenAt.get(key) ?? -Infinity);
      if ((found !== undefined || onlyWritten(state, key)) && Number.isFinite(keep) && now - since >= keep) removed.push(key);
    }
    // Query reads released for the cache's `keepUnusedDataFor`: the rows they held are candidates too.
    const released = usage.takeReleasedQueries(now - keepUnusedDataFor);
    if (removed.length === 0 && released.length === 0) return undefined;

    const view = viewOf(state);
    const memo = memoOf(state);
    // The rows the removed results reach are candidates; what every other result reaches is kept.
    const candidates: Rows = new Map();
    const kept: Rows = new Map();
    let known = true;
    const gone = new Set(removed);
    for (const key of keys) {
      const found = endpointOf(key);
      const reached = found !== undefined && addResultRows(memo, view, found.endpoint, found.args, key, gone.has(key) ? candidates : kept);
      if (!gone.has(key)) known = (reached || onlyWritten(state, key)) && known;
    }
    for (const held of released) reachQuery(view, held, candidates);
    for (const entry of usage.inUse()) known = addResultRows(memo, view, entry.endpoint, entry.args, entry.key, kept) && known;
    for (const held of usage.heldQueries()) known = reachQuery(view, held, kept) && known;
    for (const entry of state.optimistic) {
      const endpoint = registry.resolve(entry.endpoint, entry.key);
      known = endpoint !== undefined && addResultRows(memo, view, endpoint, entry.args, entry.key, kept) && known;
    }
    const entities = createTable<string[]>();
    // A result whose endpoint is unknown (a preloaded state) might reach any row: then only results go.
    if (known) {
      for (const [entityKey, pks] of candidates) {
        const keep = kept.get(entityKey);
        // An invalidated (`null`) row is a row too.
        const drop = [...pks].filter((pk) => keep?.has(pk) !== true && getRow(state.entities, entityKey, pk) !== undefined);
        if (drop.length > 0) entities[entityKey] = drop;
      }
    }
    if (removed.length === 0 && Object.keys(entities).length === 0) return undefined;
    return { keys: removed, entities: { ...entities } };
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
    if (storedBy.size > 0 || usage.hasReleasedQueries()) schedule();
  }

  /** Arms the timer while there is something a later sweep could remove. */
  function schedule(): void {
    if (timer !== undefined || !Number.isFinite(gcInterval)) return;
    // The timer reaches the sweep weakly: a store the app dropped (one per server request, say) is collected
    // then, not kept for a sweep nobody could see. While the store lives, its middleware holds `tick`.
    timer = setUnrefTimeout(options.scheduler, weakly(tick), gcInterval);
  }

  usage.onUsersChange((_key, _endpoint, _args, count) => {
    if (count === 0) schedule();
  });
  usage.onQueryRelease(schedule);

  return {
    sweep,
    endpointOf,
    after(action: CacheAction) {
      if (actions.setResponse.match(action) || actions.setError.match(action)) {
        const { key, endpoint, args } = action.payload;
        storedBy.set(key, { name: endpoint, args });
        const written = actions.setResponse.match(action) ? action.payload.results : undefined;
        if (written !== undefined) for (const other of Object.keys(written)) writtenAt.set(other, action.payload.date);
        if (!usage.isInUse(key)) schedule();
      } else if (actions.gc.match(action)) {
        for (const key of action.payload.keys) {
          storedBy.delete(key);
          writtenAt.delete(key);
          usage.forget(key);
        }
      } else if (actions.reset.match(action)) {
        storedBy.clear();
        writtenAt.clear();
      }
    },
  };
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
