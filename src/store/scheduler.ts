/**
 * The timers of a cache: retry delays, polling and garbage collection sweeps
 * all go through it, so a test can run them by moving its own clock instead
 * of waiting. `setTimeout` is called as a method of this object.
 */
export interface Scheduler {
  /** Calls `callback` once, `ms` milliseconds from now; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels the callback of a handle `setTimeout` returned (nothing when it has run or was cancelled). */
  clearTimeout(handle: unknown): void;
}

/**
 * The global timers: methods of `globalThis`, looked up at each call, so that
 * timers replaced after the cache was made (Jest's fake timers) drive it too.
 */
export const globalScheduler: Scheduler = globalThis;

/** Sets a timer that alone does not keep a Node process (a script, a test run) alive. */
export function setUnrefTimeout(scheduler: Scheduler, callback: () => void, ms: number): unknown {
  const handle = scheduler.setTimeout(callback, ms);
  (handle as { unref?: () => void } | undefined)?.unref?.();
  return handle;
}

/**
 * `callback` held weakly: calls it while something else keeps it alive, else does nothing. Made here, where
 * the returned function's scope holds nothing else (a function made inside a middleware would keep that
 * middleware's whole scope, and its store, alive through the timer).
 */
export function weakly(callback: () => void): () => void {
  const ref = new WeakRef(callback);
  return () => ref.deref()?.();
}
