// docs/testing.md's recipes work as written: a seeded cache and a replaced `fetch` (no server needed for
// these two; the rest of the suite shows the third, a local server).
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache } from 'rest-slice';
import { todoResource } from './helpers';

const TodoResource = todoResource('https://api.example.com');

function makeTestStore(cache = createRestCache()) {
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
  });
  return { cache, store, controller: cache.controller(store) };
}

describe('docs/testing.md', () => {
  it('seeds the cache with setResponse and setError', async () => {
    const { store, controller } = makeTestStore();
    await controller.setResponse(TodoResource.getList, [{ id: 1, title: 'Write tests', completed: false, userId: 1 }]);
    await controller.setError(TodoResource.get, { id: 2 }, Object.assign(new Error('Not Found'), { status: 404 }));
    expect(controller.getResponse(TodoResource.getList, store.getState()).data?.map((todo) => todo.title)).toEqual(['Write tests']);
    // The detail of the seeded list item is read from the same normalized row.
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('Write tests');
    expect(controller.getError(TodoResource.get, { id: 2 }, store.getState())).toMatchObject({ message: 'Not Found', status: 404 });
  });

  it('answers the middleware requests with a replaced fetch', async () => {
    const seen: string[] = [];
    const cache = createRestCache({
      fetch: async (input) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        seen.push(url);
        if (url.endsWith('/todos')) return Response.json([{ id: 1, title: 'Write tests', completed: false, userId: 1 }]);
        return new Response('Not Found', { status: 404 });
      },
    });
    const { controller } = makeTestStore(cache);
    const todos = await controller.fetch(TodoResource.getList);
    expect(todos.map((todo) => todo.title)).toEqual(['Write tests']);
    await expect(controller.fetch(TodoResource.get, { id: 5 })).rejects.toMatchObject({ status: 404 });
    expect(seen).toEqual(['https://api.example.com/todos', 'https://api.example.com/todos/5']);
  });
});
