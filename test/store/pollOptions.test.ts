// `controller.subscribe(options, endpoint, ...args)`: a subscriber's own polling frequency, sharing the request's
// polling with the others (the smallest positive frequency wins). The cache's timers run on a clock the test advances.
import { setup, slice, startStoreServer, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

const polls = () => server.count('GET', '/todos/1');

function polled() {
  const { cache, store, controller, clock } = setup({ gcInterval: Infinity }, { timers: true });
  async function tick(ms: number) {
    clock.advance(ms);
    await until(() => Object.keys(slice(cache, store).inflight).length === 0, 'the poll to land');
  }
  return { controller, clock, tick };
}

it('polls at the frequency given first, for an endpoint without `pollFrequency`, until unsubscribed with the same options', async () => {
  const { controller, clock, tick } = polled();
  const { get } = todoResource(server.url);
  await controller.subscribe({ pollFrequency: 40 }, get, { id: 1 });
  expect(clock.delays).toEqual([40]);
  await tick(39);
  expect(polls()).toBe(0);
  await tick(1);
  expect(polls()).toBe(1);

  // A second subscriber at its endpoint's frequency (none) keeps the 40 ms polling.
  await controller.subscribe(get, { id: 1 });
  await tick(40);
  expect(polls()).toBe(2);

  await controller.unsubscribe({ pollFrequency: 40 }, get, { id: 1 });
  expect(clock.delays).toEqual([]);
  await tick(400);
  expect(polls()).toBe(2);
  await controller.unsubscribe(get, { id: 1 });
});

it('a subscriber at 0 does not poll and does not stop the others from polling', async () => {
  const { controller, clock, tick } = polled();
  const { get } = todoResource(server.url);
  const off = get.extend({ pollFrequency: 0 });
  await controller.subscribe(off, { id: 1 });
  await controller.subscribe({ pollFrequency: 0 }, get, { id: 1 });
  expect(clock.delays).toEqual([]);

  await controller.subscribe({ pollFrequency: 30 }, get, { id: 1 });
  expect(clock.delays).toEqual([30]);
  await tick(30);
  await tick(30);
  expect(polls()).toBe(2);

  await controller.unsubscribe({ pollFrequency: 30 }, get, { id: 1 });
  expect(clock.delays).toEqual([]);
  await controller.unsubscribe({ pollFrequency: 0 }, get, { id: 1 });
  await controller.unsubscribe(off, { id: 1 });
});

it.each([-1, Number.NaN, Infinity])('refuses `pollFrequency` %p, naming the endpoint', (pollFrequency) => {
  const { controller, clock } = polled();
  const { get } = todoResource(server.url);
  expect(() => controller.subscribe({ pollFrequency }, get, { id: 1 })).toThrow(
    `[rest-slice] \`controller.subscribe\` of \`${get.name}\` got \`pollFrequency\` ${String(pollFrequency)}: give the milliseconds between polls (\`0\` for none).`,
  );
  expect(clock.delays).toEqual([]);
});
