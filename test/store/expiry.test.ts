// fresh, stale, invalid and invalidIfStale through getResponse's expiryStatus and expiresAt, with a manual clock.
import { ExpiryStatus } from 'rest-slice';
import { setup, startStoreServer, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

it('fresh, then stale (still shown) after dataExpiryLength', async () => {
  const { store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  const fetchedAt = clock.now();
  const todo = await controller.fetch(TodoResource.get, { id: 1 });
  expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
    data: todo,
    expiryStatus: ExpiryStatus.Valid,
    expiresAt: fetchedAt + 60_000,
  });
  // Fresh: fetchIfStale answers from the cache.
  clock.advance(60_000);
  expect(await controller.fetchIfStale(TodoResource.get, { id: 1 })).toBe(todo);
  expect(server.count('GET', '/todos/1')).toBe(1);
  // Stale: still the same data, and fetchIfStale refetches.
  clock.advance(1);
  const stale = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
  expect(stale.data).toBe(todo);
  expect(stale.expiresAt).toBeLessThan(clock.now());
  await controller.fetchIfStale(TodoResource.get, { id: 1 });
  expect(server.count('GET', '/todos/1')).toBe(2);
  expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).expiresAt).toBe(clock.now() + 60_000);
});

it('invalidIfStale endpoints report InvalidIfStale, with expiresAt', async () => {
  const { store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  const get = TodoResource.get.extend({ invalidIfStale: true, dataExpiryLength: 500 });
  await controller.fetch(get, { id: 1 });
  const response = controller.getResponse(get, { id: 1 }, store.getState());
  expect(response.data?.title).toBe('one');
  expect(response.expiryStatus).toBe(ExpiryStatus.InvalidIfStale);
  expect(response.expiresAt).toBe(clock.now() + 500);
  clock.advance(501);
  await controller.fetchIfStale(get, { id: 1 });
  expect(server.count('GET', '/todos/1')).toBe(2);
});

it('missing data is Invalid with expiresAt 0; the cache and endpoint options set the lengths', async () => {
  const { store, controller, clock } = setup({ dataExpiryLength: 5_000, errorExpiryLength: 250 });
  const TodoResource = todoResource(server.url);
  expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
    data: undefined,
    expiryStatus: ExpiryStatus.Invalid,
    expiresAt: 0,
  });
  await controller.fetch(TodoResource.get, { id: 1 });
  expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).expiresAt).toBe(clock.now() + 5_000);
  await expect(controller.fetch(TodoResource.get, { id: 404 })).rejects.toMatchObject({ status: 404 });
  const key = `GET ${server.url}/todos/404`;
  expect(store.getState().rest.meta[key].expiresAt).toBe(clock.now() + 250);
  const short = TodoResource.get.extend({ dataExpiryLength: 10, errorExpiryLength: 20 });
  await controller.fetch(short, { id: 1 });
  expect(controller.getResponse(short, { id: 1 }, store.getState()).expiresAt).toBe(clock.now() + 10);
});

it('defaults: 60 s for data, 1 s for errors', async () => {
  const { store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  await expect(controller.fetch(TodoResource.get, { id: 9 })).rejects.toMatchObject({ status: 404 });
  expect(store.getState().rest.meta[`GET ${server.url}/todos/9`].expiresAt).toBe(clock.now() + 1_000);
});
