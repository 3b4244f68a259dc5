// size-limit fixture: the core app with the updaters feature installed (its line is the feature's cost on top of the core).
import { configureStore } from '@reduxjs/toolkit';
import { createResource, createRestCache, Entity, updaters } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
}
export const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
export const cache = createRestCache({ features: [updaters()] });
export const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (getDefault) => getDefault().concat(cache.middleware),
});
export const todo = cache.controller(store).fetch(TodoResource.get, { id: 1 });
