// The outbox feature's part of the state: `state.outbox`, the writes kept because the server could not be
// reached, in the order they were made. Pure case reducers of (state, action) returning a new frozen state,
// like the core's; everything here is plain JSON, so it shows in Redux DevTools and survives a reload.
import type { OptimisticPayload, SetErrorPayload, StampedPayload } from '../../store/actions';
import type { CacheAction } from '../../store/middleware/types';
import type { OptimisticEntry, RestCacheState, SerializedError } from '../../store/state';

/** One write kept in the outbox until the server answers it (or it is discarded). */
export interface OutboxEntry {
  /** Unique and stable: names the entry across replays, reloads and tabs. */
  readonly id: string;
  /** The endpoint's `name` (found again among the `resources` given to `outbox()` after a reload). */
  readonly endpoint: string;
  /** The request key (`PATCH https://api.example.com/todos/1`), as it was when queued or last rewritten. */
  readonly key: string;
  /** The args as plain JSON (a temporary id in them is rewritten to the real one once its create lands). */
  readonly args: readonly unknown[];
  /** When the write was first triggered (by the cache's clock). */
  readonly fetchedAt: number;
  /** The fetch of this page that holds the write in flight (with `runAt`, its `fetchedAt`); another page's is stale. */
  readonly requestId: string;
  /** The `fetchedAt` of that fetch. */
  readonly runAt: number;
  /** Sent as the `Idempotency-Key` header with every attempt of the write (the same for each retry). */
  readonly idempotencyKey: string;
  /** How many attempts failed to reach the server (or got a 5xx). */
  readonly attempts: number;
  /** `'pending'`: waits to be sent; `'failed'`: the server refused it (4xx; rolled back) or it cannot be replayed. */
  readonly status: 'pending' | 'failed';
  /** The last failure: why it is kept (pending), or why it failed. */
  readonly error?: SerializedError;
}

/** Payload of `<reducerPath>/outbox`: one change to the outbox, by `op`. */
export type OutboxPayload =
  /** A write could not reach the server: it is kept. */
  | { readonly op: 'queue'; readonly entry: OutboxEntry }
  /** A restored entry is about to be held by a new fetch of this page: its restored optimistic update goes. */
  | { readonly op: 'resume'; readonly id: string }
  /** The fetch of this page that now holds the entry. */
  | { readonly op: 'link'; readonly id: string; readonly requestId: string; readonly runAt: number }
  /** A replay did not reach the server (or got a 5xx): the entry stays, with one more attempt. */
  | { readonly op: 'attempt'; readonly id: string; readonly error: SerializedError }
  /** A create landed: `from` (its temporary id) becomes `to` in the args of the entries after `after`. */
  | { readonly op: 'rewrite'; readonly after: string; readonly from: string; readonly to: string | number; readonly keys: { readonly [id: string]: string } }
  /** The entry cannot be replayed (its endpoint is not known): it is kept, with this error. */
  | { readonly op: 'unknown'; readonly id: string; readonly error: SerializedError }
  /** The entry and its optimistic update go, unsent. */
  | { readonly op: 'discard'; readonly id: string }
  /** The entry is sent again (a failed one gets a new idempotency key: its last attempt was answered). */
  | { readonly op: 'retry'; readonly id: string; readonly idempotencyKey: string };

declare module '../../store/state' {
  interface RestCacheState {
    /** Writes kept until the server can be reached, in the order made (the `outbox` feature); absent when empty. */
    readonly outbox?: readonly OutboxEntry[];
  }
}

function withOutbox(state: RestCacheState, outbox: readonly OutboxEntry[], optimistic = state.optimistic): RestCacheState {
  const { outbox: _previous, ...rest } = state;
  const next = outbox.length === 0 ? { ...rest, optimistic } : { ...rest, optimistic, outbox: Object.freeze(outbox) };
  return Object.freeze(next);
}

function mapEntries(state: RestCacheState, change: (entry: OutboxEntry) => OutboxEntry): readonly OutboxEntry[] {
  return (state.outbox ?? []).map((entry) => change(entry));
}

/** Marks the optimistic update of the fetch `requestId`/`runAt` as entry `id`'s. */
function markOptimistic(list: readonly OptimisticEntry[], requestId: string, runAt: number, id: string): readonly OptimisticEntry[] {
  const index = list.findIndex((entry) => entry.requestId === requestId && entry.fetchedAt === runAt);
  if (index === -1 || list[index].outbox === id) return list;
  return Object.freeze(list.map((entry, i) => (i === index ? Object.freeze({ ...entry, outbox: id }) : entry)));
}

function withoutMarked(list: readonly OptimisticEntry[], id: string): readonly OptimisticEntry[] {
  return list.some((entry) => entry.outbox === id) ? Object.freeze(list.filter((entry) => entry.outbox !== id)) : list;
}

/** Replaces every string or number equal to `from` in a JSON value (the temporary id) by `to`. */
function rewriteValue(value: unknown, from: string, to: string | number): unknown {
  if ((typeof value === 'string' || typeof value === 'number') && String(value) === from) return to;
  if (Array.isArray(value)) return value.map((item) => rewriteValue(item, from, to));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[name] = rewriteValue(item, from, to);
    return out;
  }
  return value;
}

/** The args of an entry with a temporary id replaced. */
export function rewriteArgs(args: readonly unknown[], from: string, to: string | number): readonly unknown[] {
  return rewriteValue(args, from, to) as readonly unknown[];
}

/** `<reducerPath>/outbox`. */
export function outboxCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const payload = action.payload as OutboxPayload;
  const outbox = state.outbox ?? [];
  switch (payload.op) {
    case 'queue': {
      if (payload.entry.runAt < state.lastReset || outbox.some((entry) => entry.id === payload.entry.id)) return state;
      const { requestId, runAt, id } = payload.entry;
      return withOutbox(state, [...outbox, Object.freeze({ ...payload.entry })], markOptimistic(state.optimistic, requestId, runAt, id));
    }
    case 'resume':
      return withOutbox(state, outbox, withoutMarked(state.optimistic, payload.id));
    case 'link':
      return withOutbox(
        state,
        mapEntries(state, (entry) => (entry.id === payload.id ? { ...entry, requestId: payload.requestId, runAt: payload.runAt } : entry)),
        markOptimistic(state.optimistic, payload.requestId, payload.runAt, payload.id),
      );
    case 'attempt':
      return withOutbox(state, mapEntries(state, (entry) => (entry.id === payload.id ? { ...entry, attempts: entry.attempts + 1, error: payload.error } : entry)));
    case 'unknown':
      return withOutbox(
        state,
        mapEntries(state, (entry) => (entry.id === payload.id ? { ...entry, status: 'failed', error: payload.error } : entry)),
        withoutMarked(state.optimistic, payload.id),
      );
    case 'rewrite': {
      const at = outbox.findIndex((entry) => entry.id === payload.after);
      if (at === -1) return state;
      const later = new Set(outbox.slice(at + 1).map((entry) => entry.id));
      const optimistic = state.optimistic.map((entry) =>
        entry.outbox !== undefined && later.has(entry.outbox) ? Object.freeze({ ...entry, args: rewriteArgs(entry.args, payload.from, payload.to) }) : entry,
      );
      return withOutbox(
        state,
        outbox.map((entry) =>
          later.has(entry.id) ? { ...entry, args: rewriteArgs(entry.args, payload.from, payload.to), key: payload.keys[entry.id] ?? entry.key } : entry,
        ),
        Object.freeze(optimistic),
      );
    }
    case 'discard':
      return withOutbox(
        state,
        outbox.filter((entry) => entry.id !== payload.id),
        withoutMarked(state.optimistic, payload.id),
      );
    case 'retry':
      return withOutbox(
        state,
        mapEntries(state, (entry) => {
          if (entry.id !== payload.id) return entry;
          if (entry.status === 'pending') return entry;
          const { error: _error, ...rest } = entry;
          return { ...rest, status: 'pending', attempts: 0, idempotencyKey: payload.idempotencyKey };
        }),
      );
    default:
      return state;
  }
}

type Settled = StampedPayload & { readonly requestId?: string };

function entryOf(state: RestCacheState, payload: Settled): OutboxEntry | undefined {
  if (payload.requestId === undefined || state.outbox === undefined) return undefined;
  return state.outbox.find((entry) => entry.requestId === payload.requestId && entry.runAt === payload.fetchedAt);
}

/** After `setResponse` or `abort` of a fetch holding an entry: the entry goes (answered, or aborted by the app). */
export function settledCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const found = entryOf(state, action.payload as Settled);
  if (found === undefined) return state;
  return withOutbox(state, (state.outbox ?? []).filter((entry) => entry !== found));
}

/** After `setError` of a fetch holding an entry: the server refused it; it stays, failed, with the error (its update rolled back). */
export function failedCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const payload = action.payload as SetErrorPayload;
  const found = entryOf(state, payload);
  if (found === undefined) return state;
  return withOutbox(state, mapEntries(state, (entry) => (entry === found ? { ...entry, status: 'failed', error: payload.error } : entry)));
}

/** After `optimistic`: the update of a fetch that holds an entry is marked as the entry's (saved and restored with it). */
export function optimisticCase(state: RestCacheState, action: CacheAction): RestCacheState {
  const payload = action.payload as OptimisticPayload;
  const found = entryOf(state, payload);
  if (found === undefined || payload.requestId === undefined) return state;
  const optimistic = markOptimistic(state.optimistic, payload.requestId, payload.fetchedAt, found.id);
  return optimistic === state.optimistic ? state : Object.freeze({ ...state, optimistic });
}
