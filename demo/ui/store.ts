// The demo's store: the cache mounted as the README shows, plus a middleware that records each cache
// action for the inspector, and the toasts that explain rollbacks.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { restCache, setupListeners } from 'rest-slice';
import { createResources } from '../resources';
import { Feed } from './feed';

export const resources = createResources(`${location.origin}/api`);

/** One recorded action. */
export interface LogEntry {
  n: number;
  time: string;
  type: string;
  detail: string;
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

let actionCount = 0;
let toastCount = 0;

function describe(payload: Record<string, unknown> | undefined): string {
  if (!payload) return '';
  if (typeof payload.key === 'string') return payload.key.replace(location.origin, '');
  if (typeof payload.schema === 'string') return payload.schema;
  if (Array.isArray(payload.keys)) return `${payload.keys.length} key(s)`;
  return '';
}

/** Records every action of the cache (`rest/…`) after the reducers ran. */
const recorder: Middleware = () => (next) => (action) => {
  const result = next(action);
  const { type, payload } = action as { type: string; payload?: Record<string, unknown> };
  if (typeof type === 'string' && type.startsWith(`${restCache.reducerPath}/`)) {
    const time = new Date().toISOString().slice(11, 23);
    actionLog.push({ n: ++actionCount, time, type, detail: describe(payload) });
  }
  return result;
};

// configureStore's defaults keep Redux DevTools on (open the extension to time-travel the cache).
export const store = configureStore({
  reducer: { [restCache.reducerPath]: restCache.reducer },
  middleware: (getDefault) => getDefault().concat(recorder, restCache.middleware),
});

// Refetch what is shown when the tab regains focus or the network comes back.
setupListeners(store);

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
  if (status === 500) return 'the server failed the write (500), so the cache removed its optimistic update.';
  return `${(error as Error).message}`;
}

/** Runs an optimistic write; when it fails, a toast says what rolled back and why. */
export function runWrite(what: string, request: Promise<unknown>): Promise<unknown> {
  return request.catch((error: unknown) => {
    toast('rollback', `Rolled back: ${what}`, reason(error));
  });
}
