// subscribe / unsubscribe polling at pollFrequency against the real server; the cache's timers run on a
// clock the test advances, so each poll is one step of the test and "no more polls" is checked at once.
import { setup, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

const polls = () => server.count('GET', '/todos/1');

/** A cache whose timers run when `tick` advances its clock; `tick` then waits for the polls it started to land. */
function polled() {
  // No garbage collection timer: the only timers left are polling's.
  const { cache, store, controller, clock } = setup({ gcInterval: Infinity }, { timers: true });
  const inflight = () => Object.keys(slice(cache, store).inflight);
  async function tick(ms: number) {
    clock.advance(ms);
    await until(() => inflight().length === 0, 'the poll to land');
  }
  return { cache, store, controller, clock, inflight, tick };
}

it('polls while subscribed, stores what it gets, and stops on unsubscribe', async () => {
  const { cache, store, controller, clock, inflight, tick } = polled();
  const get = todoResource(server.url).get.extend({ pollFrequency: 30 });
  await controller.subscribe(get, { id: 1 });
  expect(clock.delays).toEqual([30]);
  await tick(29);
  expect(polls()).toBe(0);
  await tick(1);
  expect(polls()).toBe(1);
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  server.todos.get(1)!.title = 'changed on the server';
  await tick(30);
  expect(polls()).toBe(2);
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('changed on the server');

  await controller.unsubscribe(get, { id: 1 });
  expect(clock.delays).toEqual([]);
  clock.advance(300);
  expect(inflight()).toEqual([]);
  expect(polls()).toBe(2);
});

it('the smallest frequency among subscribers wins, and polling stops after the last unsubscribe', async () => {
  const { controller, clock, inflight, tick } = polled();
  const TodoResource = todoResource(server.url);
  const slow = TodoResource.get.extend({ pollFrequency: 1_000 });
  const fast = TodoResource.get.extend({ pollFrequency: 30 });
  expect(slow.key({ id: 1 })).toBe(fast.key({ id: 1 }));

  await controller.subscribe(slow, { id: 1 });
  await tick(100);
  expect(polls()).toBe(0);

  await controller.subscribe(fast, { id: 1 });
  expect(clock.delays).toEqual([30]);
  for (let i = 1; i <= 3; i++) {
    await tick(30);
    expect(polls()).toBe(i);
  }

  // Back to the slow subscriber alone: no poll until its interval has passed.
  await controller.unsubscribe(fast, { id: 1 });
  expect(clock.delays).toEqual([1_000]);
  await tick(999);
  expect(polls()).toBe(3);
  await tick(1);
  expect(polls()).toBe(4);

  // Two subscribers of the same frequency: one leaving keeps the polling going.
  await controller.subscribe(fast, { id: 1 });
  await controller.subscribe(fast, { id: 1 });
  await controller.unsubscribe(fast, { id: 1 });
  await tick(30);
  await tick(30);
  expect(polls()).toBe(6);
  await controller.unsubscribe(fast, { id: 1 });
  await controller.unsubscribe(slow, { id: 1 });
  expect(clock.delays).toEqual([]);
  clock.advance(5_000);
  expect(inflight()).toEqual([]);
  expect(polls()).toBe(6);
});

it('a failing poll is recorded and polling goes on', async () => {
  const { store, controller, clock, tick } = polled();
  const get = todoResource(server.url).get.extend({ pollFrequency: 30 });
  server.route('GET', '/todos/:id', () => ({ status: 503, json: { message: 'busy' } }));
  await controller.subscribe(get, { id: 1 });
  await tick(30);
  expect((controller.getError(get, { id: 1 }, store.getState()) as Error & { status?: number }).status).toBe(503);
  await tick(30);
  expect(polls()).toBe(2);
  expect(clock.delays).toEqual([30]);
  await controller.unsubscribe(get, { id: 1 });
  expect(clock.delays).toEqual([]);
});
