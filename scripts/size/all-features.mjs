// size-limit fixture: the core app with every feature (`allFeatures()`), as the library was before features were modules.
import { configureStore } from '@reduxjs/toolkit';
import { allFeatures, createResource, createRestCache, Entity } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
}
export const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
export const cache = createRestCache({ features: allFeatures() });
export const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (getDefault) => getDefault().concat(cache.middleware),
});
export const todo = cache.controller(store).fetch(TodoResource.get, { id: 1 });
