import type {
  FetchPayload,
  KeysPayload,
  OptimisticPayload,
  ResetPayload,
  SetErrorPayload,
  SetResponsePayload,
} from './actions';
import { jsonEqual } from '../schema/jsonEqual';
import { createTable, getOwn, hasOwn } from '../schema/own';
import type { FlatTable, StoredTables } from './tables';
import { writeRows } from './tableWrites';
import { initialRestCacheState, type OptimisticEntry, type RestCacheState, type ResultMeta } from './state';

// Case reducers are pure functions of (state, payload) that return a new,
// frozen state. Frozen results pass through Immer (which createSlice wraps
// around them) untouched, so large tables are never walked or copied twice.
// Entity tables are written through tableWrites.ts (docs/state-layout.md).

// Rows are frozen in development only, where a mutation should fail loudly; in
// production freezing every row of a large response costs more than it saves. The check is the literal
// `process.env.NODE_ENV` comparison at each use, which minifiers fold (a production bundle keeps neither
// the call nor the function); a const holding it is not dropped.
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeTree(value);
  return value;
}

// Rows are mostly strings and numbers, and their arrays mostly pks: members that are not objects are not
// visited, and an array is walked by index (its `Object.keys` would make a string of every index).
function freezeTree(value: object): void {
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const member: unknown = value[i];
      if (typeof member === 'object' && member !== null && !Object.isFrozen(member)) freezeTree(member);
    }
    return;
  }
  // `for...in` makes no array (`Object.values` made one per row: a fifth of a development round trip's
  // garbage); an object's own members come first, so the walk stops at the first inherited one.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!hasOwn(record, key)) break;
    const member = record[key];
    if (typeof member === 'object' && member !== null && !Object.isFrozen(member)) freezeTree(member);
  }
}

function withKey<T>(record: { readonly [key: string]: T }, key: string, value: T): { readonly [key: string]: T } {
  const next = Object.assign(createTable<T>(), record);
  next[key] = value;
  return Object.freeze(next);
}

/** `record` without `keys`; the same object when it has none of them. */
export function withoutKeys<T>(record: { readonly [key: string]: T }, keys: readonly string[]): { readonly [key: string]: T } {
  if (!keys.some((key) => hasOwn(record, key))) return record;
  const next = Object.assign(createTable<T>(), record);
  for (const key of keys) delete next[key];
  return Object.freeze(next);
}

/** Writes normalized rows (already merged by the middleware or `controller.set`) over the tables; rows are frozen in development. */
export function applyTables<T>(tables: StoredTables<T>, patch: { readonly [key: string]: FlatTable<T> }): StoredTables<T> {
  return writeRows(tables, patch, process.env.NODE_ENV !== 'production' ? deepFreeze : undefined);
}

// The entity tables each `setResponse` payload's rows made, and the tables they were written over, by the
// payload's `entities` object. The middleware that dispatched it looks them up afterwards: written over the
// tables it normalized against, they hold exactly the rows it read back from that response.
const tablesWritten = /* @__PURE__ */ new WeakMap<object, { readonly from: StoredTables<unknown>; readonly to: StoredTables<unknown> }>();

/** The entity tables a `setResponse` with these payload `entities` made, when it wrote them over `from`. */
export function tablesWrittenFor(entities: object, from: StoredTables<unknown>): StoredTables<unknown> | undefined {
  const written = tablesWritten.get(entities);
  return written !== undefined && written.from === from ? written.to : undefined;
}

/**
 * A state that did not come from these reducers (a `preloadedState`, a
 * replayed or hand-made one): in development it is frozen, rows included, as
 * the reducers' own states are, so Redux Toolkit's checks walk it once, not on every action.
 */
export function adoptState(state: RestCacheState): RestCacheState {
  if (process.env.NODE_ENV !== 'production' && !Object.isFrozen(state)) deepFreeze(state);
  return state;
}

/** The pending optimistic updates without the one of this fetch (paired by key, `fetchedAt` and request id). */
function withoutOptimistic(
  list: readonly OptimisticEntry[],
  key: string,
  fetchedAt: number,
  requestId: string | undefined,
): readonly OptimisticEntry[] {
  // Two fetches of one key in the same millisecond share key and fetchedAt: the request id tells them apart.
  const index = list.findIndex(
    (entry) =>
      entry.key === key &&
      entry.fetchedAt === fetchedAt &&
      (requestId === undefined || entry.requestId === undefined || entry.requestId === requestId),
  );
  if (index === -1) return list;
  return Object.freeze([...list.slice(0, index), ...list.slice(index + 1)]);
}

/**
 * `state` with `changes`, and the fetch of `payload` ended: its optimistic update goes, and so does the
 * in-flight mark of its key unless a newer fetch of it is in flight.
 */
export function settled(
  state: RestCacheState,
  payload: { readonly key: string; readonly fetchedAt: number; readonly requestId?: string },
  changes: Partial<RestCacheState>,
): RestCacheState {
  const { key, fetchedAt } = payload;
  const current = getOwn(state.inflight, key);
  return Object.freeze({
    ...state,
    ...changes,
    optimistic: withoutOptimistic(state.optimistic, key, fetchedAt, payload.requestId),
    inflight: current !== undefined && current <= fetchedAt ? withoutKeys(state.inflight, [key]) : state.inflight,
  });
}

export function fetchReducer(state: RestCacheState, payload: FetchPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  // A read of a key already in flight shares that request: the middleware does not pass it on, and a
  // replayed log (recorded before the middleware) must not record it either, or `inflight` never clears.
  if (payload.sideEffect === false && hasOwn(state.inflight, payload.key)) return state;
  return Object.freeze({ ...state, inflight: withKey(state.inflight, payload.key, payload.fetchedAt) });
}

export function optimisticReducer(state: RestCacheState, payload: OptimisticPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  // One entry per request: the same update again (another tab's relay of one a copy brought) changes nothing.
  if (payload.requestId !== undefined && state.optimistic.some((entry) => entry.requestId === payload.requestId)) return state;
  const entry: OptimisticEntry = {
    endpoint: payload.endpoint,
    key: payload.key,
    args: payload.args,
    fetchedAt: payload.fetchedAt,
    ...(payload.requestId !== undefined ? { requestId: payload.requestId } : {}),
  };
  if (process.env.NODE_ENV !== 'production') deepFreeze(entry);
  // Kept in fetchedAt order; equal stamps keep their dispatch order.
  const list = state.optimistic;
  let index = list.length;
  while (index > 0 && list[index - 1].fetchedAt > entry.fetchedAt) index--;
  const optimistic = Object.freeze([...list.slice(0, index), entry, ...list.slice(index)]);
  return Object.freeze({ ...state, optimistic });
}

// A key's result and its last error are two registers, each kept by the later `fetchedAt`: the result
// of the latest response, and the error of the latest failure, shown while no later response came. So
// the end state is the same whatever order the answers arrive in (another tab's relays, retries).
// `meta.fetchedAt` is the result's stamp (the error's when there is no result); `errorAt` is the
// error's when both are kept.

/** The `fetchedAt` of the stored result of `key` (whose meta is `meta`), or -Infinity when it has none. */
export function resultStamp(endpoints: RestCacheState['endpoints'], key: string, meta: ResultMeta | undefined): number {
  return meta !== undefined && (meta.empty === true || hasOwn(endpoints, key)) ? meta.fetchedAt : -Infinity;
}

/** The `fetchedAt` of the error shown for `key`, or -Infinity when none is. */
export function errorStamp(meta: ResultMeta | undefined): number {
  return meta?.error === undefined ? -Infinity : meta.errorAt ?? meta.fetchedAt;
}

export function setResponseReducer(state: RestCacheState, payload: SetResponsePayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  const previous = getOwn(state.meta, payload.key);
  // A response of an older fetch never replaces the result of a newer one; its entities were merged by fetchedAt.
  const newest = resultStamp(state.endpoints, payload.key, previous) <= payload.fetchedAt;
  const errorAt = errorStamp(previous);
  // A later failure stays shown over the result of an earlier fetch that answered after it (equal stamps:
  // two fetches in one millisecond, the later answer wins, as it always did).
  const kept: ResultMeta =
    previous !== undefined && errorAt > payload.fetchedAt
      ? { ...errorPart(previous), fetchedAt: payload.fetchedAt, errorAt }
      : { fetchedAt: payload.fetchedAt, date: payload.date, expiresAt: payload.expiresAt };
  // An `undefined` result is no member of `endpoints`, and `empty` in its meta.
  const empty = payload.result === undefined;
  const meta: ResultMeta = empty ? { ...kept, empty: true } : kept;
  const stored = getOwn(state.endpoints, payload.key);
  // The same result again (a refetch, a poll) keeps the stored object, so its readers keep theirs.
  const same = empty ? !hasOwn(state.endpoints, payload.key) : stored !== undefined && jsonEqual(stored, payload.result);
  const entities = applyTables(state.entities, payload.entities);
  tablesWritten.set(payload.entities, { from: state.entities, to: entities });
  return settled(state, payload, {
    entities,
    entitiesMeta: applyTables(state.entitiesMeta, payload.entitiesMeta),
    endpoints:
      !newest || same
        ? state.endpoints
        : empty
          ? withoutKeys(state.endpoints, [payload.key])
          : withKey(state.endpoints, payload.key, process.env.NODE_ENV !== 'production' ? deepFreeze(payload.result) : payload.result),
    meta: newest ? withKey(state.meta, payload.key, Object.freeze(meta)) : state.meta,
  });
}

/** What a meta keeps of its error when a result of an earlier fetch lands beneath it (the result is fresh, so no longer invalidated). */
function errorPart(meta: ResultMeta): Omit<ResultMeta, 'fetchedAt'> {
  const { fetchedAt: _fetchedAt, errorAt: _errorAt, invalidated: _invalidated, empty: _empty, ...rest } = meta;
  return rest;
}

export function setErrorReducer(state: RestCacheState, payload: SetErrorPayload): RestCacheState {
  if (payload.fetchedAt < state.lastReset) return state;
  const previous = getOwn(state.meta, payload.key);
  const resultAt = resultStamp(state.endpoints, payload.key, previous);
  // An older failure neither hides a newer result nor replaces a newer failure.
  const newest = resultAt <= payload.fetchedAt && errorStamp(previous) <= payload.fetchedAt;
  const { errorPolicy: _previousPolicy, errorAt: _previousAt, ...rest } = previous ?? ({} as Partial<ResultMeta>);
  const meta: ResultMeta = {
    ...rest,
    fetchedAt: resultAt === -Infinity ? payload.fetchedAt : resultAt,
    date: payload.date,
    expiresAt: payload.keepsExpiry && previous !== undefined ? previous.expiresAt : payload.expiresAt,
    error: process.env.NODE_ENV !== 'production' ? deepFreeze(payload.error) : payload.error,
    ...(payload.errorPolicy ? { errorPolicy: payload.errorPolicy } : {}),
    ...(resultAt !== -Infinity && resultAt !== payload.fetchedAt ? { errorAt: payload.fetchedAt } : {}),
  };
  return settled(state, payload, { meta: newest ? withKey(state.meta, payload.key, Object.freeze(meta)) : state.meta });
}

// A key with no meta yet (a detail read by inference from a list) gets one, so the change sticks;
// `fetchedAt: 0` lets any response of that key replace it.
const NO_RESULT_META: ResultMeta = /* @__PURE__ */ Object.freeze({ fetchedAt: 0, date: 0, expiresAt: 0 });

function updateMeta(state: RestCacheState, keys: readonly string[], change: (meta: ResultMeta) => ResultMeta): RestCacheState {
  let meta = state.meta;
  for (const key of keys) {
    const previous = getOwn(meta, key) ?? NO_RESULT_META;
    meta = withKey(meta, key, Object.freeze(change(previous)));
  }
  return meta === state.meta ? state : Object.freeze({ ...state, meta });
}

export function invalidateReducer(state: RestCacheState, payload: KeysPayload): RestCacheState {
  return updateMeta(state, payload.keys, (meta) => ({ ...meta, invalidated: true, expiresAt: 0 }));
}

export function expireReducer(state: RestCacheState, payload: KeysPayload): RestCacheState {
  return updateMeta(state, payload.keys, (meta) => ({ ...meta, expiresAt: 0 }));
}

export function resetReducer(state: RestCacheState, payload: ResetPayload): RestCacheState {
  return initialRestCacheState(payload.date);
}
