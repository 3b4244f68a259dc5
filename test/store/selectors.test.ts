// Memoized selectors: same data, same reference; a change to one entity renews only what contains it.
import { setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
  { id: 3, title: 'three' },
]);

async function loaded() {
  const context = setup();
  const TodoResource = todoResource(server.url);
  await context.controller.fetch(TodoResource.getList, {});
  await context.controller.fetch(TodoResource.get, { id: 1 });
  await context.controller.fetch(TodoResource.get, { id: 2 });
  return { ...context, TodoResource };
}

it('returns the same references for the same data, also with new but equal args', async () => {
  const { cache, store, controller, TodoResource } = await loaded();
  const state = store.getState();
  expect(cache.selectResponse(state, TodoResource.get, { id: 1 })).toBe(cache.selectResponse(state, TodoResource.get, { id: 1 }));
  expect(cache.selectResponse(state, TodoResource.getList, {})).toBe(cache.selectResponse(state, TodoResource.getList, {}));
  expect(cache.selectEntity(state, Todo, 1)).toBe(cache.selectEntity(state, Todo, '1'));
  expect(cache.selectEntities(state, Todo)).toBe(cache.selectEntities(state, Todo));
  // The entity inside the list is the same instance as the one `get` returns.
  expect(cache.selectResponse(state, TodoResource.getList, {}).data?.[0]).toBe(cache.selectResponse(state, TodoResource.get, { id: 1 }).data);
  // Across an unrelated change of the cache the references hold.
  await controller.invalidate(TodoResource.get, { id: 2 });
  const next = store.getState();
  expect(next).not.toBe(state);
  expect(cache.selectResponse(next, TodoResource.getList, {})).toBe(cache.selectResponse(state, TodoResource.getList, {}));
  expect(cache.selectEntities(next, Todo)).toBe(cache.selectEntities(state, Todo));
});

it('an update to one entity gives new references only to the results that contain it', async () => {
  const { cache, store, controller, clock, TodoResource } = await loaded();
  const before = store.getState();
  const list = cache.selectResponse(before, TodoResource.getList, {}).data!;
  const one = cache.selectResponse(before, TodoResource.get, { id: 1 });
  const two = cache.selectResponse(before, TodoResource.get, { id: 2 });
  const all = cache.selectEntities(before, Todo);
  clock.advance(1);
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'TWO' });
  const after = store.getState();
  const nextList = cache.selectResponse(after, TodoResource.getList, {}).data!;
  expect(nextList).not.toBe(list);
  expect(nextList.map((todo) => todo.title)).toEqual(['one', 'TWO', 'three']);
  expect(nextList[0]).toBe(list[0]);
  expect(nextList[1]).not.toBe(list[1]);
  expect(nextList[2]).toBe(list[2]);
  expect(cache.selectResponse(after, TodoResource.get, { id: 1 })).toBe(one);
  expect(cache.selectResponse(after, TodoResource.get, { id: 2 })).not.toBe(two);
  expect(cache.selectResponse(after, TodoResource.get, { id: 2 }).data?.title).toBe('TWO');
  expect(cache.selectEntity(after, Todo, 3)).toBe(list[2]);
  expect(cache.selectEntities(after, Todo)).not.toBe(all);
  // The instances handed out earlier were not mutated.
  expect(list[1].title).toBe('two');
});

it('a pending optimistic update renews only what it touches', async () => {
  const { cache, store, controller, TodoResource } = await loaded();
  const before = store.getState();
  const list = cache.selectResponse(before, TodoResource.getList, {}).data!;
  const one = cache.selectResponse(before, TodoResource.get, { id: 1 });
  server.hold();
  const promise = controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true });
  const during = store.getState();
  expect(cache.selectResponse(during, TodoResource.get, { id: 1 })).toBe(one);
  expect(cache.selectEntity(during, Todo, 3)).toBe(list[2]);
  expect(cache.selectEntity(during, Todo, 2)?.completed).toBe(true);
  const duringList = cache.selectResponse(during, TodoResource.getList, {}).data!;
  expect(duringList[0]).toBe(list[0]);
  expect(duringList[1].completed).toBe(true);
  await server.waitForHeld(1);
  server.hold(false);
  await server.releaseAll();
  await promise;
  expect(cache.selectResponse(store.getState(), TodoResource.get, { id: 1 })).toBe(one);
});

it('selectIsLoading follows the request', async () => {
  const { cache, store, controller, TodoResource } = await loaded();
  server.hold();
  const promise = controller.fetch(TodoResource.get, { id: 3 });
  expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 3 })).toBe(true);
  expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 1 })).toBe(false);
  await server.waitForHeld(1);
  await server.releaseAll();
  await promise;
  expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 3 })).toBe(false);
});

it('refetching unchanged data keeps the entity table and every read: only the meta moves on', async () => {
  const { cache, store, controller, clock, TodoResource } = await loaded();
  const before = slice(cache, store);
  const list = cache.selectResponse(store.getState(), TodoResource.getList, {}).data;
  clock.advance(1000);
  await controller.fetch(TodoResource.getList, {});
  const after = slice(cache, store);
  expect(after.entities).toBe(before.entities);
  expect(after.entitiesMeta).not.toBe(before.entitiesMeta);
  expect(cache.selectResponse(store.getState(), TodoResource.getList, {}).data).toBe(list);
});
