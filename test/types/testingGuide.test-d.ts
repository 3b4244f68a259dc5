// docs/testing.md's examples, as written there, must type-check (checked by `tsc --noEmit`).
import { configureStore } from '@reduxjs/toolkit';
import { createResource, createRestCache, Entity } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
}
const TodoResource = createResource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });

function makeTestStore() {
  const cache = createRestCache();
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
  });
  return { cache, store, controller: cache.controller(store) };
}

export async function seeded() {
  const { store, controller } = makeTestStore();
  await controller.setResponse(TodoResource.getList, [{ id: 1, title: 'Write tests', completed: false }]);
  await controller.setError(TodoResource.get, { id: 2 }, Object.assign(new Error('Not Found'), { status: 404 }));
  return store;
}

export function withFakeFetch() {
  const cache = createRestCache({
    fetch: async (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/todos')) return Response.json([{ id: 1, title: 'Write tests', completed: false }]);
      return new Response('Not Found', { status: 404 });
    },
  });
  return cache;
}
