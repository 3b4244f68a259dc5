// A create whose optimistic item has no primary key (a resource with `optimistic: true` whose `push` body
// carries no temporary id) is simply not optimistic: the list waits for the server's item, and development
// warns once per endpoint, not once per call.
import { setup, startStoreServer, expectWarnings, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

it('shows nothing before the answer, then the server item; warns once per endpoint', async () => {
  const warn = expectWarnings();
  const { controller, store } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  const titles = () => controller.getResponse(TodoResource.getList, {}, store.getState()).data?.map((todo) => todo.title);
  for (const title of ['a', 'b']) {
    const created = controller.fetch(TodoResource.getList.push, { title });
    // Read while in flight: the view (where optimistic updates are applied) is computed now.
    expect(titles()).toEqual(['one', ...(title === 'b' ? ['a'] : [])]);
    await created;
  }
  const front = controller.fetch(TodoResource.getList.unshift, { title: 'c' });
  expect(titles()).toEqual(['one', 'a', 'b']);
  await front;
  expect(titles()).toEqual(['c', 'one', 'a', 'b']);
  const message = (name: string, title: string) =>
    `[rest-slice] \`${name}\` is not optimistic for this call: its optimistic response could not be normalized (Entity \`Todo\` has no usable primary key: pk() returned undefined for {"title":"${title}"}). ` +
    'A create shows its item before the server answers only with a temporary id (docs/optimistic-updates.md, "Creates and temporary ids"). Warned once per endpoint.';
  expect(warn.mock.calls).toEqual([[message('Todo.getList.push', 'a')], [message('Todo.getList.unshift', 'c')]]);
});
