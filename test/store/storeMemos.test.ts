// Each store reads with its own memo (found from its states), so the objects a reader gets stay the
// same from one state of the store to the next: for subscribers that read while a dispatch is under
// way, for a preloaded state read before the first dispatch, and for two stores of one cache.
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, type RestCacheState } from 'rest-slice';
import { makeClock, makeStore, setup, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);

it('a subscriber that reads while a response is stored gets the objects later reads of that data get', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  const seen: unknown[] = [];
  const unsubscribe = store.subscribe(() => seen.push(cache.selectResponse(store.getState(), TodoResource.getList, {}).data));
  await controller.fetch(TodoResource.getList, {});
  unsubscribe();
  const shown = seen[seen.length - 1] as readonly { title: string }[];
  expect(shown.map((todo) => todo.title)).toEqual(['one', 'two']);

  // A new state whose change the list does not hold: the list and its todos keep their objects.
  await controller.setResponse(TodoResource.get, { id: 50 }, { id: 50, title: 'fifty' });
  const after = cache.selectResponse(store.getState(), TodoResource.getList, {}).data;
  expect(after).toBe(shown);
  expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(shown[0]);
});

it('a preloaded state read before the first dispatch keeps its objects after a dispatch that leaves them alone', async () => {
  const first = setup();
  const TodoResource = todoResource(server.url);
  await first.controller.fetch(TodoResource.getList, {});
  // The state as a server render would send it: plain JSON, new objects.
  const preloaded = JSON.parse(JSON.stringify(first.store.getState())) as { rest: RestCacheState };

  const cache = createRestCache({ now: makeClock().now });
  const store = configureStore({
    reducer: { rest: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
    preloadedState: preloaded,
  });
  const controller = cache.controller(store);
  const before = cache.selectResponse(store.getState(), TodoResource.getList, {}).data;
  expect(before?.map((todo) => todo.title)).toEqual(['one', 'two']);

  await controller.setResponse(TodoResource.get, { id: 50 }, { id: 50, title: 'fifty' });
  expect(cache.selectResponse(store.getState(), TodoResource.getList, {}).data).toBe(before);
});

it('two stores of one cache each keep their own objects, and a write to one changes nothing the other shows', async () => {
  const cache = createRestCache({ now: makeClock().now });
  const TodoResource = todoResource(server.url);
  const a = makeStore(cache);
  const b = makeStore(cache);
  await cache.controller(a).fetch(TodoResource.getList, {});
  await cache.controller(b).fetch(TodoResource.getList, {});
  const shownByB = cache.selectResponse(b.getState(), TodoResource.getList, {}).data;

  await cache.controller(a).setResponse(TodoResource.get, { id: 1 }, { id: 1, title: 'renamed in a' });
  expect(cache.selectResponse(a.getState(), TodoResource.getList, {}).data?.map((todo) => todo.title)).toEqual(['renamed in a', 'two']);
  expect(cache.selectResponse(b.getState(), TodoResource.getList, {}).data).toBe(shownByB);
  expect(shownByB?.map((todo) => todo.title)).toEqual(['one', 'two']);
});
