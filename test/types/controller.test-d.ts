// Controller calls whose args are all optional may leave them out before the last value.
import { configureStore } from '@reduxjs/toolkit';
import { Entity, RestEndpoint, restCache } from 'rest-slice';

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
}

const list = new RestEndpoint({ path: '/todos', schema: [Todo] });
const get = new RestEndpoint({ path: '/todos/:id', schema: Todo });
const store = configureStore({
  reducer: { [restCache.reducerPath]: restCache.reducer },
  middleware: (getDefault) => getDefault().concat(restCache.middleware),
});
const controller = restCache.controller(store);

export async function calls() {
  await controller.setResponse(list, [{ id: 1, title: 'one' }]);
  await controller.setResponse(list, {}, [{ id: 1, title: 'one' }]);
  await controller.setError(list, new Error('down'));
  await controller.setResponse(get, { id: 1 }, { id: 1, title: 'one' });
  // @ts-expect-error `get` needs its params before the response
  await controller.setResponse(get, { id: 1, title: 'one' });
}
