// Dev warnings, once each: controller without the middleware, reducer not mounted, two classes sharing a key.
// Each test uses its own reducerPath, since a warning is logged once per message.
import { configureStore } from '@reduxjs/toolkit';
import { Entity, createRestCache } from 'rest-slice';
import { expectWarnings, makeStore, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

const messages = (spy: jest.SpyInstance) => spy.mock.calls.map((call) => String(call[0]));

it('warns once when the controller is used on a store without the middleware, and fetch rejects', async () => {
  const warn = expectWarnings();
  const cache = createRestCache({ reducerPath: 'noMiddleware' });
  const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer } });
  const controller = cache.controller(store);
  cache.controller(store);
  const TodoResource = todoResource(server.url);
  await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(
    `[rest-slice] \`controller.fetch(Todo.get)\` (GET ${server.url}/todos/1) found no middleware: add \`cache.middleware\` to the store`,
  );
  expect(messages(warn)).toEqual([
    '[rest-slice] the middleware of the cache at `noMiddleware` has not been added to this store: add it with `middleware: (getDefault) => getDefault().concat(cache.middleware)`.',
  ]);
  expect(server.requests).toEqual([]);
});

it('warns once when a selector reads a cache whose middleware no store runs', () => {
  const warn = expectWarnings();
  const cache = createRestCache({ reducerPath: 'selectorsOnly' });
  const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer } });
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  expect(cache.selectEntities(store.getState(), Todo)).toEqual([]);
  expect(messages(warn)).toEqual([
    '[rest-slice] the middleware of the cache at `selectorsOnly` has not been added to this store: add it with `middleware: (getDefault) => getDefault().concat(cache.middleware)`.',
  ]);
  // Once a store runs it, reading is quiet.
  const other = createRestCache({ reducerPath: 'withMiddleware' });
  const withMiddleware = makeStore(other);
  other.selectEntity(withMiddleware.getState(), Todo, 1);
  expect(messages(warn)).toHaveLength(1);
});

it('warns once when the reducer is not mounted at reducerPath (controller and selectors)', () => {
  const warn = expectWarnings();
  const cache = createRestCache({ reducerPath: 'notMounted' });
  const store = configureStore({
    reducer: { elsewhere: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
  });
  cache.controller(store);
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  expect(cache.selectEntities(store.getState(), Todo)).toEqual([]);
  expect(messages(warn)).toEqual([
    "[rest-slice] no cache state at `notMounted`: add `[cache.reducerPath]: cache.reducer` to the store's reducer (`configureStore({ reducer: { notMounted: cache.reducer } })`). " +
      "A slice injected with `combineSlices(...).inject(cache.slice)` has its state from the store's next action: dispatch one before reading.",
  ]);
});

it('warns once when a selector reads a root state without the cache', () => {
  const warn = expectWarnings();
  const cache = createRestCache({ reducerPath: 'selectorOnly' });
  expect(cache.selectEntity({}, Todo, 1)).toBeUndefined();
  expect(cache.selectEntity({ other: 1 }, Todo, 2)).toBeUndefined();
  expect(messages(warn)).toHaveLength(1);
  expect(messages(warn)[0]).toContain('no cache state at `selectorOnly`');
});

it('logs nothing when the store is set up as documented', async () => {
  const cache = createRestCache({ reducerPath: 'documented' });
  const store = makeStore(cache);
  const controller = cache.controller(store);
  await controller.fetch(todoResource(server.url).get, { id: 1 });
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
});

it('warns once when two Entity classes share a key', async () => {
  const warn = expectWarnings();
  class Other extends Entity {
    id = 0;
    pk() {
      return String(this.id);
    }
    static override key = 'Todo';
  }
  const cache = createRestCache({ reducerPath: 'sharedKey' });
  const store = makeStore(cache);
  const controller = cache.controller(store);
  await controller.setResponse(todoResource(server.url).get, { id: 1 }, { id: 1 });
  await controller.setResponse(todoResource(server.url, Other as unknown as typeof Todo).get, { id: 2 }, { id: 2 });
  await controller.setResponse(todoResource(`${server.url}/v2`, Other as unknown as typeof Todo).get, { id: 3 }, { id: 3 });
  expect(messages(warn)).toEqual([
    '[rest-slice] two Entity classes share the key `Todo` (Todo and Other): their rows overwrite each other. Give each a distinct `static key`.',
  ]);
});

it('warns once per endpoint when getOptimisticResponse gives two values for the same snapshot and args (a counter id)', async () => {
  const warn = expectWarnings();
  const cache = createRestCache();
  const store = makeStore(cache);
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  server.route('POST', '/todos', (request) => ({ json: { ...(request.body as object), id: 50 } }));
  let lastTemporaryId = 0;
  const createTodo = TodoResource.getList.push.extend({
    name: 'createWithCounter',
    getOptimisticResponse: (_snap, body) => ({ ...body, id: -++lastTemporaryId }),
  });
  await controller.fetch(createTodo, { title: 'a' });
  await controller.fetch(createTodo, { title: 'b' });
  const impure = messages(warn).filter((message) => message.includes('must be pure'));
  expect(impure).toEqual([
    '[rest-slice] `createWithCounter.getOptimisticResponse` gave two different values for the same snapshot and args. It runs again each time its update is recomputed (and after a reload for an outbox write), so it must be pure: take a temporary id from `snap.fetchedAt` or from the args, not from a counter or `Math.random()`.',
  ]);

  // One that takes its id from the snapshot is not warned about.
  const pure = TodoResource.getList.push.extend({ name: 'createFromStamp', getOptimisticResponse: (snap, body) => ({ ...body, id: -snap.fetchedAt }) });
  await controller.fetch(pure, { title: 'c' });
  expect(messages(warn).filter((message) => message.includes('createFromStamp'))).toEqual([]);
});
