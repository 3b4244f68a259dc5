// size-limit fixture: the core app with the persist feature installed in IndexedDB (its line is the feature's cost on top of the core).
import { configureStore } from '@reduxjs/toolkit';
import { createResource, createRestCache, Entity, indexedDbStorage, persist } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
}
export const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
export const persisted = persist({ storage: indexedDbStorage('app') });
export const cache = createRestCache({ features: [persisted] });
export const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (getDefault) => getDefault().concat(cache.middleware),
});
export const todo = cache.controller(store).fetch(TodoResource.get, { id: 1 });
