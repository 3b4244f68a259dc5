import { ExpiryStatus } from 'rest-slice';
import { makeStore, recorder, setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one', userId: 7 },
  { id: 2, title: 'two', userId: 7 },
  { id: 3, title: 'three', userId: 8 },
]);

describe('controller.fetch', () => {
  it('resolves with Entity instances after the store committed the response', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    let seenInThen: unknown;
    const promise = controller.fetch(TodoResource.get, { id: 1 }).then((todo) => {
      seenInThen = cache.selectEntity(store.getState(), Todo, 1);
      return todo;
    });
    const todo = await promise;
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.pk()).toBe('1');
    expect({ ...todo }).toEqual({ id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 });
    // Reads right after the await (and inside `then`) see the committed store.
    const selected = cache.selectEntity(store.getState(), Todo, 1);
    expect(selected).toBe(todo);
    expect(seenInThen).toBe(todo);
    const response = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
    expect(response.data).toBe(todo);
    expect(response.expiryStatus).toBe(ExpiryStatus.Valid);
    expect(response.expiresAt).toBe(clock.now() + 60_000);
    expect(slice(cache, store).entities).toEqual({
      Todo: { 1: { id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 } },
    });
    expect(slice(cache, store).endpoints).toEqual({ [`GET ${server.url}/todos/1`]: '1' });
    expect(slice(cache, store).meta[`GET ${server.url}/todos/1`]).toEqual({
      fetchedAt: clock.now(),
      date: clock.now(),
      expiresAt: clock.now() + 60_000,
    });
    expect(slice(cache, store).inflight).toEqual({});
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('resolves a list with instances, and the list reads back from the store', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const list = await controller.fetch(TodoResource.getList, { userId: 7 });
    expect(list.map((todo) => todo instanceof Todo)).toEqual([true, true]);
    expect(list.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data).toBe(list);
    expect(cache.selectEntities(store.getState(), Todo).map((todo) => todo.id)).toEqual([1, 2]);
    expect(server.requests.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual(['GET /todos?userId=7']);
  });

  it('a mutation resolves with the server data, committed before the promise resolves', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 2 });
    const updated = await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true });
    expect(updated).toBeInstanceOf(Todo);
    expect(updated.completed).toBe(true);
    expect(cache.selectEntity(store.getState(), Todo, 2)?.completed).toBe(true);
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(server.todos.get(2)?.completed).toBe(true);
    expect(server.requests[1].body).toEqual({ completed: true });
    expect(server.requests[1].headers['content-type']).toBe('application/json');
  });

  it('identical concurrent GETs share one HTTP request', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    server.hold();
    const promises = [
      controller.fetch(TodoResource.get, { id: 1 }),
      controller.fetch(TodoResource.get, { id: 1 }),
      controller.fetch(TodoResource.get, { id: 1 }),
      controller.fetch(TodoResource.get, { id: 3 }),
    ];
    await server.waitForHeld(2);
    expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 1 })).toBe(true);
    expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 2 })).toBe(false);
    server.hold(false);
    await server.releaseAll();
    const [a, b, c, d] = await Promise.all(promises);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(d.title).toBe('three');
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(server.count('GET', '/todos/3')).toBe(1);
    expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 1 })).toBe(false);
    expect(slice(cache, store).inflight).toEqual({});
    // Once settled, the next GET is a new request.
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('mutations are never deduplicated', async () => {
    const { controller } = setup();
    const TodoResource = todoResource(server.url);
    await Promise.all([
      controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' }),
      controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' }),
    ]);
    expect(server.count('PATCH', '/todos/1')).toBe(2);
  });

  it('one cache serves two stores; their in-flight requests are tracked separately', async () => {
    const { cache, controller } = setup();
    const other = makeStore(cache);
    const otherController = cache.controller(other);
    const TodoResource = todoResource(server.url);
    server.hold();
    const first = controller.fetch(TodoResource.get, { id: 1 });
    const second = otherController.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await server.releaseAll();
    await Promise.all([first, second]);
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(cache.selectEntity(other.getState(), Todo, 1)?.title).toBe('one');
  });

  it('uses the `fetch` option for its requests', async () => {
    const calls: string[] = [];
    const { controller } = setup({
      fetch: (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      },
    });
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 3 });
    expect(calls).toEqual([`${server.url}/todos/3`]);
  });

  it('names its actions `<reducerPath>/<case>` and keeps them plain JSON', async () => {
    const { cache, store } = setup();
    const recorded = recorder();
    const recordedStore = makeStore(cache, { after: [recorded.middleware] });
    const controller = cache.controller(recordedStore);
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'renamed' });
    await controller.fetch(TodoResource.partialUpdate, { id: 404 }, { title: 'missing' }).catch(() => undefined);
    expect(recorded.log.map((action) => action.type)).toEqual([
      'rest/fetch',
      'rest/setResponse',
      'rest/fetch',
      'rest/optimistic',
      'rest/setResponse',
      'rest/fetch',
      // Recorded even though getOptimisticResponse aborts (nothing cached for 404): the layer is recomputed on change.
      'rest/optimistic',
      'rest/setError',
    ]);
    expect(JSON.parse(JSON.stringify(recorded.log))).toEqual(recorded.log);
    expect(JSON.parse(JSON.stringify(slice(cache, recordedStore)))).toEqual(slice(cache, recordedStore));
    expect(slice(cache, store)).toEqual(cache.reducer(undefined, { type: 'init' }));
  });
});

describe('setResponse, setError, resolve, getResponse, getError, snapshot', () => {
  it('setResponse stores a response as if fetched', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.setResponse(TodoResource.get, { id: 5 }, { id: 5, title: 'five' });
    const { data, expiryStatus, expiresAt } = controller.getResponse(TodoResource.get, { id: 5 }, store.getState());
    expect(data).toBeInstanceOf(Todo);
    expect(data?.title).toBe('five');
    expect(expiryStatus).toBe(ExpiryStatus.Valid);
    expect(expiresAt).toBe(clock.now() + 60_000);
    expect(cache.selectEntity(store.getState(), Todo, '5')).toBe(data);
    expect(server.requests).toEqual([]);
  });

  it('setError stores an error that getError returns, keeping the data', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const error = Object.assign(new Error('boom'), { status: 418 });
    await controller.setError(TodoResource.get, { id: 1 }, error);
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBe(error);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('one');
    expect(store.getState().rest.meta[`GET ${server.url}/todos/1`].error).toEqual({ name: 'Error', message: 'boom', status: 418 });
    expect(store.getState().rest.meta[`GET ${server.url}/todos/1`].expiresAt).toBe(clock.now() + 1_000);
    // A later success clears it.
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBeUndefined();
  });

  it('resolve records an outcome with its own fetchedAt: an older one does not overwrite newer data', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    const early = clock.now();
    clock.advance(10);
    await controller.resolve(TodoResource.get, { args: [{ id: 9 }], response: { id: 9, title: 'new' } });
    await controller.resolve(TodoResource.get, { args: [{ id: 9 }], fetchedAt: early, response: { id: 9, title: 'old' } });
    expect(controller.getResponse(TodoResource.get, { id: 9 }, store.getState()).data?.title).toBe('new');
    await controller.resolve(TodoResource.get, { args: [{ id: 9 }], error: new Error('nope') });
    expect(controller.getError(TodoResource.get, { id: 9 }, store.getState())?.message).toBe('nope');
  });

  it('getResponse of a missing request: no data, Invalid, expiresAt 0', () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt: 0,
    });
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBeUndefined();
  });

  it('snapshot reads the state it was given, with fetchedAt', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    const before = store.getState();
    await controller.fetch(TodoResource.get, { id: 2 });
    const snap = controller.snapshot(store.getState());
    expect(snap.fetchedAt).toBe(clock.now());
    expect(snap.getResponse(TodoResource.get, { id: 2 }).data?.title).toBe('two');
    expect(controller.snapshot(before, 5).fetchedAt).toBe(5);
    expect(controller.snapshot(before).getResponse(TodoResource.get, { id: 2 }).data).toBeUndefined();
  });
});
