// `controller.set(schema, ...args, value | updater)`: writes without a request, as one plain JSON
// `rest/set` action, merged like a read's response (useIncoming, rule 5b).
import { RestEndpoint, schema } from 'rest-slice';
import { OrderedTodo } from '../fixtures/Todo';
import { expectWarnings, recordedSetup, setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one', userId: 7 },
  { id: 2, title: 'two', userId: 7 },
]);

describe('controller.set with an Entity', () => {
  it('updates every view holding the entity with one plain JSON rest/set action and no request', async () => {
    const { cache, store, controller, clock, log } = recordedSetup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: 7 });
    await controller.fetch(TodoResource.get, { id: 1 });
    const requests = server.requests.length;
    clock.advance(100);
    log.length = 0;

    await controller.set(Todo, { id: 1 }, { id: 1, title: 'pushed', userId: 7 });

    expect(server.requests.length).toBe(requests);
    expect(log.map((action) => action.type)).toEqual(['rest/set']);
    expect(JSON.parse(JSON.stringify(log[0]))).toEqual(log[0]);
    expect(log[0].payload).toMatchObject({ schema: 'Todo', args: [{ id: 1 }], fetchedAt: clock.now() });
    expect(cache.selectResponse(store.getState(), TodoResource.get, { id: 1 }).data?.title).toBe('pushed');
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.title)).toEqual(['pushed', 'two']);
    // Merged like a response: members the value leaves out keep their stored values.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ id: 1, title: 'pushed', completed: false, userId: 7 });
    expect(slice(cache, store).entitiesMeta.Todo?.['1']).toMatchObject({ fetchedAt: clock.now() });
  });

  it('an updater gets the stored value as an entity and its result is stored', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    let seen: unknown;
    await controller.set(Todo, { id: 1 }, (todo) => {
      seen = todo;
      return { ...todo, title: `${todo.title}!` };
    });
    expect(seen).toBeInstanceOf(Todo);
    expect(seen).toMatchObject({ id: 1, title: 'one' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one!');
  });

  it('an updater with nothing stored writes nothing (as Data Client)', async () => {
    const { cache, store, controller } = setup();
    const before = slice(cache, store);
    const updater = jest.fn((todo: Todo) => ({ ...todo, title: 'x' }));
    await controller.set(Todo, { id: 5 }, updater);
    expect(updater).not.toHaveBeenCalled();
    expect(slice(cache, store)).toBe(before);
  });

  it('an updater of [Todo] or Values, which name no stored value, writes nothing and development warns once', async () => {
    const warn = expectWarnings();
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: 7 });
    const before = slice(cache, store);
    const updater = jest.fn((todos: Todo[]) => [...todos, { id: 3, title: 'three' }]);
    await controller.set([Todo], updater as never);
    await controller.set([Todo], updater as never);
    await controller.set(new schema.Values(Todo), updater as never);
    expect(updater).not.toHaveBeenCalled();
    expect(slice(cache, store)).toBe(before);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/^\[rest-slice\] `controller\.set\(\[Todo\], \.\.\.args, updater\)` wrote nothing: \[Todo\] names no stored value/),
      expect.stringMatching(/^\[rest-slice\] `controller\.set\(Values\(Todo\)|^\[rest-slice\] `controller\.set\(.*Values/),
    ]);
    // The Collection that holds the list takes an updater.
    await controller.set(TodoResource.getList.schema, { userId: 7 }, (todos: Todo[]) => [...todos, { id: 3, title: 'three', userId: 7 }] as never);
    expect(controller.getResponse(TodoResource.getList, { userId: 7 }, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3]);
  });

  it("the Entity's useIncoming still decides against newer stored data", async () => {
    const { cache, store, controller, clock } = setup();
    await controller.set(OrderedTodo, { id: 1 }, { id: 1, title: 'v5', updatedAt: 5 });
    clock.advance(10);
    await controller.set(OrderedTodo, { id: 1 }, { id: 1, title: 'v3', updatedAt: 3 });
    expect(cache.selectEntity(store.getState(), OrderedTodo, 1)?.title).toBe('v5');
    clock.advance(10);
    await controller.set(OrderedTodo, { id: 1 }, { id: 1, title: 'v9', updatedAt: 9 });
    expect(cache.selectEntity(store.getState(), OrderedTodo, 1)?.title).toBe('v9');
  });

  it('does not write over data fetched later (a set stamped before a response that landed first)', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    clock.advance(100);
    await controller.fetch(TodoResource.get, { id: 1 });
    // The clock went back (another tab's clock, a replay): the stored row is newer.
    clock.set(clock.now() - 50);
    await controller.set(Todo, { id: 1 }, { id: 1, title: 'old event' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  });
});

describe('controller.set with other schemas', () => {
  it("a Collection: the args pick the list, and the list's views show the value", async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: 7 });
    await controller.set(TodoResource.getList.schema, { userId: 7 }, [
      { id: 2, title: 'two', userId: 7 },
      { id: 3, title: 'three', userId: 7 },
    ]);
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.id)).toEqual([2, 3]);
    // Another list is untouched; a list never fetched is readable as a query.
    await controller.set(TodoResource.getList.schema, { userId: 8 }, [{ id: 4, title: 'four', userId: 8 }]);
    expect(cache.selectQuery(store.getState(), TodoResource.getList.schema, { userId: 8 })?.map((todo) => todo.title)).toEqual(['four']);
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.id)).toEqual([2, 3]);
  });

  it('a Collection updater appends to the stored list', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: 7 });
    await controller.set(TodoResource.getList.schema, { userId: 7 }, (todos) => [...todos, { id: 9, title: 'nine', userId: 7 }]);
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.title)).toEqual(['one', 'two', 'nine']);
  });

  it('[Todo] and Values store each entity', async () => {
    const { cache, store, controller } = setup();
    await controller.set([Todo], [{ id: 1, title: 'a' }, { id: 2, title: 'b' }]);
    await controller.set(new schema.Values(Todo), { x: { id: 3, title: 'c' } });
    expect(cache.selectEntities(store.getState(), Todo).map((todo) => todo.title)).toEqual(['a', 'b', 'c']);
  });

  it('an Invalidate schema removes the entity from every list and the detail reads as missing', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: 7 });
    await controller.set(new schema.Invalidate(Todo), { id: 1 }, { id: 1 });
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.id)).toEqual([2]);
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    expect(slice(cache, store).entities.Todo?.['1']).toBeNull();
  });
});

describe('controller.set during a write in flight (API.md races 5b)', () => {
  async function pendingWrite() {
    const context = setup();
    const TodoResource = todoResource(server.url);
    await context.controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    context.clock.advance(10);
    const write = context.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'mine' });
    await server.waitForHeld(1);
    context.clock.advance(10);
    return { ...context, TodoResource, write };
  }

  it('lands beneath the write: the write stays visible, and its response wins when it lands', async () => {
    const { cache, store, controller, write } = await pendingWrite();
    let seen: string | undefined;
    await controller.set(Todo, { id: 1 }, (todo) => {
      seen = todo.title;
      return { ...todo, title: 'event', completed: true };
    });
    // The updater saw the confirmed value, not the optimistic one.
    expect(seen).toBe('one');
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ title: 'event', completed: true });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'mine', completed: true });
    await server.releaseAll();
    await write;
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('mine');
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ title: 'mine' });
  });

  it('a failed write rolls back onto the data the set wrote', async () => {
    const { cache, store, controller, write } = await pendingWrite();
    await controller.set(Todo, { id: 1 }, { id: 1, title: 'event' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('mine');
    await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
    await expect(write).rejects.toMatchObject({ status: 500 });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('event');
  });
});

describe('controller.set with bad input stores nothing and names the schema', () => {
  it.each([
    ['a value of the wrong shape', () => [Todo, { id: 1 }, 'not a todo'], /`controller\.set\(Todo, \.\.\.\)` stored nothing: schema `Todo` expected/],
    ['an entity without a usable pk', () => [Todo, {}, { title: 'no id' }], /`controller\.set\(Todo, \.\.\.\)` stored nothing/],
    ['no value', () => [Todo], /`controller\.set\(Todo, \.\.\.args, value\)` needs a value/],
    ['no schema', () => [undefined, { id: 1 }], /`controller\.set` takes a schema first.*got undefined/],
    ['a Query', () => [new schema.All(Todo), []], /a Query or All is derived/],
    // An endpoint is callable: normalize would have called it (a DELETE sent) as a member converter.
    ['an endpoint in place of the schema', () => [todoResource(server.url).delete, { id: 1 }], /`controller\.set` takes a schema first.*use `controller\.setResponse/],
  ])('%s', async (_, args, message) => {
    const { cache, store, controller } = setup();
    await controller.set(Todo, { id: 1 }, { id: 1, title: 'kept' });
    const before = slice(cache, store);
    await expect((controller.set as unknown as (...a: unknown[]) => Promise<void>)(...args())).rejects.toThrow(message);
    expect(slice(cache, store)).toBe(before);
  });

  it('an endpoint in place of the schema sends no request', async () => {
    const { controller } = setup();
    const requests = server.requests.length;
    await expect((controller.set as unknown as (...a: unknown[]) => Promise<void>)(todoResource(server.url).delete, { id: 1 })).rejects.toThrow(TypeError);
    expect(server.requests.length).toBe(requests);
    expect(server.todos.has(1)).toBe(true);
  });

  it('an updater that throws', async () => {
    const { cache, store, controller } = setup();
    await controller.set(Todo, { id: 1 }, { id: 1, title: 'kept' });
    const before = slice(cache, store);
    await expect(
      controller.set(Todo, { id: 1 }, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('[rest-slice] the updater given to `controller.set(Todo, ...)` threw, so nothing was stored: boom');
    expect(slice(cache, store)).toBe(before);
  });
});

describe('controller.set keeps the state plain JSON (API.md "State and actions")', () => {
  class Stamped extends Todo {
    createdAt = new Date(0);
    static override key = 'SetStamped';
    static override schema = { createdAt: Date };
  }

  it('stores a value\'s JSON form: a Date as its string, no undefined members, in the action and the state', async () => {
    const { cache, store, controller, log } = recordedSetup();
    const value = { id: 7, title: 'seven', createdAt: new Date(7), note: undefined };
    await controller.set(Stamped, { id: 7 }, value);
    const row = slice(cache, store).entities.SetStamped?.['7'];
    expect(row).toEqual({ id: 7, title: 'seven', createdAt: '1970-01-01T00:00:00.007Z' });
    expect(row).not.toHaveProperty('note');
    expect(JSON.parse(JSON.stringify(log.at(-1)))).toEqual(log.at(-1));
    // Read back, the schema's member converter gives the Date again.
    const read = controller.getResponse(new RestEndpoint({ path: '/stamped/:id', schema: Stamped }), { id: 7 }, store.getState()).data;
    expect(read?.createdAt).toEqual(new Date(7));
  });

  it('an instance given as the value is stored as its members', async () => {
    const { cache, store, controller } = setup();
    await controller.set(Stamped, { id: 8 }, Stamped.fromJS({ id: 8, title: 'eight', createdAt: new Date(8) }));
    expect(slice(cache, store).entities.SetStamped?.['8']).toMatchObject({ id: 8, title: 'eight', createdAt: '1970-01-01T00:00:00.008Z' });
  });
});
