// schema.Query and schema.All against the store and the local server, as Data
// Client's todo-app uses them: a count of the remaining todos, per user or all.
import { All, Query, schema } from 'rest-slice';
import { setup, Todo, todoResource, storeServerForEachTest } from './helpers';

/** Data Client's todo-app `queryRemaining`, written the same way. */
const queryRemaining = new schema.Query(new schema.All(Todo), (entries, { userId }: { userId?: number } = {}) => {
  if (userId !== undefined) return entries.filter((todo) => todo.userId === userId && !todo.completed).length;
  return entries.filter((todo) => !todo.completed).length;
});

/** A list-valued query: the open todos of a user, by title. */
const openTodos = new schema.Query(new schema.All(Todo), (entries, { userId }: { userId?: number } = {}) =>
  entries.filter((todo) => !todo.completed && (userId === undefined || todo.userId === userId)).sort((a, b) => a.title.localeCompare(b.title)),
);

const server = storeServerForEachTest([
  { id: 1, title: 'b', userId: 1 },
  { id: 2, title: 'a', userId: 1 },
  { id: 3, title: 'c', userId: 1, completed: true },
  { id: 4, title: 'd', userId: 2 },
]);

it('counts and filters every stored todo, per user or all', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  // Nothing stored yet: missing, not zero.
  expect(cache.selectQuery(store.getState(), queryRemaining)).toBeUndefined();
  await controller.fetch(TodoResource.getList, {});
  const state = store.getState();
  expect(cache.selectQuery(state, queryRemaining)).toBe(3);
  expect(cache.selectQuery(state, queryRemaining, { userId: 1 })).toBe(2);
  expect(cache.selectQuery(state, queryRemaining, { userId: 2 })).toBe(1);
  const open = cache.selectQuery(state, openTodos, { userId: 1 })!;
  expect(open.map((todo) => todo.title)).toEqual(['a', 'b']);
  expect(open[0]).toBeInstanceOf(Todo);
  // The same entities as the list endpoint gives.
  expect(open[1]).toBe(cache.selectResponse(state, TodoResource.getList, {}).data?.[0]);
});

it('gives the same reference for the same data, and a new value when an entity changes', async () => {
  const { cache, store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  const before = cache.selectQuery(store.getState(), openTodos, { userId: 1 })!;
  // New but equal args, and a new state with the same rows (a refetch of unchanged data).
  expect(cache.selectQuery(store.getState(), openTodos, { userId: 1 })).toBe(before);
  clock.advance(1);
  await controller.fetch(TodoResource.getList, {});
  expect(cache.selectQuery(store.getState(), openTodos, { userId: 1 })).toBe(before);
  // Other users' queries are kept apart.
  expect(cache.selectQuery(store.getState(), openTodos, { userId: 2 })!.map((todo) => todo.id)).toEqual([4]);

  clock.advance(1);
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true });
  const after = cache.selectQuery(store.getState(), openTodos, { userId: 1 })!;
  expect(after).not.toBe(before);
  expect(after.map((todo) => todo.title)).toEqual(['b']);
  expect(after[0]).toBe(before[1]);
  expect(cache.selectQuery(store.getState(), queryRemaining, { userId: 1 })).toBe(1);
});

it('shows pending optimistic updates, and leaves deleted todos out', async () => {
  const { cache, store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  server.hold();
  clock.advance(1);
  const done = controller.fetch(TodoResource.partialUpdate, { id: 4 }, { completed: true });
  await server.waitForHeld(1);
  expect(cache.selectQuery(store.getState(), queryRemaining, { userId: 2 })).toBe(0);
  await server.releaseAll();
  await done;
  expect(cache.selectQuery(store.getState(), queryRemaining)).toBe(2);
  server.hold(false);
  clock.advance(1);
  await controller.fetch(TodoResource.delete, { id: 1 });
  expect(cache.selectQuery(store.getState(), openTodos)!.map((todo) => todo.id)).toEqual([2]);
  expect(cache.selectQuery(store.getState(), queryRemaining)).toBe(1);
});

it('runs over a Collection, keyed by the args (the todo-app over getList.schema)', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  const remainingInList = new schema.Query(TodoResource.getList.schema, (entries) => entries.filter((todo) => !todo.completed).length);
  await controller.fetch(TodoResource.getList, { userId: 1 });
  expect(cache.selectQuery(store.getState(), remainingInList, { userId: 1 })).toBe(2);
  // That list was never fetched.
  expect(cache.selectQuery(store.getState(), remainingInList, { userId: 2 })).toBeUndefined();
});

it('is an endpoint schema too: the response is stored, the read is the query', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 4 });
  const countAll = TodoResource.getList.extend({ schema: new schema.Query(new schema.All(Todo), (entries) => entries.length), name: 'Todo.count' });
  await controller.fetch(countAll, { userId: 1 });
  // Three todos came with the response, one was already stored.
  expect(cache.selectResponse(store.getState(), countAll, { userId: 1 }).data).toBe(4);
});

it('reads entities through the store selectors as schema.All without a Query', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, { userId: 1 });
  const all = cache.selectQuery(store.getState(), new schema.All(Todo))!;
  expect(all.map((todo) => todo.id)).toEqual([1, 2, 3]);
  expect(cache.selectQuery(store.getState(), Todo, { id: 2 })?.title).toBe('a');
});

it('Query and All are exported at the top level too, as Data Client\'s todo-app imports them', async () => {
  expect(Query).toBe(schema.Query);
  expect(All).toBe(schema.All);
  const { cache, store, controller } = setup();
  await controller.fetch(todoResource(server.url).getList, {});
  const remaining = new Query(new All(Todo), (entries) => entries.filter((todo) => !todo.completed).length);
  expect(cache.selectQuery(store.getState(), remaining)).toBe(3);
});

it('a Query or an Entity class given to a controller method that takes an endpoint is a clear error; nothing is dispatched', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  const before = store.getState();
  const hint = /`controller\.getResponse` takes an endpoint .*got the schema `Query\(All\(Todo\)\)`: a schema or `schema\.Query` is read with `useQuery\(schema, \.\.\.args\)` or `cache\.selectQuery\(state, schema, \.\.\.args\)`/;
  expect(() => (controller.getResponse as (...args: unknown[]) => unknown)(queryRemaining, { userId: 1 }, store.getState())).toThrow(hint);
  expect(() => (controller.getError as (...args: unknown[]) => unknown)(queryRemaining, store.getState())).toThrow(/`controller\.getError` takes an endpoint/);
  expect(() => (controller.fetch as (...args: unknown[]) => unknown)(Todo, { id: 1 })).toThrow(/`controller\.fetch` takes an endpoint .*got the schema `Todo`: a schema/);
  await expect((controller.invalidate as (...args: unknown[]) => Promise<void>)(undefined)).rejects.toThrow(/`controller\.invalidate` takes an endpoint .*got undefined\.$/);
  expect(store.getState()).toBe(before);
  // What the hint says to use reads the same data.
  expect(cache.selectQuery(store.getState(), queryRemaining, { userId: 1 })).toBe(2);
});

it('reads an object schema member by member (Data Client 0.10), with the same reference while its rows stay', async () => {
  const { cache, store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  // Data Client's Query tests write the inner schema as a schema.Object or an object literal of schemas.
  const sorted = new schema.Query(new schema.Object({ results: new schema.All(Todo) }), ({ results }) =>
    [...results].sort((a, b) => a.title.localeCompare(b.title)).map((todo) => todo.title),
  );
  const summary = new schema.Query({ todos: new schema.All(Todo), version: 2 }, ({ todos, version }) => ({ count: todos.length, version }));
  expect(cache.selectQuery(store.getState(), sorted)).toBeUndefined();
  expect(cache.selectQuery(store.getState(), summary)).toBeUndefined();
  await controller.fetch(TodoResource.getList, {});
  expect(cache.selectQuery(store.getState(), sorted)).toEqual(['a', 'b', 'c', 'd']);
  const first = cache.selectQuery(store.getState(), summary);
  expect(first).toEqual({ count: 4, version: 2 });
  clock.advance(1);
  await controller.fetch(TodoResource.getList, {});
  expect(cache.selectQuery(store.getState(), summary)).toBe(first);
  clock.advance(1);
  await controller.fetch(TodoResource.delete, { id: 3 });
  expect(cache.selectQuery(store.getState(), sorted)).toEqual(['a', 'b', 'd']);
  expect(cache.selectQuery(store.getState(), summary)).toEqual({ count: 3, version: 2 });
});
