// A walk through rest-slice in plain Node, no React: fetch, optimistic update,
// rollback and invalidation against a local API. Run: npm run demo:node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { restCache } from 'rest-slice';
import { createTodoApi } from './api';
import { createTodoResource, Todo } from './resources';

async function main() {
  const api = createTodoApi({ delay: 150, failNextMutation: false });
  const server = http.createServer(api.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const TodoResource = createTodoResource(url);

  const store = configureStore({
    reducer: { [restCache.reducerPath]: restCache.reducer },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
  const controller = restCache.controller(store);
  const show = (label: string) => {
    const todos = restCache.selectEntities(store.getState(), Todo);
    console.log(`${label.padEnd(38)} ${todos.map((t) => `${t.id}:${t.completed ? '✓' : '·'}`).join(' ')}`);
  };

  const list = await controller.fetch(TodoResource.getList);
  console.log(`fetched ${list.length} todos from ${url}/todos`);
  show('after fetch');

  const done = controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true });
  show('optimistic (request still in flight)');
  await done;
  show('confirmed by the server');

  api.controls.failNextMutation = true;
  const failing = controller.fetch(TodoResource.partialUpdate, { id: 3 }, { completed: true });
  show('optimistic (this one will fail)');
  await failing.catch((error: Error) => console.log(`rejected: ${error.message}`));
  show('rolled back');

  await controller.invalidate(TodoResource.getList);
  const after = controller.getResponse(TodoResource.getList, store.getState());
  console.log(`after invalidate: data ${after.data === undefined ? 'missing' : 'present'}, expiryStatus ${after.expiryStatus} (1 = Invalid)`);
  await controller.fetch(TodoResource.getList);
  show('refetched');

  await controller.fetch(TodoResource.delete, { id: 1 });
  show('after delete (entity invalidated)');

  server.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
