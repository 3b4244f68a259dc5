// The demo's store: the cache mounted as the README shows, plus a middleware that records each cache
// action for the inspector, and the toasts that explain rollbacks.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import {
  collectionEdits,
  createRestCache,
  crossTab,
  indexedDbStorage,
  infinitePages,
  listeners,
  live,
  outbox,
  persist,
  retry,
  setupListeners,
  type GcPayload,
  type RetryOption,
} from 'rest-slice';
import { createResources } from '../resources';
import { Feed } from './feed';

export const resources = createResources(`${location.origin}/api`);

// The page's address may shorten the demo's timings (the browser tests do): ?gcTime=1500&retryDelay=50&refetchMinAge=0.
const query = new URLSearchParams(location.search);
const setting = (name: string, fallback: number) => (query.has(name) ? Number(query.get(name)) : fallback);

/** How long a result nobody shows is kept (ms): short here, so garbage collection is visible. */
export const gcTime = setting('gcTime', 5000);
/** The delay before a retry of a failed read (ms). */
export const retryDelay = setting('retryDelay', 700);
/** A focus or reconnect refetches what is shown if it was received at least this long ago (ms). */
const refetchMinAge = setting('refetchMinAge', 1000);

/** Reads that got a 503 (server flaky or down) are tried twice more; a 500 (a failed write) is not. */
const retryReads: RetryOption = (failureCount, error) => failureCount <= 2 && error.status === 503;

/** The cache saved in IndexedDB: a reload shows what was loaded before, and sends no request for what is still fresh. */
export const persisted = persist({ storage: indexedDbStorage('rest-slice-demo') });

/**
 * The demo's cache: the default options, but a short `keepUnusedDataFor`, a sweep every second, and the
 * features it shows: retries, refetch on focus and reconnect, the infinite activity feed, and live data
 * (`onSubscribe`).
 */
export const cache = createRestCache({
  keepUnusedDataFor: gcTime,
  gcInterval: 1000,
  features: [retry({ retry: retryReads, retryDelay }), listeners({ refetchMinAge }), infinitePages(), live(), collectionEdits(), persisted, outbox({ resources: Object.values(resources) }), crossTab()],
});

/** One recorded action. */
export interface LogEntry {
  n: number;
  time: string;
  type: string;
  detail: string;
}

/** One garbage collection sweep: the results and entity rows it removed. */
export interface Sweep {
  n: number;
  time: string;
  keys: readonly string[];
  rows: string;
}

/** What happened to a write, in words. */
export interface Toast {
  id: number;
  kind: 'rollback' | 'info';
  text: string;
  why?: string;
}

export const actionLog = new Feed<LogEntry>(60);
export const toasts = new Feed<Toast>(6);
export const sweeps = new Feed<Sweep>(5);
/** The request keys the page holds with `controller.retain` (kept through garbage collection). */
export const retained = new Feed<string>(50);

let actionCount = 0;
let toastCount = 0;

/** A request key without the page's origin: `GET /api/issues`. */
export const shortKey = (key: string) => key.replace(location.origin, '');

function rowsOf(entities: GcPayload['entities']): string {
  return Object.entries(entities)
    // A Collection's rows are the stored lists (`[Comment] …/comments`): named by what they list.
    .map(([key, pks]) => `${key.startsWith('[') ? `${key.slice(1, key.indexOf(']'))} list` : key}×${pks.length}`)
    .join(', ');
}

function describe(type: string, payload: Record<string, unknown> | undefined): string {
  if (!payload) return '';
  const action = type.slice(type.indexOf('/') + 1);
  if (action === 'gc') {
    const { keys, entities } = payload as unknown as GcPayload;
    const rows = rowsOf(entities);
    return `collected ${keys.map(shortKey).join(', ') || 'no result'}${rows ? ` · rows ${rows}` : ''}`;
  }
  if (action === 'abort' && typeof payload.key === 'string') return `cancelled ${shortKey(payload.key)}`;
  if (action === 'retry' && typeof payload.key === 'string') {
    const { attempt, error } = payload as unknown as { attempt: number; error: { status?: number; message: string } };
    return `${shortKey(payload.key)} · attempt ${attempt} after ${error.status ?? error.message}`;
  }
  if (typeof payload.key === 'string') return shortKey(payload.key);
  if (typeof payload.schema === 'string') return payload.schema;
  if (Array.isArray(payload.keys)) return `${payload.keys.length} key(s)`;
  return '';
}

/** Records every action of the cache (`rest/…`) after the reducers ran. */
const recorder: Middleware = () => (next) => (action) => {
  const result = next(action);
  const { type, payload } = action as { type: string; payload?: Record<string, unknown> };
  if (typeof type === 'string' && type.startsWith(`${cache.reducerPath}/`)) {
    const time = new Date().toISOString().slice(11, 23);
    actionLog.push({ n: ++actionCount, time, type, detail: describe(type, payload) });
    if (type === `${cache.reducerPath}/gc`) {
      const { keys, entities } = payload as unknown as GcPayload;
      sweeps.push({ n: actionCount, time: time.slice(0, 8), keys: keys.map(shortKey), rows: rowsOf(entities) });
    }
  }
  return result;
};

// configureStore's defaults keep Redux DevTools on (open the extension to time-travel the cache).
export const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (getDefault) => getDefault().concat(recorder, cache.middleware),
});

// Refetch what is shown when the tab regains focus or the network comes back.
setupListeners(store, cache);

/** Where the Offline switch is kept for this tab, so a reload made offline stays offline (its edits still wait). */
export const offlineKey = 'rest-slice-demo:offline';
/** Whether the Offline switch was on when the page was left. */
export const startsOffline = sessionStorage.getItem(offlineKey) === '1';
// Said before the saved cache is restored: the restored edits then wait for the switch instead of being sent.
if (startsOffline) store.dispatch(cache.actions.offline());

/** The controller of the demo's store (components use `useController()`, which is the same). */
export const controller = cache.controller(store);

export type DemoState = ReturnType<typeof store.getState>;

/** Shows a toast for a few seconds. */
export function toast(kind: Toast['kind'], text: string, why?: string): void {
  const id = ++toastCount;
  toasts.push({ id, kind, text, why });
  setTimeout(() => toasts.filter((t) => t.id !== id), kind === 'rollback' ? 8000 : 4000);
}

function reason(error: unknown): string {
  const status = (error as { status?: number }).status;
  if (status === 503) return 'the server is down (503), so the cache put back what it had confirmed.';
  if ((error as Error).name === 'AbortError') return 'the request was cancelled, so the cache put back what it had confirmed.';
  if (status === 500) return 'the server failed the write (500), so the cache removed its optimistic update.';
  return `${(error as Error).message}`;
}

/** Runs an optimistic write; when it fails, a toast says what rolled back and why. */
export function runWrite(what: string, request: Promise<unknown>): Promise<unknown> {
  return request.catch((error: unknown) => {
    toast('rollback', `Rolled back: ${what}`, reason(error));
  });
}
