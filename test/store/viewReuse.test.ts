// A state that changes only what reads do not look at (`inflight`) is read as the
// one before it: the same answers, without checking a single stored row again.
import type { RestCacheState } from 'rest-slice';
import { setup, slice, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
  { id: 3, title: 'three' },
]);

/** `state` with its entity tables behind a proxy that counts every table looked up. */
function countingTables(state: RestCacheState): { state: RestCacheState; reads: () => number } {
  let reads = 0;
  const entities = new Proxy(state.entities, {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { state: { ...state, entities }, reads: () => reads };
}

it('a fetch that only marks a request in flight leaves every selected object as it was', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  await controller.fetch(TodoResource.get, { id: 1 });
  const before = store.getState();
  const list = cache.selectResponse(before, TodoResource.getList, {});
  const one = cache.selectResponse(before, TodoResource.get, { id: 1 });

  server.hold();
  const pending = controller.fetch(TodoResource.get, { id: 2 });
  await server.waitForHeld(1);
  const during = store.getState();
  expect(slice(cache, store).inflight).toEqual({ [`GET ${server.url}/todos/2`]: expect.any(Number) });
  expect(during).not.toBe(before);
  expect(cache.selectResponse(during, TodoResource.getList, {})).toBe(list);
  expect(cache.selectResponse(during, TodoResource.get, { id: 1 })).toBe(one);
  expect(cache.selectResponse(during, TodoResource.getList, {}).data?.map((todo) => todo.title)).toEqual(['one', 'two', 'three']);

  await server.releaseAll();
  await pending;
  // Todo 2's response landed: Todo 1 keeps its object.
  const after = store.getState();
  expect(cache.selectResponse(after, TodoResource.get, { id: 1 })).toBe(one);
  expect(cache.selectResponse(after, TodoResource.getList, {}).data?.[0]).toBe(list.data?.[0]);
});

it('reading a state that differs only in `inflight` checks no stored row again', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  const counted = countingTables(slice(cache, store));
  const list = cache.selectResponse({ rest: counted.state }, TodoResource.getList, {});
  expect(list.data?.map((todo) => todo.title)).toEqual(['one', 'two', 'three']);
  expect(counted.reads()).toBeGreaterThan(0);

  const readsBefore = counted.reads();
  // What `rest/fetch` makes of the state: a new object, new `inflight`, every other part the same.
  const fetching: RestCacheState = { ...counted.state, inflight: { [`GET ${server.url}/todos/9`]: 1 } };
  expect(cache.selectResponse({ rest: fetching }, TodoResource.getList, {})).toBe(list);
  // Answered from the view of the state before: no table was looked at.
  expect(counted.reads()).toBe(readsBefore);

  // A state whose results changed is read again.
  const changed: RestCacheState = { ...fetching, endpoints: { ...fetching.endpoints } };
  expect(cache.selectResponse({ rest: changed }, TodoResource.getList, {})).toBe(list);
  expect(counted.reads()).toBeGreaterThan(readsBefore);
});
