// Mounting: combineSlices, a custom reducerPath, the default instance, next to the user's own reducers.
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { createRestCache, restCache } from 'rest-slice';
import { makeClock, recorder, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0 },
  reducers: { increment: (state) => void (state.value += 1) },
});

it('works with combineSlices next to the user’s slices', async () => {
  const cache = createRestCache({ now: makeClock().now });
  const reducer = combineSlices(cache.slice, counter);
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(cache.middleware) });
  const controller = cache.controller(store);
  const todo = await controller.fetch(todoResource(server.url).get, { id: 1 });
  store.dispatch(counter.actions.increment());
  expect(store.getState().counter.value).toBe(1);
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBe(todo);
  expect(cache.slice.name).toBe('rest');
  expect(cache.slice.reducerPath).toBe('rest');
});

it('a custom reducerPath mounts there and prefixes its action types', async () => {
  const cache = createRestCache({ reducerPath: 'api', now: makeClock().now });
  const recorded = recorder();
  const store = configureStore({
    reducer: { api: cache.reducer, counter: counter.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware, recorded.middleware),
  });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'renamed' });
  await controller.invalidate(TodoResource.get, { id: 1 });
  expect(recorded.log.map((action) => action.type)).toEqual([
    'api/fetch',
    'api/setResponse',
    'api/fetch',
    'api/optimistic',
    'api/setResponse',
    'api/invalidate',
  ]);
  expect(cache.reducerPath).toBe('api');
  expect(cache.actions.fetch.type).toBe('api/fetch');
  expect((store.getState() as Record<string, unknown>).rest).toBeUndefined();
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('renamed');
  expect(cache.selectCacheState(store.getState())).toBe(store.getState().api);
});

it('the default restCache instance is mounted at `rest`', async () => {
  const store = configureStore({
    reducer: { [restCache.reducerPath]: restCache.reducer },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
  const todo = await restCache.controller(store).fetch(todoResource(server.url).get, { id: 1 });
  expect(restCache.reducerPath).toBe('rest');
  expect(restCache.selectEntity(store.getState(), Todo, 1)).toBe(todo);
});
