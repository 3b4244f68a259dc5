// Shared pieces of the store's integration tests: a store made the way users
// make it (configureStore with its default middleware), a controllable clock and scheduler,
// the todo resource of the README against the test server, and a way to
// expect a dev warning.
import { Todo } from '../fixtures/Todo';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { AbortOptimistic, Entity, RestEndpoint, createResource, createRestCache, type RestCache, type RestCacheOptions } from 'rest-slice';
import { makeClock } from '../helpers/clock';
import { jsonCheckMiddleware } from '../helpers/jsonCheck';

export { deferred, startStoreServer, storeServerForEachTest, StoreServer } from '../helpers/storeServer';

export { makeClock, type Clock } from '../helpers/clock';

/**
 * A store made the way the README says: default middleware (serializable and immutable checks on) plus the cache's,
 * and a check that every action and state is exactly plain JSON (the test fails otherwise).
 */
export function makeStore(cache: RestCache, options: { before?: Middleware[]; after?: Middleware[] } = {}) {
  return configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } })
        .prepend(jsonCheckMiddleware())
        .concat(...(options.before ?? []))
        .concat(cache.middleware)
        .concat(...(options.after ?? [])),
  });
}

export type TestStore = ReturnType<typeof makeStore>;

/**
 * A cache, a store and its controller with a manual clock; with `timers`, the clock is the cache's scheduler
 * too (its timers run only when the test advances the clock).
 */
export function setup(options: RestCacheOptions = {}, { timers = false } = {}) {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, ...(timers ? { scheduler: clock } : {}), ...options });
  const store = makeStore(cache);
  const controller = cache.controller(store);
  return { clock, cache, store, controller };
}

/** The cache's slice of a store's state. */
export function slice(cache: RestCache, store: { getState(): unknown }) {
  return cache.selectCacheState(store.getState());
}

/** Records every action that passes (place it before or after `cache.middleware`). */
export function recorder() {
  const log: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    log.push(action as UnknownAction);
    return next(action);
  };
  return { log, middleware };
}

/** {@link setup} with every action recorded before the middleware sees it (`log`). */
export function recordedSetup(options: RestCacheOptions = {}) {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, ...options });
  const log = recorder();
  const store = makeStore(cache, { before: [log.middleware] });
  return { clock, cache, store, controller: cache.controller(store), log: log.log };
}

/**
 * Lets the current test log `console.warn` (test/setup.ts fails a test that
 * logs one): replaces the setup's spy implementation and returns the spy.
 */
export function expectWarnings(): jest.SpyInstance {
  return jest.spyOn(console, 'warn').mockImplementation(() => undefined);
}


/**
 * One more request to the test server, by the global `fetch`, answered (the server must not be holding):
 * an answer the server sent before has had its turn on the client by then, so a test can check that a late
 * answer changed nothing without waiting a fixed time.
 */
export async function roundTrip(server: { url: string }): Promise<void> {
  await (await fetch(`${server.url}/todos`)).text();
}

/** Polls `check` until it is true (bounded): for real I/O (the server answering), never for the cache's timers. */
export { until } from '../helpers/until';

// --- the README's todo resource, against the test server ---------------------------------

export { Todo };

/** A counter for the "two quick increments" pairing rule. */
export class Counter extends Entity {
  id = 0;
  count = 0;
  pk() {
    return String(this.id);
  }
  static override key = 'Counter';
}

/** The README's resource against the test server. */
export function todoResource(urlPrefix: string, TodoClass: typeof Todo = Todo) {
  return createResource({
    urlPrefix,
    path: '/todos/:id',
    schema: TodoClass,
    searchParams: {} as { userId?: number },
    optimistic: true,
  });
}

/** GET/POST `/counters/:id` endpoints: the server adds one per increment. */
export function counterResource(urlPrefix: string) {
  const get = new RestEndpoint({ urlPrefix, path: '/counters/:id', schema: Counter, name: 'Counter.get' });
  const increment = new RestEndpoint({
    urlPrefix,
    path: '/counters/:id/increment',
    method: 'POST',
    body: undefined,
    schema: Counter,
    name: 'Counter.increment',
    getOptimisticResponse(snap: any, params: any) {
      const { data } = snap.getResponse(get, params);
      if (!data) throw new AbortOptimistic();
      return { id: params.id, count: data.count + 1 };
    },
  });
  return { get, increment };
}

/** Adds the counter routes to a server. */
export function counterRoutes(server: import('../helpers/storeServer').StoreServer) {
  const counts = new Map<number, number>();
  server.route('GET', '/counters/:id', (request) => ({ json: { id: Number(request.params.id), count: counts.get(Number(request.params.id)) ?? 0 } }));
  server.route('POST', '/counters/:id/increment', (request) => {
    const id = Number(request.params.id);
    const count = (counts.get(id) ?? 0) + 1;
    counts.set(id, count);
    return { json: { id, count } };
  });
  return counts;
}
