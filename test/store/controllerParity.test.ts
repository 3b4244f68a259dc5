// Controller behaviors a Data Client user relies on (issue 8 items 14, 15, 16).
import { ExpiryStatus } from 'rest-slice';
import { setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);

function statusError(message: string, status: number): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}

describe('controller.resolve (Data Client signature)', () => {
  it('`error: true` records `response` as the error, with its status', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    const gone = statusError('gone', 404);
    await controller.resolve(TodoResource.get, { args: [{ id: 7 }], response: gone, error: true, fetchedAt: clock.now() });
    expect(controller.getError(TodoResource.get, { id: 7 }, store.getState())).toBe(gone);
    expect(slice(cache, store).meta[`GET ${server.url}/todos/7`]).toEqual({
      fetchedAt: clock.now(),
      date: clock.now(),
      expiresAt: clock.now() + 1_000,
      error: { name: 'Error', message: 'gone', status: 404 },
    });
    expect(controller.getResponse(TodoResource.get, { id: 7 }, store.getState()).data).toBeUndefined();
  });

  it('a 5xx error given that way is soft: the data stays readable', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const todo = await controller.fetch(TodoResource.get, { id: 1 });
    await controller.resolve(TodoResource.get, { args: [{ id: 1 }], response: statusError('down', 503), error: true });
    expect(slice(cache, store).meta[`GET ${server.url}/todos/1`].errorPolicy).toBe('soft');
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(todo);
  });

  it('`error: false` records `response` as the response', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.resolve(TodoResource.get, { args: [{ id: 8 }], response: { id: 8, title: 'eight' }, error: false });
    expect(controller.getResponse(TodoResource.get, { id: 8 }, store.getState()).data?.title).toBe('eight');
  });
});

describe('invalidating a detail read by inference from a list', () => {
  it('controller.invalidate marks it invalid until it is fetched again', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('one');
    await controller.invalidate(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt: 0,
    });
    expect(slice(cache, store).meta[`GET ${server.url}/todos/1`]).toEqual({ fetchedAt: 0, date: 0, expiresAt: 0, invalidated: true });
    // The list and the entity itself are untouched.
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    const todo = await controller.fetch(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(todo);
  });

  it('invalidateAll and expireAll reach inferred details that were read', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Valid);
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Valid);
    await controller.expireAll({ testKey: (key) => key === `GET ${server.url}/todos/1` });
    const expired = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
    expect(expired.data?.title).toBe('one');
    expect(expired.expiresAt).toBe(0);
    expect(expired.expiresAt < clock.now()).toBe(true);
    await controller.invalidateAll({ testKey: (key) => key === `GET ${server.url}/todos/2` });
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
    // The list itself matched neither.
    expect(controller.getResponse(TodoResource.getList, {}, store.getState()).data).toHaveLength(2);
  });
});

describe('a failed refetch keeps the cached entity readable (soft 5xx)', () => {
  it('of a detail read by inference from a list', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    const inferred = controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data;
    server.route('GET', '/todos/:id', () => ({ status: 500, json: { message: 'down' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 500 });
    const response = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
    expect(response.data).toBe(inferred);
    expect(response.data?.title).toBe('one');
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toMatchObject({ status: 500 });
  });

  it('of a detail fetched before', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const todo = await controller.fetch(TodoResource.get, { id: 2 });
    server.route('GET', '/todos/:id', () => ({ status: 502, text: '<h1>Bad gateway</h1>', contentType: 'text/html' }));
    await expect(controller.fetch(TodoResource.get, { id: 2 })).rejects.toMatchObject({ status: 502 });
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).data).toBe(todo);
  });
});

describe('setResponse and setError with the args left out', () => {
  it('store the value for an endpoint whose params are all optional', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.setResponse(TodoResource.getList, [{ id: 9, title: 'nine', completed: false, userId: 1 }]);
    expect(controller.getResponse(TodoResource.getList, store.getState()).data?.map((todo) => todo.title)).toEqual(['nine']);
    await controller.setError(TodoResource.getList, Object.assign(new Error('down'), { status: 404 }));
    expect(controller.getError(TodoResource.getList, store.getState())?.message).toBe('down');
  });
});

describe('getError of a soft error beside a stored result', () => {
  it('is undefined, as in Data Client, while selectError still gives the failure', async () => {
    const { store, controller, cache } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.route('GET', '/todos/:id', () => ({ status: 503, json: { message: 'busy' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('one');
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBeUndefined();
    expect(cache.selectError(store.getState(), TodoResource.get, { id: 1 })).toMatchObject({ status: 503 });
    // A hard error (4xx) is reported beside the stored result.
    server.route('GET', '/todos/:id', () => ({ status: 404, json: {} }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 404 });
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toMatchObject({ status: 404 });
  });
});

describe('fetchIfStale of a request that failed with nothing to show', () => {
  it('sends no request until the error expires (errorExpiryLength), rejecting with the recorded error; then fetches', async () => {
    const { controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await expect(controller.fetch(TodoResource.get, { id: 99 })).rejects.toMatchObject({ status: 404 });
    expect(server.count('GET', '/todos/99')).toBe(1);
    await expect(controller.fetchIfStale(TodoResource.get, { id: 99 })).rejects.toMatchObject({ status: 404 });
    controller.prefetch(TodoResource.get, { id: 99 });
    expect(server.count('GET', '/todos/99')).toBe(1);
    // Past the error's expiry (1 s by default), it is asked again.
    clock.advance(1_001);
    server.seedTodos([{ id: 99, title: 'found' }]);
    await expect(controller.fetchIfStale(TodoResource.get, { id: 99 })).resolves.toMatchObject({ title: 'found' });
    expect(server.count('GET', '/todos/99')).toBe(2);
  });
});
