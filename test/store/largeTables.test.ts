// Large tables: past 2,048 rows an entity table is split into buckets by a hash
// of the pk (docs/state-layout.md). Selectors, writes, optimistic updates,
// invalidation, garbage collection and hydration hide the layout: a user sees
// the same data whatever the size of the table.
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, ExpiryStatus, initialRestCacheState, schema, type EntityMeta, type RestCacheState } from 'rest-slice';
import { FIRST_WRITE_MAX, FLAT_MAX, FLAT_MIN } from '../../src/store/tables';
import { allowConsole } from '../setup';
import { makeClock, makeStore, setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest();

/** Todos `from` … `from + count - 1`, of user `userId`. */
function seed(from: number, count: number, userId: number): void {
  server.seedTodos(Array.from({ length: count }, (_, i) => ({ id: from + i, title: `todo ${from + i}`, userId })));
}

// As makeStore: RTK's checks on, their timing warning raised (its first look at a hydrated state walks every row once).
const slowMachine = { serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } };

const isBucketed = (state: Pick<RestCacheState, 'entities' | 'entitiesMeta'>, key = 'Todo') => Array.isArray(state.entities[key]);
const titles = (data: readonly Todo[] | undefined) => (data ?? []).map((todo) => todo.title);

// A list of user 1 that fits a flat table, and one of user 2 that takes it past FLAT_MAX.
const USER_1 = FLAT_MAX - 48;
const USER_2 = 200;

async function twoLists(options: Parameters<typeof setup>[0] = {}) {
  seed(1, USER_1, 1);
  seed(USER_1 + 1, USER_2, 2);
  const env = setup(options);
  const TodoResource = todoResource(server.url);
  const first = await env.controller.fetch(TodoResource.getList, { userId: 1 });
  return { ...env, TodoResource, first };
}

it('a table passes FLAT_MAX rows by a response and is split into buckets; every read gives the same data and instances', async () => {
  const { cache, store, controller, TodoResource, first } = await twoLists();
  expect(isBucketed(slice(cache, store))).toBe(false);
  expect(slice(cache, store).entities.Todo?.['1']).toEqual({ id: 1, title: 'todo 1', completed: false, userId: 1, updatedAt: 0 });
  const before = cache.selectEntity(store.getState(), Todo, 7);

  await controller.fetch(TodoResource.getList, { userId: 2 });
  const state = slice(cache, store);
  expect(isBucketed(state)).toBe(true);
  expect(Array.isArray(state.entitiesMeta.Todo)).toBe(true);
  // The rows moved into buckets are the same objects: memoized reads keep their identity.
  expect(cache.selectEntity(store.getState(), Todo, 7)).toBe(before);
  expect(controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data).toBe(first);
  const second = controller.getResponse(TodoResource.getList, { userId: 2 }, store.getState()).data;
  expect(second).toHaveLength(USER_2);
  expect(second?.[0]).toMatchObject({ id: USER_1 + 1, title: `todo ${USER_1 + 1}`, userId: 2 });
  expect(cache.selectEntity(store.getState(), Todo, USER_1 + USER_2)).toMatchObject({ title: `todo ${USER_1 + USER_2}` });
  expect(cache.selectEntity(store.getState(), Todo, USER_1 + USER_2 + 1)).toBeUndefined();
  // Plain JSON: the buckets survive a round trip as they are.
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
});

it('a write to a large table changes its row and leaves the other rows (and their reads) as they were', async () => {
  const { cache, store, controller, TodoResource } = await twoLists();
  await controller.fetch(TodoResource.getList, { userId: 2 });
  const list = controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data!;
  const other = cache.selectEntity(store.getState(), Todo, 9);
  const updated = await controller.fetch(TodoResource.partialUpdate, { id: 8 }, { title: 'renamed' });
  expect(updated).toMatchObject({ id: 8, title: 'renamed' });
  expect(cache.selectEntity(store.getState(), Todo, 8)).toMatchObject({ title: 'renamed' });
  expect(cache.selectEntity(store.getState(), Todo, 9)).toBe(other);
  const after = controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data!;
  expect(after).not.toBe(list);
  expect(after[7].title).toBe('renamed');
  expect(after[8]).toBe(list[8]);
  expect(isBucketed(slice(cache, store))).toBe(true);
});

it('an optimistic update over a large table shows at once, and a failure rolls it back', async () => {
  const { cache, store, controller, TodoResource } = await twoLists();
  await controller.fetch(TodoResource.getList, { userId: 2 });
  server.hold();
  const succeeding = controller.fetch(TodoResource.partialUpdate, { id: 10 }, { title: 'optimistic' });
  expect(cache.selectEntity(store.getState(), Todo, 10)).toMatchObject({ title: 'optimistic' });
  expect(titles(controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data)[9]).toBe('optimistic');
  const failing = controller.fetch(TodoResource.partialUpdate, { id: USER_1 + 5 }, { title: 'doomed' });
  expect(cache.selectEntity(store.getState(), Todo, USER_1 + 5)).toMatchObject({ title: 'doomed' });
  await server.waitForHeld(2);
  await server.held[1].releaseWith({ status: 500, json: {} });
  await expect(failing).rejects.toMatchObject({ status: 500 });
  expect(cache.selectEntity(store.getState(), Todo, USER_1 + 5)).toMatchObject({ title: `todo ${USER_1 + 5}` });
  expect(cache.selectEntity(store.getState(), Todo, 10)).toMatchObject({ title: 'optimistic' });
  await server.releaseAll();
  await succeeding;
  expect(cache.selectEntity(store.getState(), Todo, 10)).toMatchObject({ title: 'optimistic' });
  expect(slice(cache, store).optimistic).toEqual([]);
});

it('a delete invalidates the row in its bucket: lists drop it, a read of it is missing', async () => {
  const { cache, store, controller, TodoResource } = await twoLists();
  await controller.fetch(TodoResource.getList, { userId: 2 });
  await controller.fetch(TodoResource.delete, { id: 3 });
  expect(cache.selectEntity(store.getState(), Todo, 3)).toBeUndefined();
  const list = controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data!;
  expect(list).toHaveLength(USER_1 - 1);
  expect(list.some((todo) => todo.id === 3)).toBe(false);
  expect(controller.getResponse(TodoResource.get, { id: 3 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
});

it(`garbage collection shrinks a bucketed table, and at ${FLAT_MIN} rows it is flat again`, async () => {
  const { clock, cache, store, controller, TodoResource } = await twoLists({ keepUnusedDataFor: 1_000 });
  await controller.fetch(TodoResource.getList, { userId: 2 });
  expect(isBucketed(slice(cache, store))).toBe(true);
  const release = controller.retain(TodoResource.getList, { userId: 2 });
  const kept = controller.getResponse(TodoResource.getList, { userId: 2 }, store.getState()).data;
  clock.advance(5_000);
  await controller.gc();
  const state = slice(cache, store);
  expect(isBucketed(state)).toBe(false);
  expect(Object.keys(state.entities.Todo ?? {})).toHaveLength(USER_2);
  expect(Object.keys(state.entitiesMeta.Todo ?? {})).toHaveLength(USER_2);
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  expect(controller.getResponse(TodoResource.getList, { userId: 2 }, store.getState()).data).toBe(kept);
  release();
});

it('a JSON round trip of a store with a bucketed table hydrates a new store (preloadedState) that reads and writes it', async () => {
  const { cache, store, controller, TodoResource } = await twoLists();
  await controller.fetch(TodoResource.getList, { userId: 2 });
  const json = JSON.stringify(slice(cache, store));

  const clock = makeClock();
  const hydrated = createRestCache({ now: clock.now });
  const next = configureStore({
    reducer: { rest: hydrated.reducer },
    middleware: (getDefault) => getDefault(slowMachine).concat(hydrated.middleware),
    preloadedState: { rest: JSON.parse(json) as RestCacheState },
  });
  const nextController = hydrated.controller(next);
  expect(hydrated.selectEntity(next.getState(), Todo, USER_1 + 3)).toMatchObject({ title: `todo ${USER_1 + 3}` });
  expect(titles(nextController.getResponse(TodoResource.getList, { userId: 1 }, next.getState()).data)).toEqual(
    titles(controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data),
  );
  const requests = server.count();
  await nextController.fetch(TodoResource.partialUpdate, { id: USER_1 + 3 }, { title: 'after hydration' });
  expect(server.count()).toBe(requests + 1);
  expect(hydrated.selectEntity(next.getState(), Todo, USER_1 + 3)).toMatchObject({ title: 'after hydration' });
  expect(hydrated.selectEntity(next.getState(), Todo, USER_1 + 4)).toMatchObject({ title: `todo ${USER_1 + 4}` });
  // In development, hydrated rows are frozen like the reducers' own.
  const buckets = hydrated.selectCacheState(next.getState()).entities.Todo as unknown as Record<string, object>[];
  const bucket = buckets.find((rows) => '1' in rows)!;
  expect(Object.isFrozen(bucket['1'])).toBe(true);
  expect(Object.isFrozen(bucket)).toBe(true);
});

it('a preloaded flat table larger than FLAT_MAX is read as it is and split by its first write', async () => {
  seed(1, FLAT_MAX + 100, 1);
  const rows: Record<string, Record<string, unknown>> = {};
  const metas: Record<string, EntityMeta> = {};
  for (const todo of server.todos.values()) {
    rows[String(todo.id)] = { ...todo };
    metas[String(todo.id)] = { fetchedAt: 1, date: 1, expiresAt: Number.MAX_SAFE_INTEGER };
  }
  const cache = createRestCache({ now: makeClock().now });
  const preloaded: RestCacheState = { ...initialRestCacheState(), entities: { Todo: rows }, entitiesMeta: { Todo: metas } };
  const store = configureStore({
    reducer: { rest: cache.reducer },
    middleware: (getDefault) => getDefault(slowMachine).concat(cache.middleware),
    preloadedState: { rest: preloaded },
  });
  const controller = cache.controller(store);
  expect(cache.selectEntity(store.getState(), Todo, FLAT_MAX + 50)).toMatchObject({ title: `todo ${FLAT_MAX + 50}` });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'written' });
  expect(isBucketed(slice(cache, store))).toBe(true);
  expect(cache.selectEntity(store.getState(), Todo, 2)).toMatchObject({ title: 'written' });
  expect(cache.selectEntity(store.getState(), Todo, FLAT_MAX + 50)).toMatchObject({ title: `todo ${FLAT_MAX + 50}` });
});

it('a first response of more than FLAT_MAX rows (up to FIRST_WRITE_MAX) is stored flat, as it came; the next write that changes the table splits it', async () => {
  seed(1, FLAT_MAX + 100, 1);
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  const list = await controller.fetch(TodoResource.getList, {});
  expect(isBucketed(slice(cache, store))).toBe(false);
  expect(cache.selectEntity(store.getState(), Todo, FLAT_MAX + 50)).toMatchObject({ title: `todo ${FLAT_MAX + 50}` });
  const untouched = cache.selectEntity(store.getState(), Todo, 9);
  // A refetch of the same data changes no row: the table stays as it is.
  await controller.fetch(TodoResource.getList, {});
  expect(isBucketed(slice(cache, store))).toBe(false);
  await controller.fetch(TodoResource.partialUpdate, { id: 8 }, { title: 'renamed' });
  const state = slice(cache, store);
  expect([isBucketed(state), Array.isArray(state.entitiesMeta.Todo)]).toEqual([true, true]);
  const after = controller.getResponse(TodoResource.getList, {}, store.getState()).data!;
  expect([after.length, after[7].title, after[FLAT_MAX + 99].title]).toEqual([FLAT_MAX + 100, 'renamed', `todo ${FLAT_MAX + 100}`]);
  // Rows the write did not touch keep their identity, and so do their instances.
  expect(cache.selectEntity(store.getState(), Todo, 9)).toBe(untouched);
  expect(after[8]).toBe(list[8]);
});

it('schema.All over a bucketed table lists every row in pk order', async () => {
  seed(1, FIRST_WRITE_MAX + 10, 1);
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  expect(isBucketed(slice(cache, store))).toBe(true);
  const all = cache.selectQuery(store.getState(), new schema.All(Todo));
  expect(all).toHaveLength(FIRST_WRITE_MAX + 10);
  expect((all as Todo[]).slice(0, 3).map((todo) => todo.id)).toEqual([1, 2, 3]);
});

it('with configureStore defaults, one-entity updates and reads in a store of 10,000 entities log no RTK check warning', async () => {
  // Loading 10,000 rows is checked by RTK once, O(rows) like any new data; each update after that costs
  // its checks O(bucket) (docs/state-layout.md), far below RTK's 32 ms warning.
  const PAGES = 10;
  for (let page = 0; page < PAGES; page++) seed(page * 1_000 + 1, 1_000, page + 1);
  const cache = createRestCache({ now: makeClock().now });
  const store = configureStore({ reducer: { rest: cache.reducer }, middleware: (getDefault) => getDefault().concat(cache.middleware) });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  const logged = allowConsole();
  for (let page = 0; page < PAGES; page++) await controller.fetch(TodoResource.getList, { userId: page + 1 });
  const loaded = logged.length;
  const state = slice(cache, store);
  expect(isBucketed(state)).toBe(true);
  expect((state.entities.Todo as unknown as object[]).reduce((sum, bucket) => sum + Object.keys(bucket).length, 0)).toBe(10_000);
  for (let i = 0; i < 10; i++) {
    await controller.fetch(TodoResource.partialUpdate, { id: 500 + i }, { title: `update ${i}` });
    expect(controller.getResponse(TodoResource.getList, { userId: 1 }, store.getState()).data?.[499 + i].title).toBe(`update ${i}`);
  }
  expect(logged.slice(loaded)).toEqual([]);
});

it('a store made by makeStore (exact JSON checks) stays plain JSON with a bucketed table', async () => {
  seed(1, FIRST_WRITE_MAX + 1, 1);
  const cache = createRestCache({ now: makeClock().now });
  const store = makeStore(cache);
  const controller = cache.controller(store);
  await controller.fetch(todoResource(server.url).getList, {});
  expect(isBucketed(slice(cache, store))).toBe(true);
});
