// size-limit fixture: an app with one resource, a cache with no feature, a store and one fetch; no React.
import { configureStore } from '@reduxjs/toolkit';
import { createResource, createRestCache, Entity } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
}
export const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
export const cache = createRestCache();
export const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (getDefault) => getDefault().concat(cache.middleware),
});
export const todo = cache.controller(store).fetch(TodoResource.get, { id: 1 });
