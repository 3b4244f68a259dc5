// Which fetches share one HTTP request: identical GETs in flight do (same endpoint name and key);
// other keys, other endpoint names, a GET that already settled and mutations never do.
import { RestEndpoint } from 'rest-slice';
import { setup, Todo, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);

const getTodo = (name = 'Todo.get') => new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name });

/** Stops holding and answers everything held, so every request sent so far (and later) is answered. */
async function answerAll(): Promise<void> {
  server.hold(false);
  await server.releaseAll();
}

it('identical GETs in flight share one request, and both callers get its data', async () => {
  const { controller } = setup();
  const get = getTodo();
  server.hold();
  const first = controller.fetch(get, { id: 1 });
  const second = controller.fetch(get, { id: 1 });
  await server.waitForHeld(1);
  await answerAll();
  expect([(await first).title, (await second).title]).toEqual(['one', 'one']);
  expect(server.count('GET', '/todos/1')).toBe(1);
});

it('GETs of other keys are separate requests', async () => {
  const { controller } = setup();
  const get = getTodo();
  server.hold();
  const one = controller.fetch(get, { id: 1 });
  const two = controller.fetch(get, { id: 2 });
  await server.waitForHeld(1);
  await answerAll();
  expect([(await one).title, (await two).title]).toEqual(['one', 'two']);
  expect([server.count('GET', '/todos/1'), server.count('GET', '/todos/2')]).toEqual([1, 1]);
});

it('GETs of the same key by endpoints of other names are separate requests', async () => {
  const { controller } = setup();
  const get = getTodo('Todo.get');
  const other = getTodo('Todo.getAgain');
  expect(other.key({ id: 1 })).toBe(get.key({ id: 1 }));
  server.hold();
  const first = controller.fetch(get, { id: 1 });
  const second = controller.fetch(other, { id: 1 });
  await server.waitForHeld(1);
  await answerAll();
  expect([(await first).title, (await second).title]).toEqual(['one', 'one']);
  expect(server.count('GET', '/todos/1')).toBe(2);
});

it('a GET that has settled is not shared: the next fetch sends a new request and gets the new data', async () => {
  const { controller } = setup();
  const get = getTodo();
  expect((await controller.fetch(get, { id: 1 })).title).toBe('one');
  server.todos.set(1, { ...server.todos.get(1)!, title: 'renamed' });
  const again = controller.fetch(get, { id: 1 });
  // Fails with "timed out ... 2 requests" when the settled request is joined instead.
  await server.waitForRequests(2);
  expect((await again).title).toBe('renamed');
  expect(server.count('GET', '/todos/1')).toBe(2);
});

it('a GET started by a listener of its own response is a new request', async () => {
  const { controller, store } = setup();
  const get = getTodo();
  let again: Promise<Todo> | undefined;
  let started = false;
  const stop = store.subscribe(() => {
    if (!started && controller.getResponse(get, { id: 1 }, store.getState()).data !== undefined) {
      started = true;
      server.todos.set(1, { ...server.todos.get(1)!, title: 'renamed' });
      again = controller.fetch(get, { id: 1 });
    }
  });
  try {
    await controller.fetch(get, { id: 1 });
    expect(again).toBeDefined();
    await server.waitForRequests(2);
    expect((await again!).title).toBe('renamed');
  } finally {
    stop();
  }
});

it('identical mutations in flight are never shared: each is its own request', async () => {
  const { controller } = setup();
  const rename = getTodo().extend({ method: 'PATCH', name: 'Todo.rename' });
  server.hold();
  const first = controller.fetch(rename, { id: 1 }, { title: 'same' });
  const second = controller.fetch(rename, { id: 1 }, { title: 'same' });
  await server.waitForHeld(1);
  await answerAll();
  await Promise.all([first, second]);
  expect(server.count('PATCH', '/todos/1')).toBe(2);
});
