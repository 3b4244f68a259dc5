// setupListeners in Node (no window, no document): nothing is listened to or dispatched, and the
// store behaves as a page that is shown and online (polling runs).
import { setupListeners } from 'rest-slice';
import { recorder, makeStore, setup, startStoreServer, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

it('is a no-op returning a no-op without window', async () => {
  expect(typeof window).toBe('undefined');
  const { cache, clock } = setup({ gcInterval: Infinity }, { timers: true });
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
