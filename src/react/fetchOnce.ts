import type { Controller, EndpointInterface } from 'rest-slice';

interface Pending {
  readonly promise: Promise<unknown>;
  /** Dispatches the fetch unless it already was. */
  readonly start: () => void;
}

const inFlight = new WeakMap<Controller, Map<string, Pending>>();

/**
 * `controller.fetch(endpoint, ...args)`, started once per request key while
 * it is in flight. A render may call this (to throw the promise to Suspense),
 * and dispatching during a render would update other components mid-render,
 * so by default the dispatch waits for a microtask. An effect passes `now`:
 * it dispatches at once, and so does a fetch a render left waiting. An effect
 * runs inside the `act` scope of a Testing Library render, so the store
 * update is part of it (a microtask later it would not be, and React would
 * warn that an update was not wrapped in `act`). The returned promise is
 * already handled, so ignoring it leaks no unhandled rejection.
 */
export function fetchOnce(controller: Controller, endpoint: EndpointInterface, args: readonly unknown[], key: string, now = false): Promise<unknown> {
  let byKey = inFlight.get(controller);
  if (byKey === undefined) {
    byKey = new Map();
    inFlight.set(controller, byKey);
  }
  let pending = byKey.get(key);
  if (pending === undefined) {
    let start!: () => void;
    const promise = new Promise<unknown>((resolve, reject) => {
      let started = false;
      start = () => {
        if (started) return;
        started = true;
        try {
          resolve(controller.fetch(endpoint, ...(args as never[])));
        } catch (error) {
          reject(error);
        }
      };
    });
    const entry: Pending = { promise, start };
    byKey.set(key, entry);
    const clear = () => {
      if (byKey.get(key) === entry) byKey.delete(key);
    };
    promise.then(clear, clear);
    if (!now) void Promise.resolve().then(start);
    pending = entry;
  }
  if (now) pending.start();
  return pending.promise;
}

const unrecorded = new WeakMap<Controller, Map<string, { readonly error: Error; readonly at: number }>>();
const noted = new WeakSet<Promise<unknown>>();

/**
 * Notes the failure of `promise` (a fetch of `key`) when the store did not record it (`recorded` says whether it
 * did): a fetch refused before it was sent (an option whose feature is missing, a store without the middleware).
 * A reader that suspended on it throws it ({@link unrecordedFailure}) instead of suspending again.
 */
export function noteUnrecorded(controller: Controller, key: string, promise: Promise<unknown>, now: () => number, recorded: (error: unknown) => boolean): void {
  // Once per fetch, by the render that started it: a later render (after a reset) would judge it by a later state.
  if (noted.has(promise)) return;
  noted.add(promise);
  promise.catch((error: unknown) => {
    if (recorded(error)) return;
    let byKey = unrecorded.get(controller);
    if (byKey === undefined) {
      byKey = new Map();
      unrecorded.set(controller, byKey);
    }
    byKey.set(key, { error: error instanceof Error ? error : new Error(String(error)), at: now() });
  });
}

/**
 * The failure {@link noteUnrecorded} kept for `key`, for `expiry` ms after it happened (as a stored error is
 * kept for `errorExpiryLength`): every render meanwhile throws it, and a retry after it fetches again.
 */
export function unrecordedFailure(controller: Controller, key: string, now: number, expiry: number): Error | undefined {
  const byKey = unrecorded.get(controller);
  const failure = byKey?.get(key);
  if (failure === undefined) return undefined;
  if (now - failure.at <= expiry) return failure.error;
  byKey!.delete(key);
  return undefined;
}
