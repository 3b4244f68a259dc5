// size-limit fixture: an app with one resource and the store, no React.
import { configureStore } from '@reduxjs/toolkit';
import { createResource, Entity, restCache } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
}
export const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
export const store = configureStore({
  reducer: { [restCache.reducerPath]: restCache.reducer },
  middleware: (getDefault) => getDefault().concat(restCache.middleware),
});
