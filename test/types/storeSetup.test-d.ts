// The types a store setup relies on (fetch results, setupListeners' remover, a custom reducerPath,
// combineSlices): checked by `tsc --noEmit`. The docs' own blocks are checked by test/docs/codeBlocks.test.ts.
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { createRestCache, createResource, Entity, ExpiryStatus, restCache, setupListeners } from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Todo extends Entity {
  id: number | undefined = undefined;
  title = '';
  completed = false;
  pk() {
    return this.id?.toString();
  }
  static key = 'Todo';
}

const TodoResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/todos/:id',
  schema: Todo,
  optimistic: true,
});

const todosReducer = createSlice({ name: 'todos', initialState: { filter: 'all' }, reducers: {} }).reducer;

export async function quickStart() {
  const store = configureStore({
    reducer: { [restCache.reducerPath]: restCache.reducer },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
  const controller = restCache.controller(store);

  const todos = await controller.fetch(TodoResource.getList);
  type _list = Expect<Equal<typeof todos, Todo[]>>;
  await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
  const completed = restCache.selectEntity(store.getState(), Todo, 1)?.completed;
  type _completed = Expect<Equal<typeof completed, boolean | undefined>>;
}

export async function addToYourStore() {
  const store = configureStore({
    reducer: {
      [restCache.reducerPath]: restCache.reducer,
      todos: todosReducer,
    },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
  const removeListeners = setupListeners(store);
  type _remove = Expect<Equal<typeof removeListeners, () => void>>;
  const controller = restCache.controller(store);

  const todo = await controller.fetch(TodoResource.get, { id: 1 });
  type _todo = Expect<Equal<typeof todo, Todo>>;
  const pending = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
  restCache.selectEntity(store.getState(), Todo, 1)?.completed;
  await pending.catch((error: { status?: number }) => error.status);
  await controller.invalidate(TodoResource.get, { id: 1 });
  const response = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
  type _data = Expect<Equal<typeof response.data, Todo | undefined>>;
  const status: ExpiryStatus = response.expiryStatus;
  // @ts-expect-error `get` needs its `id`
  await controller.fetch(TodoResource.get, {});
  return status;
}

export function otherMountings() {
  const api = createRestCache({ reducerPath: 'api' });
  type _path = Expect<Equal<typeof api.reducerPath, 'api'>>;
  const rootReducer = combineSlices(api.slice, { todos: todosReducer });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // combineSlices keys the state by the slice's reducerPath: the cache's state is at `api`, and no other key.
  type _root = Expect<Equal<keyof ReturnType<typeof rootReducer>, 'api' | 'todos'>>;
  type _slicePath = Expect<Equal<typeof api.slice.reducerPath, 'api'>>;
  return api.controller(store);
}

// The `fetch` option takes the global fetch, a wrapper of it, or a fake of the URL (a string) alone.
export const withGlobal = createRestCache({ fetch });
export const withWrapper = createRestCache({ fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }) });
export const withFake = createRestCache({ fetch: async (url: string) => new Response(JSON.stringify({ url })) });
