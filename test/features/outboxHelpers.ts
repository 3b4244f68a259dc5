// Shared pieces of the outbox tests: a TCP gate in front of the test server (closed, it refuses
// connections, so a request "could not be reached" for real), and pages: a cache and store per page, a
// reload made from the old page's slice as persist() keeps it.
import { configureStore } from '@reduxjs/toolkit';
import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createResource, createRestCache, outbox, persist, selectOutbox, type PersistStorage, type RestCache, type RestCacheState } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { jsonCheckMiddleware } from '../helpers/jsonCheck';
import { makeClock, type Clock } from '../helpers/clock';
import { makeStore, startStoreServer, type StoreServer } from '../store/helpers';

/** The test server with two todos, whose writes stamp `updatedAt: 99` so an answer differs from the optimistic guess. */
export async function startOutboxServer(): Promise<StoreServer> {
  const server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'Write docs' },
    { id: 2, title: 'Ship it' },
  ]);
  for (const method of ['PATCH', 'PUT']) {
    server.route(method, '/todos/:id', (request) => {
      const id = Number(request.params.id);
      const stored = server.todos.get(id);
      if (stored === undefined) return { status: 404, json: { message: `todo ${id} not found` } };
      const next = { ...stored, ...(request.body as object), id, updatedAt: 99 };
      server.todos.set(id, next);
      return { json: next };
    });
  }
  return server;
}

/** A port that forwards to `target` while open and refuses connections while closed. */
export class Gate {
  url = '';
  private server: Server | undefined;
  private port = 0;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: string) {}

  async open(): Promise<this> {
    const { hostname, port } = new URL(this.target);
    const server = createServer((socket) => {
      const upstream = connect(Number(port), hostname);
      this.sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      const drop = () => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    this.server = server;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The todo resource of the tests, and a create that shows the new todo under a temporary id made from `snap.fetchedAt`. */
export function todoResources(url: string) {
  const TodoResource = createResource({ urlPrefix: url, path: '/todos/:id', schema: Todo, optimistic: true });
  const createTodo = TodoResource.getList.push.extend({
    name: 'createTodo',
    getOptimisticResponse: (snap: { fetchedAt: number }, body: Partial<Todo>) => ({ ...body, id: -snap.fetchedAt }),
  });
  return { TodoResource, createTodo };
}

export interface Page {
  readonly cache: RestCache;
  readonly store: ReturnType<typeof pageStore>;
  readonly controller: ReturnType<RestCache['controller']>;
  readonly clock: Clock;
}

function pageStore(cache: RestCache, preloaded?: RestCacheState) {
  return configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    ...(preloaded === undefined ? {} : { preloadedState: { [cache.reducerPath]: preloaded } }),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } })
        .prepend(jsonCheckMiddleware())
        .concat(cache.middleware),
  });
}

/** A page: a new cache with the outbox over `resources`, and its store (from `preloaded`, as a reload restores it). */
export function openPage(resources: readonly object[], preloaded?: RestCacheState, clock: Clock = makeClock(), name?: string): Page {
  const cache = createRestCache({ now: clock.now, scheduler: clock, features: [outbox({ resources, ...(name === undefined ? {} : { name }) })] });
  const store = pageStore(cache, preloaded);
  return { cache, store, controller: cache.controller(store), clock };
}

/** The slice as persist() saves it: JSON, without requests in flight, with only the optimistic updates the outbox keeps. */
export function saved(page: Page): RestCacheState {
  const state = JSON.parse(JSON.stringify(page.cache.selectCacheState(page.store.getState()))) as RestCacheState;
  return { ...state, inflight: {}, optimistic: state.optimistic.filter((entry) => entry.outbox !== undefined) };
}

/** The outbox of a page. */
export const entriesOf = (page: Page) => selectOutbox(page.cache, page.store.getState());

/** Lets queued microtasks run (a store made from a preloaded outbox takes it up in one). */
export const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** How a promise ended, without throwing: `'pending'` until it settles. */
export function watch<T>(promise: Promise<T>) {
  const seen: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: Error & { status?: number } } = { state: 'pending' };
  promise.then(
    (value) => Object.assign(seen, { state: 'resolved', value }),
    (error: Error & { status?: number }) => Object.assign(seen, { state: 'rejected', error }),
  );
  return seen;
}

/** How long persist() waits between saves in the offline tests. */
export const THROTTLE = 100;

/**
 * One page load with persist() and outbox() on `storage`: a cache, its store, on a clock of its own
 * (starting at `start`, where the previous page stopped). `outboxFirst` installs the outbox before persist.
 */
export function loadOfflinePage(storage: PersistStorage, resources: readonly object[], name: string, options: { start?: number; timeout?: number; outboxFirst?: boolean } = {}) {
  const clock: Clock = makeClock(options.start);
  const persisted = persist({ storage, throttle: THROTTLE, timeout: options.timeout });
  const kept = outbox({ resources, name });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: options.outboxFirst ? [kept, persisted] : [persisted, kept] });
  const store = makeStore(cache);
  return { clock, persisted, cache, store, controller: cache.controller(store) };
}

/** A page made by {@link loadOfflinePage}. */
export type OfflinePage = ReturnType<typeof loadOfflinePage>;

/** Lets persist's write through its throttle and the storage's promise ticks. */
export async function saveThrough(page: OfflinePage): Promise<void> {
  page.clock.advance(THROTTLE);
  for (let i = 0; i < 30; i++) await Promise.resolve();
}
