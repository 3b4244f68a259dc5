import type { Controller, EndpointInterface } from 'rest-slice';

const inFlight = new WeakMap<Controller, Map<string, Promise<unknown>>>();

/**
 * `controller.fetch(endpoint, ...args)`, started once per request key while
 * it is in flight. The dispatch waits for a microtask: a render may call this
 * (to throw the promise to Suspense), and dispatching during a render would
 * update other components mid-render. The returned promise is already
 * handled, so ignoring it leaks no unhandled rejection.
 */
export function fetchOnce(controller: Controller, endpoint: EndpointInterface, args: readonly unknown[], key: string): Promise<unknown> {
  let byKey = inFlight.get(controller);
  if (byKey === undefined) {
    byKey = new Map();
    inFlight.set(controller, byKey);
  }
  const existing = byKey.get(key);
  if (existing !== undefined) return existing;
  const promise = Promise.resolve().then(() => controller.fetch(endpoint, ...(args as never[])));
  byKey.set(key, promise);
  const clear = () => {
    if (byKey.get(key) === promise) byKey.delete(key);
  };
  promise.then(clear, clear);
  return promise;
}
