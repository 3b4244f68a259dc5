/** @jest-environment ./test/react/environment.ts */
// `controller.retain(query, ...args)`: a held schema.Query/schema.All read keeps the rows it reads
// through garbage collection, and fetches nothing (focus, reconnect).
import type { UnknownAction } from '@reduxjs/toolkit';
import { createRestCache, listeners, schema, setupListeners } from 'rest-slice';
import { makeClock, makeStore, recorder, setup, slice, Todo, todoResource, until, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
  { id: 3, title: 'three' },
]);

const pks = (tables: { readonly [key: string]: object | undefined }, key: string) => Object.keys(tables[key] ?? {}).sort();

it('a retained schema.All keeps every row it reads after their list is gone, until released for keepUnusedDataFor', async () => {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, keepUnusedDataFor: 1_000 });
  const recorded = recorder();
  const store = makeStore(cache, { before: [recorded.middleware] });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  const allTodos = new schema.All(Todo);
  await controller.fetch(TodoResource.getList, {});
  await controller.fetch(TodoResource.get, { id: 1 });
  const releaseDetail = controller.retain(TodoResource.get, { id: 1 });
  const release = controller.retain(allTodos);

  clock.advance(5_000);
  await controller.gc();
  let state = slice(cache, store);
  // The list went; the rows it brought stay because the held query reads them.
  expect(Object.keys(state.endpoints)).toEqual([`GET ${server.url}/todos/1`]);
  expect(pks(state.entities, 'Todo')).toEqual(['1', '2', '3']);
  expect(cache.selectQuery(store.getState(), allTodos)?.map((todo) => todo.title)).toEqual(['one', 'two', 'three']);

  release();
  release(); // idempotent
  clock.advance(999);
  await controller.gc();
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);

  clock.advance(1);
  await controller.gc();
  state = slice(cache, store);
  // Todo 1 stays: the retained detail reaches it.
  expect(pks(state.entities, 'Todo')).toEqual(['1']);
  expect(Object.keys(state.endpoints)).toEqual([`GET ${server.url}/todos/1`]);
  const gcActions = recorded.log.filter((action: UnknownAction) => action.type === 'rest/gc');
  expect(gcActions.at(-1)).toEqual({ type: 'rest/gc', payload: { keys: [], entities: { Todo: ['2', '3'] } } });

  // Nothing more to remove: no further action.
  clock.advance(5_000);
  await controller.gc();
  expect(recorded.log.filter((action: UnknownAction) => action.type === 'rest/gc')).toHaveLength(gcActions.length);
  releaseDetail();
});

it('a retained schema.Query over a list keeps its Collection row and rows, counted per (query, args)', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 1_000 });
  const TodoResource = todoResource(server.url);
  const titles = new schema.Query(TodoResource.getList.schema, (todos, params: { userId?: number }) =>
    todos.filter((todo) => params.userId === undefined || todo.userId === params.userId).map((todo) => todo.title),
  );
  await controller.fetch(TodoResource.getList, {});
  const first = controller.retain(titles, {});
  const second = controller.retain(titles, {});
  // Other args are another hold: this one reads no stored list, so it keeps nothing.
  const otherArgs = controller.retain(titles, { userId: 7 });
  const collectionRows = () => Object.entries(slice(cache, store).entities).filter(([key, table]) => key !== 'Todo' && Object.keys(table ?? {}).length > 0);

  clock.advance(5_000);
  await controller.gc();
  expect(slice(cache, store).endpoints).toEqual({});
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);
  expect(collectionRows()).toHaveLength(1);
  expect(cache.selectQuery(store.getState(), titles, {})).toEqual(['one', 'two', 'three']);

  first();
  otherArgs();
  clock.advance(5_000);
  await controller.gc();
  // `second` still holds (query, {}).
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);

  second();
  clock.advance(999);
  await controller.gc();
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);
  clock.advance(1);
  await controller.gc();
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual([]);
  expect(collectionRows()).toEqual([]);
  expect(cache.selectQuery(store.getState(), titles, {})).toBeUndefined();
});

it('a query retained again before keepUnusedDataFor passed keeps its rows', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 1_000 });
  const TodoResource = todoResource(server.url);
  const allTodos = new schema.All(Todo);
  await controller.fetch(TodoResource.getList, {});
  controller.retain(allTodos)();
  clock.advance(500);
  const again = controller.retain(allTodos);
  clock.advance(5_000);
  await controller.gc();
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);
  again();
});

it("a released query's rows wait for the cache's keepUnusedDataFor (Infinity keeps them), whatever the list endpoint's own", async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: Infinity });
  const getList = todoResource(server.url).getList.extend({ keepUnusedDataFor: 0 });
  await controller.fetch(getList, {});
  const release = controller.retain(new schema.All(Todo));
  clock.advance(1);
  await controller.gc();
  expect(slice(cache, store).endpoints).toEqual({});
  release();
  clock.advance(1e12);
  await controller.gc();
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1', '2', '3']);
});

it('a focus or reconnect with queries held fetches nothing for them; a held endpoint beside them is refetched', async () => {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, features: [listeners()] });
  const store = makeStore(cache);
  const controller = cache.controller(store);
  const remove = setupListeners(store, cache);
  try {
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    const releases = [
      controller.retain(new schema.All(Todo)),
      controller.retain(new schema.Query(TodoResource.getList.schema), {}),
      controller.retain(TodoResource.getList.schema, {}),
    ];
    const before = server.count();
    clock.advance(60_000);
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(slice(cache, store).inflight).toEqual({});
    expect(server.count()).toBe(before);

    // The control: an endpoint held the same way is refetched on focus.
    releases.push(controller.retain(TodoResource.getList, {}));
    clock.advance(60_000);
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    await until(() => server.count() === before + 1, 'the list refetch');
    await until(() => Object.keys(slice(cache, store).inflight).length === 0, 'the refetch to settle');
    expect(server.count('GET', '/todos')).toBe(2);
    for (const release of releases) release();
  } finally {
    remove();
  }
});

it('retain types: a Query takes its process args, All and Collection any args', () => {
  const { controller } = setup();
  const byUser = new schema.Query(new schema.All(Todo), (todos, { userId }: { userId: number }) => todos.filter((todo) => todo.userId === userId));
  controller.retain(byUser, { userId: 1 })();
  // @ts-expect-error the Query's process takes `{ userId: number }`
  controller.retain(byUser, { userId: 'one' })();
  controller.retain(new schema.All(Todo))();
});
