// The seed's "States and transitions", row by row, against the real server.
import { ExpiryStatus, NetworkError, createResource } from 'rest-slice';
import { setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one', userId: 7 },
  { id: 2, title: 'two', userId: 7 },
]);

const titles = (list: readonly Todo[] | undefined) => list?.map((todo) => `${todo.id}:${todo.title}`);

describe('confirmed → optimistic → confirmed', () => {
  it('applies the optimistic update synchronously, then replaces it with the server data', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.route('PATCH', '/todos/:id', (request) => ({ json: { ...server.todos.get(1), ...request.body, title: 'from server' } }));
    server.hold();
    clock.advance(5);
    const promise = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'optimistic' });
    // Before any await: selectors and getResponse see the optimistic value.
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('optimistic');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeInstanceOf(Todo);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('optimistic');
    expect(slice(cache, store).optimistic).toEqual([
      {
        endpoint: 'Todo.partialUpdate',
        key: `PATCH ${server.url}/todos/1`,
        args: [{ id: 1 }, { title: 'optimistic' }],
        fetchedAt: clock.now(),
        requestId: 'rest:2',
      },
    ]);
    // The confirmed table is untouched.
    expect(slice(cache, store).entities.Todo?.['1']).toEqual({ id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 });
    await server.waitForHeld(1);
    await server.releaseAll();
    const result = await promise;
    expect(result.title).toBe('from server');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('from server');
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(slice(cache, store).entities.Todo?.['1']).toEqual({ id: 1, title: 'from server', completed: false, userId: 7, updatedAt: 0 });
  });

  it('rolls back the optimistic update when the fetch fails, and records the error', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const confirmed = cache.selectEntity(store.getState(), Todo, 1);
    server.hold();
    const promise = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'doomed', completed: true });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('doomed');
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: { message: 'db down' } });
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(500);
    expect((error as NetworkError).message).toBe(`[rest-slice] \`Todo.partialUpdate\` (PATCH ${server.url}/todos/1) failed: 500 Internal Server Error`);
    // Right after the rejection: rolled back, to the very same confirmed instance.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBe(confirmed);
    expect(slice(cache, store).optimistic).toEqual([]);
    const recorded = controller.getError(TodoResource.partialUpdate, { id: 1 }, store.getState());
    expect(recorded).toBe(error);
    expect((recorded as NetworkError).status).toBe(500);
    expect(slice(cache, store).meta[`PATCH ${server.url}/todos/1`].error).toEqual({
      name: 'NetworkError',
      message: `[rest-slice] \`Todo.partialUpdate\` (PATCH ${server.url}/todos/1) failed: 500 Internal Server Error`,
      status: 500,
    });
  });

  it('AbortOptimistic (partialUpdate of an item not cached): nothing applied, the request still runs', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const before = slice(cache, store).entities;
    server.hold();
    const promise = controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'changed' });
    expect(cache.selectEntity(store.getState(), Todo, 2)).toBeUndefined();
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).data).toBeUndefined();
    expect(cache.selectEntities(store.getState(), Todo)).toEqual([]);
    expect(slice(cache, store).entities).toBe(before);
    await server.waitForHeld(1);
    expect(server.count('PATCH', '/todos/2')).toBe(1);
    await server.releaseAll();
    const todo = await promise;
    expect(todo.title).toBe('changed');
    expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('changed');
  });

  // As Data Client counts it: whatever getOptimisticResponse throws (but AbortOptimistic) is the fetch's failure.
  it.each([
    ['a string', 'failed string'],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { reason: 'no' })],
    ['an Error', new Error('oops')],
  ])('a getOptimisticResponse that throws %s fails the fetch with exactly that value, sends nothing and changes nothing', async (_, thrown) => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const entities = slice(cache, store).entities;
    const broken = TodoResource.partialUpdate.extend({
      getOptimisticResponse() {
        throw thrown;
      },
    });
    const reason = await controller.fetch(broken, { id: 1 }, { title: 'changed' }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    expect(reason).toBe(thrown);
    expect(server.count('PATCH', '/todos/1')).toBe(0);
    expect(slice(cache, store).entities).toBe(entities);
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(slice(cache, store).inflight).toEqual({});
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    const recorded = controller.getError(broken, { id: 1 }, store.getState());
    expect(recorded?.message).toBe(thrown instanceof Error ? 'oops' : typeof thrown === 'string' ? 'failed string' : 'a thrown object that cannot be printed');
    if (thrown instanceof Error) expect(recorded).toBe(thrown);
  });

  it('a temporary id from an optimistic getList.push is replaced by the server id, with no leftover', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    server.hold();
    const promise = controller.fetch(TodoResource.getList.push, { id: -1, title: 'new' });
    expect(titles(controller.getResponse(TodoResource.getList, {}, store.getState()).data)).toEqual(['1:one', '2:two', '-1:new']);
    await server.waitForHeld(1);
    expect(server.held[0].request.body).toEqual({ id: -1, title: 'new' });
    await server.releaseAll();
    const created = await promise;
    expect(created).toBeInstanceOf(Todo);
    expect(created.id).toBe(1000);
    expect(titles(controller.getResponse(TodoResource.getList, {}, store.getState()).data)).toEqual([
      '1:one',
      '2:two',
      '1000:new',
    ]);
    expect(Object.keys(slice(cache, store).entities.Todo ?? {}).sort()).toEqual(['1', '1000', '2']);
    expect(cache.selectEntities(store.getState(), Todo).map((todo) => todo.id)).toEqual([1, 2, 1000]);
    expect(cache.selectEntity(store.getState(), Todo, -1)).toBeUndefined();
    expect(slice(cache, store).endpoints[`GET ${server.url}/todos`]).toEqual(JSON.stringify({}));
  });

  it('a failed push leaves the collection as it was', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const list = await controller.fetch(TodoResource.getList, {});
    server.route('POST', '/todos', () => ({ status: 422, json: { message: 'title taken' } }));
    await expect(controller.fetch(TodoResource.getList.push, { id: -1, title: 'dup' })).rejects.toMatchObject({ status: 422 });
    expect(controller.getResponse(TodoResource.getList, {}, store.getState()).data).toBe(list);
  });
});

describe('Invalidate', () => {
  it('an optimistic delete removes the entity from collections and invalidates a result that requires it', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const promise = controller.fetch(TodoResource.delete, { id: 1 });
    // Synchronously: gone from the list, the required result counts as missing.
    expect(titles(controller.getResponse(TodoResource.getList, {}, store.getState()).data)).toEqual(['2:two']);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    await server.waitForHeld(1);
    await server.releaseAll();
    await promise;
    expect(server.todos.has(1)).toBe(false);
    expect(slice(cache, store).entities.Todo?.['1']).toBeNull();
    expect(slice(cache, store).entitiesMeta.Todo?.['1']).toMatchObject({ invalidated: true });
    expect(titles(controller.getResponse(TodoResource.getList, {}, store.getState()).data)).toEqual(['2:two']);
    const response = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
    expect(response.data).toBeUndefined();
    expect(response.expiryStatus).toBe(ExpiryStatus.Invalid);
    expect(cache.selectEntities(store.getState(), Todo).map((todo) => todo.id)).toEqual([2]);
  });

  it('a non-optimistic delete invalidates once the server confirms it', async () => {
    const { store, controller } = setup();
    const Plain = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    await controller.fetch(Plain.getList, {});
    await controller.fetch(Plain.get, { id: 2 });
    server.hold();
    const promise = controller.fetch(Plain.delete, { id: 2 });
    expect(titles(controller.getResponse(Plain.getList, {}, store.getState()).data)).toEqual(['1:one', '2:two']);
    await server.waitForHeld(1);
    await server.releaseAll();
    await promise;
    expect(titles(controller.getResponse(Plain.getList, {}, store.getState()).data)).toEqual(['1:one']);
    expect(controller.getResponse(Plain.get, { id: 2 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
    expect(controller.getResponse(Plain.get, { id: 2 }, store.getState()).data).toBeUndefined();
  });

  it('a failed delete puts the entity back', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const list = await controller.fetch(TodoResource.getList, {});
    server.hold();
    const promise = controller.fetch(TodoResource.delete, { id: 2 });
    expect(titles(controller.getResponse(TodoResource.getList, {}, store.getState()).data)).toEqual(['1:one']);
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 403, json: { message: 'no' } });
    await expect(promise).rejects.toMatchObject({ status: 403 });
    // Equal, though not the same array: the list was read (and re-memoized) while the delete was pending.
    expect(controller.getResponse(TodoResource.getList, {}, store.getState()).data).toEqual(list);
    expect(titles(controller.getResponse(TodoResource.getList, {}, store.getState()).data)).toEqual(['1:one', '2:two']);
  });

  it('a refetch after the delete brings a re-created entity back', async () => {
    const { clock, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    clock.advance(1);
    await controller.fetch(TodoResource.delete, { id: 1 });
    server.seedTodos([{ id: 1, title: 'again' }]);
    clock.advance(1);
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('again');
  });
});

describe('rollback keeps references', () => {
  it('a list read while an optimistic update was pending is the very same array after its rollback', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList);
    const before = cache.selectResponse(store.getState(), TodoResource.getList).data;
    server.hold();
    const promise = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'doomed' });
    const during = cache.selectResponse(store.getState(), TodoResource.getList).data;
    expect(during).not.toBe(before);
    expect(during?.find((todo) => todo.id === 1)?.title).toBe('doomed');
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: { message: 'db down' } });
    await promise.catch(() => undefined);
    expect(cache.selectResponse(store.getState(), TodoResource.getList).data).toBe(before);
  });
});
