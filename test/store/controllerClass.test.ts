// Data Client's `new Controller(...)`, for code ported from it: the default cache's controller of a
// store, or (with no store) one whose every use names what to do instead.
import { configureStore } from '@reduxjs/toolkit';
import { Controller, restCache } from 'rest-slice';
import { startStoreServer, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.route('GET', '/todos/:id', (request) => ({ json: { id: Number(request.params.id), title: 'one' } }));
});
afterEach(() => server.close());

function defaultStore() {
  return configureStore({
    reducer: { [restCache.reducerPath]: restCache.reducer },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
}

it('new Controller(store) is the default cache’s controller of that store', async () => {
  const store = defaultStore();
  const controller = new Controller(store);
  expect(controller).toBe(restCache.controller(store));
  const TodoResource = todoResource(server.url);
  const todo = await controller.fetch(TodoResource.get, { id: 1 });
  expect(todo.id).toBe(1);
  expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(todo);
  // Data Client's `getResponse(endpoint, args, controller.getState())`: the store's root state now.
  expect(controller.getState()).toBe(store.getState());
  expect(controller.getResponse(TodoResource.get, { id: 1 }, controller.getState()).data).toBe(todo);
  await controller.invalidate(TodoResource.get, { id: 1 });
  expect(controller.getState()).toBe(store.getState());
  expect(controller.getResponse(TodoResource.get, { id: 1 }, controller.getState()).data).toBeUndefined();
});

it('new Controller() with no store fails on use, naming what to do instead, and sends nothing', async () => {
  const controller = new Controller();
  const TodoResource = todoResource(server.url);
  expect(() => controller.fetch(TodoResource.get, { id: 1 })).toThrow(
    '[rest-slice] `controller.fetch`: this controller was made with `new Controller()` and has no store. Use `cache.controller(store)`, or `useController()` in a component.',
  );
  expect(() => controller.getResponse(TodoResource.get, { id: 1 }, {})).toThrow(/`controller.getResponse`: this controller .* has no store/);
  expect(() => controller.getState()).toThrow(/`controller.getState`: this controller .* has no store/);
  expect(new Controller()).toBe(controller);
  // A plain object of methods: not a thenable, and it prints.
  await expect(Promise.resolve(controller)).resolves.toBe(controller);
  expect(JSON.stringify(controller)).toBe('{}');
  expect(server.requests).toEqual([]);
});
