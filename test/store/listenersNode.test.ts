// setupListeners in Node (no window, no document): nothing is listened to or dispatched, and the
// store behaves as a page that is shown and online (polling runs).
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, listeners, setupListeners } from 'rest-slice';
import { recorder, makeStore, setup, startStoreServer, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

it('is a no-op returning a no-op without window', async () => {
  expect(typeof window).toBe('undefined');
  const { cache, clock } = setup({ gcInterval: Infinity, features: [listeners()] }, { timers: true });
  const recorded = recorder();
  const store = makeStore(cache, { before: [recorded.middleware] });
  const remove = setupListeners(store, cache);
  expect(recorded.log).toEqual([]);
  expect(remove()).toBeUndefined();
  expect(recorded.log).toEqual([]);

  const controller = cache.controller(store);
  const get = todoResource(server.url).get.extend({ pollFrequency: 30 });
  await controller.subscribe(get, { id: 1 });
  expect(clock.delays).toEqual([30]);
  clock.advance(30);
  await until(() => server.count('GET', '/todos/1') === 1, 'the first poll');
  await controller.unsubscribe(get, { id: 1 });
  expect(clock.delays).toEqual([]);
});

it('a cache whose slice is not in the store is an error in Node too', () => {
  const { store } = setup({ reducerPath: 'api' });
  // A cache with the feature, at `rest`, which neither store mounts.
  const cache = createRestCache({ features: [listeners()] });
  expect(() => setupListeners(store, cache)).toThrow(
    "[rest-slice] `setupListeners` got the cache at `rest`, but the store's state has no slice there (focus and reconnect would refetch nothing); " +
      'the store holds a cache at `api`: pass that cache (`setupListeners(store, cache)`).',
  );
  const configured = configureStore({ reducer: { other: (state: number = 0) => state } });
  expect(() => setupListeners(configured, cache)).toThrow(
    "[rest-slice] `setupListeners` got the cache at `rest`, but the store's state has no slice there (focus and reconnect would refetch nothing); " +
      'mount it first (`reducer: { rest: cache.reducer }`).',
  );
});
