// Reads and writes of one storage run one at a time. Tabs of one app share the storage (IndexedDB is per
// origin): a save that interleaved with another tab's could write a head naming a part the other tab's save
// removes, and a restore could read a head whose parts are being replaced. Web Locks where the platform has
// them (across tabs); else a queue per storage object, within this realm (stores of one page, tests).
import type { PersistStorage } from './storages';

interface WebLocks {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

const tails = new WeakMap<PersistStorage, Promise<unknown>>();

/** Runs `task` once no other task on `storage` (or, with Web Locks, under `name` in any tab) runs. */
export function exclusive<T>(storage: PersistStorage, name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;
  if (typeof locks?.request === 'function') return locks.request(name, task);
  // The first task starts at once, as it would without the lock (a restore reads the storage in the store's first turn).
  const previous = tails.get(storage);
  const run = previous === undefined ? task() : previous.then(task, task);
  tails.set(storage, run);
  return run;
}
