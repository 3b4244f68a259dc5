// The README's "Live data and long lists" and "Cache lifetime" examples, as written there, must
// type-check for users: checked by `tsc --noEmit` (never run by jest).
import { configureStore } from '@reduxjs/toolkit';
import { createResource, Entity, restCache, schema, setupListeners } from 'rest-slice';
import { useInfiniteSuspense } from 'rest-slice/react';

class Todo extends Entity {
  id: number | undefined = undefined;
  userId = 0;
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
  searchParams: {} as { userId?: number },
  optimistic: true,
});

const store = configureStore({
  reducer: { [restCache.reducerPath]: restCache.reducer },
  middleware: (getDefault) => getDefault().concat(restCache.middleware),
});
const controller = restCache.controller(store);
const removeListeners: () => void = setupListeners(store);

export async function cacheLifetime() {
  const release = controller.retain(TodoResource.get, { id: 1 });
  release();
  await controller.gc();
  await controller.abort(TodoResource.get, { id: 1 });
  removeListeners();
}

export async function liveData(todos: Todo[]) {
  await controller.set(Todo, { id: 1 }, { id: 1, title: 'Renamed' });
  await controller.set(Todo, { id: 1 }, (todo) => ({ ...todo, completed: true }));
  await controller.set(TodoResource.getList.schema, { userId: 1 }, todos);
  await controller.set(new schema.Invalidate(Todo), { id: 1 }, { id: 1 });

  const LiveTodos = TodoResource.getList.extend({
    onSubscribe(controller, params) {
      const source = new EventSource(`/todos/events?userId=${params?.userId ?? ''}`);
      source.onmessage = (e: MessageEvent<string>) => {
        const todo = JSON.parse(e.data) as { id: number };
        void controller.set(Todo, { id: todo.id }, todo);
      };
      return () => source.close();
    },
  });

  await controller.fetch(TodoResource.getList.move, { id: 5 }, { userId: 2 });
  await controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: 5 });
  return LiveTodos;
}

const Feed = TodoResource.getList.extend({
  searchParams: {} as { cursor?: string; userId?: number },
  schema: { results: new schema.Collection([Todo]), nextCursor: null as string | null },
  getNextPageParams: (last, params) => (last.nextCursor ? { ...params, cursor: last.nextCursor } : undefined),
});

export function useTodoFeed(userId: number) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteSuspense(Feed, { userId });
  const titles: string[] = data.results.map((todo) => todo.title);
  return { titles, hasNextPage, fetchNextPage, isFetchingNextPage };
}

export async function outsideReact(userId: number) {
  await controller.fetchNextPage(Feed, { userId });
  return restCache.selectPages(store.getState(), Feed, { userId }).hasNextPage;
}
