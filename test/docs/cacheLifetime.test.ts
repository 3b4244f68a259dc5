// docs/cache-lifetime.md: the page's store and resources, run as written against a local server (with a manual
// clock slipped into its createRestCache), do what the page says.
import * as toolkit from '@reduxjs/toolkit';
import * as restSlice from 'rest-slice';
import { ExpiryStatus, type Entity, type ListenersOptions, type RestCacheOptions } from 'rest-slice';
import { makeClock, slice, startStoreServer, until, type StoreServer } from '../store/helpers';
import { runRecipe } from './recipes';

const PAGE = 'cache-lifetime.md';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one' },
    { id: 2, title: 'two' },
  ]);
  server.route('GET', '/shared/todos/:id', (request) => ({ json: server.todos.get(Number(request.params.id)) }));
  server.route('GET', '/todos/search', (request) => ({
    json: [...server.todos.values()].filter((todo) => todo.title.includes(request.query.get('q') ?? '')),
  }));
});
afterEach(() => server.close());

// The recipes are evaluated at run time: their exports are read loosely here (the page itself is type-checked by codeBlocks.test.ts).
type AnyEndpoint = any;

/** A todo as the tests read it from a recipe's endpoints. */
interface Row {
  id: number;
  title: string;
}
interface Resources {
  Todo: typeof Entity;
  TodoResource: Record<'get' | 'getList' | 'partialUpdate' | 'delete', AnyEndpoint>;
  getSharedTodo: AnyEndpoint;
  searchTodos: AnyEndpoint;
}

// RTK's development checks still run on the page's store, but a loaded CI machine must not fail the test with
// their "took more than 32 ms" warnings (as in test/store/helpers.ts's makeStore).
const patient = { serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } };
const patientToolkit = {
  ...toolkit,
  configureStore: (options: { reducer: toolkit.ReducersMapObject; middleware: (getDefault: (o?: object) => unknown) => unknown }) =>
    toolkit.configureStore({
      reducer: options.reducer,
      middleware: (getDefault) => options.middleware((given) => getDefault({ ...given, ...patient })) as never,
    }),
};

/**
 * The page's store.ts and resources.ts; `extra` adds options to the page's `listeners()` (as setupListeners in a
 * browser or React Native would). The cache's clock is the test's; with `timers`, its timers are too (they run when
 * the test advances the clock).
 */
async function load(extra: ListenersOptions = {}, { timers = false } = {}) {
  const clock = makeClock();
  const own = { now: clock.now, ...(timers ? { scheduler: clock } : {}) };
  const withClock = {
    ...restSlice,
    createRestCache: (options: RestCacheOptions) => restSlice.createRestCache({ ...options, ...own }),
    listeners: (options: ListenersOptions) => restSlice.listeners({ ...options, ...extra }),
  };
  const { cache, store, controller } = await runRecipe<{
    cache: restSlice.RestCache;
    store: { getState(): unknown; dispatch(action: unknown): unknown };
    controller: restSlice.Controller;
  }>(PAGE, 'store.ts', server.url, { 'rest-slice': withClock, '@reduxjs/toolkit': patientToolkit });
  const resources = await runRecipe<Resources>(PAGE, 'resources.ts', server.url);
  return { clock, cache, store, controller, ...resources };
}

describe('fresh, stale and invalid', () => {
  it('stale data is still Valid and shown; fetchIfStale refetches it; expiresAt is when it landed plus 60 s', async () => {
    const { clock, store, controller, TodoResource } = await load();
    const landed = clock.now();
    const todo = await controller.fetch(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
      data: todo,
      expiryStatus: ExpiryStatus.Valid,
      expiresAt: landed + 60_000,
    });
    clock.advance(60_001);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toMatchObject({ data: todo, expiryStatus: ExpiryStatus.Valid });
    await controller.fetchIfStale(TodoResource.get, { id: 1 });
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('an error is kept for errorExpiryLength (1 s)', async () => {
    const { clock, cache, store, controller, TodoResource } = await load();
    await expect(controller.fetch(TodoResource.get, { id: 9 })).rejects.toMatchObject({ status: 404 });
    expect(slice(cache, store).meta[TodoResource.get.key({ id: 9 })].expiresAt).toBe(clock.now() + 1_000);
  });

  it('invalidIfStale reports InvalidIfStale, fresh for its own 5 s', async () => {
    const { clock, store, controller, getSharedTodo } = await load();
    await controller.fetch(getSharedTodo, { id: 1 });
    expect(controller.getResponse(getSharedTodo, { id: 1 }, store.getState())).toMatchObject({
      expiryStatus: ExpiryStatus.InvalidIfStale,
      expiresAt: clock.now() + 5_000,
    });
  });
});

describe('making data refetch', () => {
  it('invalidate makes one result missing; invalidateAll(endpoint) every result of it; expireAll makes stale', async () => {
    const { clock, store, controller, TodoResource } = await load();
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    await controller.fetch(TodoResource.getList);
    await controller.invalidate(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt: 0,
    });
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).data).toBeDefined();
    await controller.invalidateAll(TodoResource.get);
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).data).toBeUndefined();
    expect(controller.getResponse(TodoResource.getList, store.getState()).data).toHaveLength(2);

    await controller.expireAll(TodoResource.getList);
    const expired = controller.getResponse(TodoResource.getList, store.getState());
    expect(expired).toMatchObject({ expiryStatus: ExpiryStatus.Valid, expiresAt: 0 });
    expect(expired.data).toHaveLength(2);
    clock.advance(1);
    await controller.fetchIfStale(TodoResource.getList);
    expect(server.count('GET', '/todos')).toBe(2);
  });

  it('resetEntireStore empties the cache; a fetch in flight rejects and its answer is dropped', async () => {
    const { cache, store, controller, TodoResource, Todo } = await load();
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const inFlight = controller.fetch(TodoResource.get, { id: 2 });
    await server.waitForHeld(1);
    await controller.resetEntireStore();
    await server.releaseAll();
    await expect(inFlight).rejects.toThrow('[rest-slice]');
    expect(slice(cache, store).endpoints).toEqual({});
    expect(cache.selectEntities(store.getState(), Todo)).toEqual([]);
  });

  it('a delete takes the todo out of every list and makes the detail missing; a failed one brings it back', async () => {
    const { store, controller, TodoResource, Todo, cache } = await load();
    await controller.fetch(TodoResource.getList);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const removing = controller.fetch(TodoResource.delete, { id: 1 });
    expect((controller.getResponse(TodoResource.getList, store.getState()).data as Row[]).map((todo) => todo.id)).toEqual([2]);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: {} });
    await expect(removing).rejects.toMatchObject({ status: 500 });
    expect((controller.getResponse(TodoResource.getList, store.getState()).data as Row[]).map((todo) => todo.id)).toEqual([1, 2]);
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'one' });
  });

  it('set with an Invalidate schema removes the todo everywhere without a request', async () => {
    const { store, controller, TodoResource, Todo } = await load();
    await controller.fetch(TodoResource.getList);
    await controller.set(new restSlice.schema.Invalidate(Todo), { id: 1 }, { id: 1 });
    expect((controller.getResponse(TodoResource.getList, store.getState()).data as Row[]).map((todo) => todo.id)).toEqual([2]);
    expect(server.count()).toBe(1);
  });
});

describe('garbage collection', () => {
  it('a retained result stays; after release it goes keepUnusedDataFor later, with its rows', async () => {
    const { clock, cache, store, controller, TodoResource, Todo } = await load();
    await controller.fetch(TodoResource.get, { id: 1 });
    const release = controller.retain(TodoResource.get, { id: 1 });
    clock.advance(120_000);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'one' });
    release();
    release();
    clock.advance(59_999);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeDefined();
    clock.advance(1);
    await controller.gc();
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBeUndefined();
    expect(slice(cache, store).endpoints).toEqual({});
  });

  it("an endpoint's keepUnusedDataFor (the search's 10 s) overrides the cache's", async () => {
    const { clock, cache, store, controller, TodoResource, searchTodos } = await load();
    await controller.fetch(searchTodos, { q: 'o' });
    await controller.fetch(TodoResource.get, { id: 2 });
    clock.advance(10_000);
    await controller.gc();
    expect(Object.keys(slice(cache, store).endpoints)).toEqual([TodoResource.get.key({ id: 2 })]);
  });
});

describe('refetching by itself', () => {
  it('on focus, a result in use older than refetchMinAge refetches; a younger one or one not in use does not', async () => {
    // What setupListeners turns on in a browser (and React Native sets by hand).
    const { clock, cache, store, controller, TodoResource } = await load({ refetchOnFocus: true });
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    controller.retain(TodoResource.get, { id: 1 });
    clock.advance(999);
    store.dispatch(cache.actions.focus());
    expect(slice(cache, store).inflight).toEqual({});
    clock.advance(2);
    store.dispatch(cache.actions.focus());
    expect(Object.keys(slice(cache, store).inflight)).toEqual([TodoResource.get.key({ id: 1 })]);
    await until(() => Object.keys(slice(cache, store).inflight).length === 0, 'the refetch');
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(server.count('GET', '/todos/2')).toBe(1);
  });
});

describe('retries and abort', () => {
  it("the search's retry: 2 retries a 500 and succeeds, loading and without an error meanwhile", async () => {
    const { cache, store, controller, searchTodos, clock } = await load({}, { timers: true });
    const key = searchTodos.key({ q: 'two' });
    server.hold();
    const searching = controller.fetch(searchTodos, { q: 'two' });
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: {} });
    // The page's retryDelay: 500 ms on the cache's timers.
    await until(() => clock.delays.length > 0, 'the retry delay');
    expect(clock.delays).toEqual([500]);
    clock.advance(500);
    await server.waitForHeld(1);
    expect(cache.selectIsLoading(store.getState(), searchTodos, { q: 'two' })).toBe(true);
    expect(slice(cache, store).retrying?.[key]?.attempt).toBe(2);
    expect(controller.getError(searchTodos, { q: 'two' }, store.getState())).toBeUndefined();
    await server.releaseAll();
    expect(((await searching) as Row[]).map((todo) => todo.title)).toEqual(['two']);
    expect(server.count('GET', '/todos/search')).toBe(2);
  });

  it('a 404 is not retried; the cache default does not retry', async () => {
    const { controller, TodoResource, searchTodos } = await load();
    server.route('GET', '/todos/search', () => ({ status: 404, json: {} }));
    await expect(controller.fetch(searchTodos, { q: 'x' })).rejects.toMatchObject({ status: 404 });
    expect(server.count('GET', '/todos/search')).toBe(1);
    server.route('GET', '/todos/:id', () => ({ status: 503, json: {} }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('abort rejects with an AbortError, rolls back the optimistic update and stores no error', async () => {
    const { cache, store, controller, TodoResource, Todo } = await load();
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const saving = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Draft' });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Draft' });
    await server.waitForHeld(1);
    await controller.abort(TodoResource.partialUpdate, { id: 1 });
    expect(await saving.catch((error: Error) => error.name)).toBe('AbortError');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'one' });
    expect(controller.getError(TodoResource.partialUpdate, { id: 1 }, store.getState())).toBeUndefined();
  });
});
