// An optimistic update whose confirmed answer equals what it already showed changes no object:
// the list and the detail keep their references (API.md: the same data gives the same object),
// so React renders nothing more when the server agrees. A different answer gives new objects,
// for the changed entity and the results holding it only. Real server on 127.0.0.1.
import { setup, startStoreServer, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}` })));
});
afterEach(() => server.close());

async function loaded() {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  await controller.fetch(TodoResource.get, { id: 7 });
  const read = () => ({
    list: cache.selectResponse(store.getState(), TodoResource.getList, {}).data!,
    detail: cache.selectResponse(store.getState(), TodoResource.get, { id: 7 }).data!,
  });
  return { controller, TodoResource, read };
}

it('keeps the list and the entity shown optimistically when the server confirms the same values', async () => {
  const { controller, TodoResource, read } = await loaded();
  const before = read();
  server.hold();
  const pending = controller.fetch(TodoResource.partialUpdate, { id: 7 }, { title: 'renamed' });
  const shown = read();
  expect(shown.list).not.toBe(before.list);
  expect(shown.detail.title).toBe('renamed');
  expect(shown.list[6]).toBe(shown.detail);
  expect(shown.list[5]).toBe(before.list[5]);
  await server.waitForHeld(1);
  await server.releaseAll();
  await pending;
  const confirmed = read();
  expect(confirmed.detail.title).toBe('renamed');
  expect(confirmed.list).toBe(shown.list);
  expect(confirmed.detail).toBe(shown.detail);
});

it('gives new objects when the server answers other values than the guess', async () => {
  const { controller, TodoResource, read } = await loaded();
  server.route('PATCH', '/todos/:id', (request) => {
    const stored = { ...server.todos.get(Number(request.params.id))!, ...(request.body as object), title: 'server title' };
    server.todos.set(stored.id, stored);
    return { json: stored };
  });
  server.hold();
  const pending = controller.fetch(TodoResource.partialUpdate, { id: 7 }, { title: 'renamed' });
  const shown = read();
  await server.waitForHeld(1);
  await server.releaseAll();
  await pending;
  const confirmed = read();
  expect(confirmed.detail.title).toBe('server title');
  expect(confirmed.list).not.toBe(shown.list);
  expect(confirmed.detail).not.toBe(shown.detail);
  expect(confirmed.list[6]).toBe(confirmed.detail);
  expect(confirmed.list[5]).toBe(shown.list[5]);
});

it('a rolled-back update gives back the objects from before it', async () => {
  const { controller, TodoResource, read } = await loaded();
  const before = read();
  server.hold();
  const pending = controller.fetch(TodoResource.partialUpdate, { id: 7 }, { title: 'renamed' });
  expect(read().detail.title).toBe('renamed');
  await server.waitForHeld(1);
  await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
  await expect(pending).rejects.toMatchObject({ status: 500 });
  const after = read();
  expect(after.list).toBe(before.list);
  expect(after.detail).toBe(before.detail);
});
