// A late tab catches up: a peer answers its `hello` with its confirmed data and pending optimistic
// updates, and the late tab merges that in with one action of this feature, `<reducerPath>/crossTabState`.
// The merge is computed in the middleware against the tab's own state (as a response's rows are), so the
// case reducer only writes; a replayed log gives the same state.
import { createTable, getOwn, hasOwn } from '../../schema/own';
import { applyTables, errorStamp, resultStamp } from '../../store/reducers';
import { initialRestCacheState, type OptimisticEntry, type RestCacheState, type ResultMeta } from '../../store/state';
import type { CacheAction } from '../../store/middleware/types';
import { allRows, mergeRows, type EntityOf, type Rows } from './merge';
import type { TabState } from './messages';

/** Payload of `<reducerPath>/crossTabState`: what a peer's copy adds to this tab, already merged with it. */
export interface CrossTabStatePayload extends Rows {
  /** Results the peer holds from a later fetch than this tab's (or this tab has none). */
  readonly endpoints: { readonly [key: string]: unknown };
  /** The meta of those results, by request key. */
  readonly meta: { readonly [key: string]: ResultMeta };
  /** The peer's pending optimistic updates this tab did not have. */
  readonly optimistic: readonly OptimisticEntry[];
  /** The peer's `lastReset`, when later than this tab's: the tab's own data is older than that reset and goes. */
  readonly lastReset?: number;
}

function deepFreeze<T>(value: T): T {
  if (process.env.NODE_ENV === 'production' || typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** What this tab answers a `hello` with: its confirmed data and pending optimistic updates (ids as relayed). */
export function tabStateOf(state: RestCacheState, relayId: (id: string | undefined) => string | undefined): TabState {
  const { entities, entitiesMeta } = allRows(state);
  return {
    entities,
    entitiesMeta,
    endpoints: state.endpoints,
    meta: state.meta,
    optimistic: state.optimistic.map((entry) => ({ ...entry, requestId: relayId(entry.requestId) })),
    lastReset: state.lastReset,
  };
}

/** A peer's copy merged with this tab's state: the payload of `crossTabState`. */
export function mergeTabState(
  own: RestCacheState,
  peer: TabState,
  entityOf: EntityOf,
  knowsEndpoint: (entry: OptimisticEntry) => boolean,
): CrossTabStatePayload {
  const later = peer.lastReset > own.lastReset;
  const base = later ? initialRestCacheState(peer.lastReset) : own;
  const endpoints: Record<string, unknown> = createTable<unknown>();
  const meta: Record<string, ResultMeta> = createTable<ResultMeta>();
  for (const key of Object.keys(peer.meta)) {
    const theirs = peer.meta[key];
    if (theirs.fetchedAt < base.lastReset) continue;
    const mine = getOwn(base.meta, key);
    const merged = mergeResultMeta(mine, resultStamp(base.endpoints, key, mine), theirs, resultStamp(peer.endpoints, key, theirs));
    if (merged === undefined) continue;
    meta[key] = merged.meta;
    // Their result, unless it is `undefined` (no member; their meta says `empty`).
    if (merged.theirResult && hasOwn(peer.endpoints, key)) endpoints[key] = peer.endpoints[key];
  }
  const known = new Set(base.optimistic.map((entry) => entry.requestId));
  const optimistic = peer.optimistic.filter(
    (entry) => entry.fetchedAt >= base.lastReset && !known.has(entry.requestId) && knowsEndpoint(entry),
  );
  return {
    ...mergeRows(base, peer, entityOf),
    endpoints,
    meta,
    optimistic,
    ...(later ? { lastReset: peer.lastReset } : {}),
  };
}

/**
 * A key's meta from two tabs, by the rules of the core's reducers: the result of the later fetch, and the
 * error of the later failure shown while no later result came. `undefined` when the peer adds nothing.
 */
function mergeResultMeta(
  mine: ResultMeta | undefined,
  myResultAt: number,
  theirs: ResultMeta,
  theirResultAt: number,
): { meta: ResultMeta; theirResult: boolean } | undefined {
  const theirResult = theirResultAt > myResultAt;
  const theirError = errorStamp(theirs) > errorStamp(mine);
  if (!theirResult && !theirError) return mine === undefined ? { meta: theirs, theirResult: false } : undefined;
  const resultAt = Math.max(myResultAt, theirResultAt);
  const errorSource = theirError ? theirs : mine;
  const errorAt = errorStamp(errorSource);
  if (errorSource === undefined || errorAt < resultAt) {
    // No error shown: the meta of the later result, which had none.
    return { meta: theirResult ? theirs : (mine as ResultMeta), theirResult };
  }
  const { fetchedAt: _fetchedAt, errorAt: _errorAt, ...error } = errorSource;
  const meta: ResultMeta =
    resultAt === -Infinity || resultAt === errorAt ? { ...error, fetchedAt: errorAt } : { ...error, fetchedAt: resultAt, errorAt };
  return { meta, theirResult };
}

function withAll<T>(record: { readonly [key: string]: T }, patch: { readonly [key: string]: T }): { readonly [key: string]: T } {
  if (Object.keys(patch).length === 0) return record;
  return Object.freeze(Object.assign(createTable<T>(), record, deepFreeze(patch)));
}

/** The case reducer of `<reducerPath>/crossTabState`: writes a merged peer copy (see {@link mergeTabState}). */
export function crossTabStateCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const payload = action.payload as CrossTabStatePayload;
  const base = payload.lastReset !== undefined && payload.lastReset > state.lastReset ? initialRestCacheState(payload.lastReset) : state;
  let optimistic = base.optimistic;
  if (payload.optimistic.length > 0) {
    // Kept in fetchedAt order, as the core keeps them.
    optimistic = Object.freeze(
      [...base.optimistic, ...payload.optimistic.map((entry) => deepFreeze({ ...entry }))].sort((a, b) => a.fetchedAt - b.fetchedAt),
    );
  }
  return Object.freeze({
    ...base,
    entities: applyTables(base.entities, payload.entities),
    entitiesMeta: applyTables(base.entitiesMeta, payload.entitiesMeta),
    endpoints: withAll(base.endpoints, payload.endpoints),
    meta: withAll(base.meta, payload.meta),
    optimistic,
  });
}
