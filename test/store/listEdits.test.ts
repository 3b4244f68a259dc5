// Collection `remove` and `move` through the store, against the real server:
// lists filtered by args lose (or gain) the entity, the entity stays readable,
// optimistic edits apply at once and roll back on failure, bad answers store nothing.
import { NetworkError, RestEndpoint, collectionEdits, createResource, schema } from 'rest-slice';
import { setup, slice, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 1 },
    { id: 2, title: 'two', userId: 1 },
    { id: 3, title: 'three', userId: 2 },
    { id: 4, title: 'four', userId: 3 },
  ]);
  // The list's PATCH archives the todo of the body (what `getList.remove` sends).
  server.route('PATCH', '/todos', (request) => {
    const todo = server.todos.get(Number(request.body?.id));
    if (todo === undefined) return { status: 404, json: { message: 'no such todo' } };
    const archived = { ...todo, archived: true };
    server.todos.set(todo.id, archived);
    return { json: archived };
  });
});
afterEach(() => server.close());

/** The stores, resources and readers of one test: lists for all todos, user 1, user 2 and user 3 fetched. */
async function withLists(optimistic: boolean) {
  const env = setup({ features: [collectionEdits()] });
  const { store, controller } = env;
  const TodoResource = optimistic
    ? todoResource(server.url)
    : createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
  await controller.fetch(TodoResource.getList);
  for (const userId of [1, 2, 3]) await controller.fetch(TodoResource.getList, { userId });
  await controller.fetch(TodoResource.get, { id: 2 });
  const list = (params: { userId?: number } = {}) => controller.getResponse(TodoResource.getList, params, store.getState()).data;
  const ids = (params: { userId?: number } = {}) => list(params)?.map((todo) => todo.id);
  return { ...env, TodoResource, list, ids };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error as Error,
  );

describe('getList.remove', () => {
  it('takes the entity out of every matching list (filtered and unfiltered); it stays readable and other lists are untouched', async () => {
    const { cache, store, controller, TodoResource, list, ids } = await withLists(false);
    const user2 = list({ userId: 2 });
    const user3 = list({ userId: 3 });
    const removed = await controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: 2 });
    expect(removed).toMatchObject({ id: 2, title: 'two', userId: 1 });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PATCH', path: '/todos', body: { id: 2 } });
    expect(server.requests.at(-1)!.query.get('userId')).toBe('1');
    expect(ids()).toEqual([1, 3, 4]);
    expect(ids({ userId: 1 })).toEqual([1]);
    // Lists the args do not match keep their very value.
    expect(list({ userId: 2 })).toBe(user2);
    expect(list({ userId: 3 })).toBe(user3);
    // Not invalidated: the entity and the result holding it read as before, with the response merged in.
    const two = cache.selectEntity(store.getState(), Todo, 2);
    expect(two).toBeInstanceOf(Todo);
    expect(two).toMatchObject({ id: 2, title: 'two', archived: true });
    const detail = controller.getResponse(TodoResource.get, { id: 2 }, store.getState());
    expect(detail.data?.title).toBe('two');
    expect(detail.expiryStatus).not.toBe('invalid');
    expect(slice(cache, store).entitiesMeta.Todo?.['2']).not.toHaveProperty('invalidated');
  });

  it('applies an optimistic remove at once, keeps it when confirmed, and rolls it back when the request fails', async () => {
    const { cache, store, controller, TodoResource, list, ids } = await withLists(true);
    const confirmedLists = slice(cache, store).entities['[Todo] ' + `${server.url}/todos`];
    server.hold();
    const confirmedRun = controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: 2 });
    expect(ids()).toEqual([1, 3, 4]);
    expect(ids({ userId: 1 })).toEqual([1]);
    expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('two');
    // The confirmed tables are untouched until the answer comes.
    expect(slice(cache, store).entities['[Todo] ' + `${server.url}/todos`]).toBe(confirmedLists);
    await server.waitForHeld(1);
    await server.releaseAll();
    await confirmedRun;
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(ids()).toEqual([1, 3, 4]);
    expect(ids({ userId: 1 })).toEqual([1]);

    const before = list({ userId: 1 });
    const failing = controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: 1 });
    expect(ids({ userId: 1 })).toEqual([]);
    expect(ids()).toEqual([3, 4]);
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: { message: 'db down' } });
    expect(await failure(failing)).toBeInstanceOf(NetworkError);
    expect(list({ userId: 1 })).toBe(before);
    expect(ids()).toEqual([1, 3, 4]);
  });

  it('works as the schema of another endpoint: a DELETE that takes the item out of the unfiltered list only (as Data Client)', async () => {
    const { controller, TodoResource, ids } = await withLists(false);
    const archive = TodoResource.delete.extend({ schema: TodoResource.getList.schema.remove, name: 'Todo.archive' });
    await controller.fetch(archive, { id: 1 });
    expect(ids()).toEqual([2, 3, 4]);
    // `{ id: 1 }` does not say `userId`, so user 1's list is not a matching list.
    expect(ids({ userId: 1 })).toEqual([1, 2]);
  });

  it('a response without a usable pk is the request error and changes no list', async () => {
    const { cache, store, controller, TodoResource } = await withLists(false);
    server.route('PATCH', '/todos', () => ({ json: { title: 'no id' } }));
    const before = slice(cache, store).entities;
    const error = await failure(controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: 2 }));
    expect(error.message).toContain('`Todo.getList.remove`');
    expect(error.message).toContain('Entity `Todo` has no usable primary key');
    expect(slice(cache, store).entities).toBe(before);
  });
});

describe('getList.move', () => {
  it('moves a todo changing userId from user 1\'s list to user 2\'s, optimistic then confirmed; the unfiltered list keeps it', async () => {
    const { cache, store, controller, TodoResource, list, ids } = await withLists(true);
    const user3 = list({ userId: 3 });
    const two = cache.selectEntity(store.getState(), Todo, 2);
    server.hold();
    const moving = controller.fetch(TodoResource.getList.move, { id: 1 }, { userId: 2 });
    expect(ids({ userId: 1 })).toEqual([2]);
    expect(ids({ userId: 2 })).toEqual([3, 1]);
    expect(ids()).toEqual([1, 2, 3, 4]);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.userId).toBe(2);
    await server.waitForHeld(1);
    expect(server.held[0].request).toMatchObject({ method: 'PATCH', path: '/todos/1', body: { userId: 2 } });
    await server.releaseAll();
    const moved = await moving;
    expect(moved).toMatchObject({ id: 1, userId: 2 });
    expect(server.todos.get(1)?.userId).toBe(2);
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(ids({ userId: 1 })).toEqual([2]);
    expect(ids({ userId: 2 })).toEqual([3, 1]);
    expect(ids()).toEqual([1, 2, 3, 4]);
    // Nothing else changes.
    expect(list({ userId: 3 })).toBe(user3);
    expect(cache.selectEntity(store.getState(), Todo, 2)).toBe(two);
  });

  it('rolls the move back when the request fails', async () => {
    const { cache, store, controller, TodoResource, list, ids } = await withLists(true);
    const user1 = list({ userId: 1 });
    const user2 = list({ userId: 2 });
    const one = cache.selectEntity(store.getState(), Todo, 1);
    server.hold();
    const moving = controller.fetch(TodoResource.getList.move, { id: 1 }, { userId: 2 });
    expect(ids({ userId: 2 })).toEqual([3, 1]);
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: { message: 'db down' } });
    expect(await failure(moving)).toBeInstanceOf(NetworkError);
    expect(list({ userId: 1 })).toBe(user1);
    expect(list({ userId: 2 })).toBe(user2);
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBe(one);
    expect(server.todos.get(1)?.userId).toBe(1);
  });

  it('follows the server: an answer that keeps the old userId moves nothing once confirmed', async () => {
    const { controller, TodoResource, ids } = await withLists(false);
    server.route('PATCH', '/todos/:id', () => ({ json: server.todos.get(1) }));
    await controller.fetch(TodoResource.getList.move, { id: 1 }, { userId: 2 });
    expect(ids({ userId: 1 })).toEqual([1, 2]);
    expect(ids({ userId: 2 })).toEqual([3]);
  });

  it('a response without a usable pk is the request error and changes no list nor entity', async () => {
    const { cache, store, controller, TodoResource } = await withLists(true);
    server.route('PATCH', '/todos/:id', () => ({ json: { userId: 2 } }));
    const before = slice(cache, store).entities;
    const error = await failure(controller.fetch(TodoResource.getList.move, { id: 1 }, { userId: 2 }));
    expect(error.message).toContain('`Todo.getList.move`');
    expect(error.message).toContain('Entity `Todo` has no usable primary key');
    expect(slice(cache, store).entities).toBe(before);
    expect(slice(cache, store).optimistic).toEqual([]);
  });

  it('is a PATCH of the item, also from an extended getList; a RestEndpoint\'s own move and remove PATCH its path', async () => {
    const TodoResource = todoResource(server.url);
    expect(TodoResource.getList.move.name).toBe('Todo.getList.move');
    expect(TodoResource.getList.remove.name).toBe('Todo.getList.remove');
    const extended = TodoResource.getList.extend({ dataExpiryLength: 5 });
    expect(extended.move.method).toBe('PATCH');
    expect(extended.move.url({ id: 1 })).toBe(`${server.url}/todos/1`);
    const getTodos = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: new schema.Collection([Todo]), name: 'todos' });
    expect([getTodos.move.method, getTodos.move.name, getTodos.move.url({ userId: 1 }, { id: 1 })]).toEqual(['PATCH', 'todos.move', `${server.url}/todos?userId=1`]);
    expect([getTodos.remove.method, getTodos.remove.name]).toEqual(['PATCH', 'todos.remove']);
    expect(() => new RestEndpoint({ path: '/todos/:id', schema: Todo, name: 'todo' }).move).toThrow(
      '[rest-slice] `todo.move` needs an endpoint whose schema is a `schema.Collection` or holds one in an object, got Todo',
    );
  });
});
