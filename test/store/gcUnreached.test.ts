// Garbage collection of what no result reaches any more, and of results this store did not store itself: rows
// that left a refetched list, rows `controller.set` wrote, a preloaded (server-rendered) state and a restored
// save. A long-running app's tables must not grow with every item that ever passed through a polled feed.
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, memoryStorage, persist } from '../../src';
import { makeClock, makeStore, recordedSetup, setup, slice, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3].map((id) => ({ id, title: `todo ${id}` })));
});
afterEach(() => server.close());

const pks = (tables: { readonly [key: string]: object | undefined }, key: string) => Object.keys(tables[key] ?? {}).sort();

describe('rows nothing reaches', () => {
  it('a list in use whose items churn: the rows that left it go once keepUnusedDataFor passed since they were last written', async () => {
    const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 100 });
    const TodoResource = todoResource(server.url);
    const release = controller.retain(TodoResource.getList, {});
    await controller.fetch(TodoResource.getList, {});
    // The feed moves on: 1 and 2 leave, 4 and 5 come.
    server.todos.delete(1);
    server.todos.delete(2);
    server.seedTodos([4, 5].map((id) => ({ id, title: `todo ${id}` })));
    clock.advance(60);
    await controller.fetch(TodoResource.getList, {});

    // 60 ms after 1 and 2 were last written: not yet.
    await controller.gc();
    expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3', '4', '5']);

    clock.advance(40);
    await controller.gc();
    expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['3', '4', '5']);
    // The list in use keeps its result and its rows.
    expect(controller.getResponse(TodoResource.getList, {}, store.getState()).data?.map((todo) => todo.id)).toEqual([3, 4, 5]);
    release();
  });

  it('one rest/gc action carries the rows, and replaying the log into a fresh store gives the same state', async () => {
    const { clock, cache, store, controller, log } = recordedSetup({ keepUnusedDataFor: 100 });
    const TodoResource = todoResource(server.url);
    const release = controller.retain(TodoResource.getList, {});
    await controller.fetch(TodoResource.getList, {});
    server.todos.delete(2);
    clock.advance(10);
    await controller.fetch(TodoResource.getList, {});
    clock.advance(100);
    await controller.gc();
    const sweeps = log.filter((action) => action.type === 'rest/gc');
    expect(sweeps).toEqual([{ type: 'rest/gc', payload: { keys: [], entities: { Todo: ['2'] } } }]);
    expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '3']);

    const replay = createRestCache();
    const replayed = makeStore(replay);
    for (const action of log) replayed.dispatch(action);
    expect(slice(replay, replayed)).toEqual(slice(cache, store));
    release();
  });

  it('a sweep with nothing to remove dispatches nothing', async () => {
    const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 100 });
    const TodoResource = todoResource(server.url);
    const release = controller.retain(TodoResource.getList, {});
    await controller.fetch(TodoResource.getList, {});
    clock.advance(1_000);
    const states: unknown[] = [];
    const unsubscribe = store.subscribe(() => states.push(store.getState()));
    await controller.gc();
    await controller.gc();
    unsubscribe();
    expect(states).toEqual([]);
    expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);
    release();
  });

  it('rows controller.set wrote that no result reaches go keepUnusedDataFor after the write; until then they stay', async () => {
    const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 100 });
    await controller.set(Todo, { id: 9 }, { id: 9, title: 'from an event', completed: false, userId: 0, updatedAt: 0 });
    clock.advance(99);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 9)?.title).toBe('from an event');
    clock.advance(1);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 9)).toBeUndefined();
  });

  it('a cache whose keepUnusedDataFor is Infinity keeps rows nothing reaches', async () => {
    const { clock, cache, store, controller } = setup({ keepUnusedDataFor: Infinity });
    await controller.set(Todo, { id: 9 }, { id: 9, title: 'kept', completed: false, userId: 0, updatedAt: 0 });
    clock.advance(10_000_000);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 9)?.title).toBe('kept');
  });

  it('a row a retained query reads stays after its list is gone', async () => {
    const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 100 });
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 2 });
    const release = controller.retain(TodoResource.get, { id: 2 });
    clock.advance(1_000);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('todo 2');
    release();
    clock.advance(100);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 2)).toBeUndefined();
  });
});

describe('results this store did not store', () => {
  /** A server's store that fetched `ids`, and a browser cache on a test clock to start from its state. */
  async function serverRendered(ids: number[], keep = 1_000) {
    const TodoResource = todoResource(server.url);
    const serverCache = createRestCache({ gcInterval: Infinity });
    const serverStore = makeStore(serverCache);
    for (const id of ids) await serverCache.controller(serverStore).fetch(TodoResource.get, { id });
    // Sent to the page as JSON; the server's clock is not the page's.
    const sent: unknown = JSON.parse(JSON.stringify(serverCache.selectCacheState(serverStore.getState())));
    const clock = makeClock();
    const cache = createRestCache({ now: clock.now, keepUnusedDataFor: keep, gcInterval: Infinity });
    const store = configureStore({
      reducer: { rest: cache.reducer },
      middleware: (getDefault) => getDefault().concat(cache.middleware),
      preloadedState: { rest: sent as ReturnType<typeof cache.reducer> },
    });
    return { TodoResource, clock, cache, store, controller: cache.controller(store) };
  }

  it('a preloaded result nobody uses goes keepUnusedDataFor after the store started, with its rows', async () => {
    const { clock, cache, store, controller } = await serverRendered([1]);
    clock.advance(999);
    await controller.gc();
    expect(Object.keys(slice(cache, store).endpoints)).toEqual([`GET ${server.url}/todos/1`]);
    clock.advance(1);
    await controller.gc();
    expect(slice(cache, store).endpoints).toEqual({});
    expect(pks(slice(cache, store).entities, 'Todo')).toEqual([]);
  });

  it('a preloaded result does not stop the rows of the results the page fetched from going', async () => {
    const { TodoResource, clock, cache, store, controller } = await serverRendered([1]);
    const release = controller.retain(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    clock.advance(1_000);
    await controller.gc();
    const state = slice(cache, store);
    expect(Object.keys(state.endpoints)).toEqual([`GET ${server.url}/todos/1`]);
    expect(pks(state.entities, 'Todo')).toEqual(['1']);
    release();
  });

  it('a preloaded result whose endpoint the page used takes that endpoint’s keepUnusedDataFor', async () => {
    const { TodoResource, clock, cache, store, controller } = await serverRendered([1, 2]);
    const Kept = TodoResource.get.extend({ keepUnusedDataFor: Infinity });
    // The page reads another todo through the same endpoint: the cache now knows it.
    controller.retain(Kept, { id: 3 })();
    clock.advance(10_000);
    await controller.gc();
    expect(Object.keys(slice(cache, store).endpoints).sort()).toEqual([`GET ${server.url}/todos/1`, `GET ${server.url}/todos/2`]);
    expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2']);
  });

  it('a restored save nobody uses goes keepUnusedDataFor after the reload (docs/offline.md)', async () => {
    const clock = makeClock();
    const storage = memoryStorage();
    const TodoResource = todoResource(server.url);
    const open = () => {
      const persisted = persist({ storage, throttle: 100 });
      const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, keepUnusedDataFor: 1_000, features: [persisted] });
      return { persisted, cache, store: makeStore(cache) };
    };
    const first = open();
    await first.persisted.ready(first.store);
    await first.cache.controller(first.store).fetch(TodoResource.get, { id: 1 });
    clock.advance(100);
    for (let i = 0; i < 20; i++) await Promise.resolve();

    clock.advance(60_000);
    const { persisted, cache, store } = open();
    expect(await persisted.ready(store)).toBe('restored');
    const controller = cache.controller(store);
    // Fetched a minute before the reload: it still gets its keepUnusedDataFor in this session.
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('todo 1');
    clock.advance(1_000);
    await controller.gc();
    expect(slice(cache, store).endpoints).toEqual({});
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  });
});
