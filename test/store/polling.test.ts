// subscribe / unsubscribe polling at pollFrequency, with short real intervals and bounded waits.
import { setup, sleep, startStoreServer, Todo, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

const polls = () => server.count('GET', '/todos/1');

it('polls while subscribed, stores what it gets, and stops on unsubscribe', async () => {
  const { cache, store } = setup({ now: Date.now });
  const controller = cache.controller(store);
  const get = todoResource(server.url).get.extend({ pollFrequency: 30 });
  await controller.subscribe(get, { id: 1 });
  await until(() => polls() >= 2, 'two polls');
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  server.todos.get(1)!.title = 'changed on the server';
  await until(() => cache.selectEntity(store.getState(), Todo, 1)?.title === 'changed on the server', 'the polled change');
  await controller.unsubscribe(get, { id: 1 });
  await sleep(20); // a poll already in flight may still land
  const stopped = polls();
  await sleep(120);
  expect(polls()).toBe(stopped);
});

it('the smallest frequency among subscribers wins, and polling stops after the last unsubscribe', async () => {
  const { cache, store } = setup({ now: Date.now });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  const slow = TodoResource.get.extend({ pollFrequency: 1_000 });
  const fast = TodoResource.get.extend({ pollFrequency: 30 });
  expect(slow.key({ id: 1 })).toBe(fast.key({ id: 1 }));

  await controller.subscribe(slow, { id: 1 });
  await sleep(100);
  expect(polls()).toBe(0);

  await controller.subscribe(fast, { id: 1 });
  await until(() => polls() >= 3, 'three fast polls', 1_000);

  // Back to the slow subscriber alone: no poll for a while.
  await controller.unsubscribe(fast, { id: 1 });
  await sleep(20);
  const afterFast = polls();
  await sleep(150);
  expect(polls()).toBe(afterFast);

  // Two subscribers of the same frequency: one leaving keeps the polling going.
  await controller.subscribe(fast, { id: 1 });
  await controller.subscribe(fast, { id: 1 });
  await controller.unsubscribe(fast, { id: 1 });
  const before = polls();
  await until(() => polls() >= before + 2, 'polls with one fast subscriber left', 1_000);
  await controller.unsubscribe(fast, { id: 1 });
  await controller.unsubscribe(slow, { id: 1 });
  await sleep(20);
  const last = polls();
  await sleep(150);
  expect(polls()).toBe(last);
});

it('a failing poll is recorded and polling goes on', async () => {
  const { cache, store } = setup({ now: Date.now });
  const controller = cache.controller(store);
  const get = todoResource(server.url).get.extend({ pollFrequency: 30 });
  server.route('GET', '/todos/:id', () => ({ status: 503, json: { message: 'busy' } }));
  await controller.subscribe(get, { id: 1 });
  await until(() => polls() >= 2, 'two failing polls');
  expect((controller.getError(get, { id: 1 }, store.getState()) as Error & { status?: number }).status).toBe(503);
  await controller.unsubscribe(get, { id: 1 });
  await sleep(40);
});
