import { entryOf } from '../../schema/own';

// Stores where `setupListeners` runs, by the store's `getState`, then the cache's reducerPath: there
// `refetchOnFocus`/`refetchOnReconnect` default to true. Runtime, like the listeners themselves.
const listening = new WeakMap<Function, Map<string, number>>();

/** Marks `getState`'s store as listening for the cache at `reducerPath`; returns the function that unmarks it (once). */
export function markListening(getState: Function, reducerPath: string): () => void {
  const paths = entryOf(listening, getState, Map);
  paths.set(reducerPath, (paths.get(reducerPath) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const count = (paths.get(reducerPath) ?? 1) - 1;
    if (count > 0) paths.set(reducerPath, count);
    else paths.delete(reducerPath);
  };
}

/** Whether `setupListeners` runs on `getState`'s store for the cache at `reducerPath`. */
export function isListening(getState: Function, reducerPath: string): boolean {
  return (listening.get(getState)?.get(reducerPath) ?? 0) > 0;
}
