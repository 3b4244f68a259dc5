// controller.abort and AbortSignals against the real server: the caller sees an AbortError naming the
// endpoint and key, the optimistic update rolls back in one plain `rest/abort` action, no error is
// stored, and the data stored before stays.
import { createRestCache } from 'rest-slice';
import { makeClock, makeStore, recorder, roundTrip, slice, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

function setupLogged() {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now });
  const log = recorder();
  const store = makeStore(cache, { before: [log.middleware] });
  return { clock, cache, store, controller: cache.controller(store), log: log.log };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );

describe('controller.abort', () => {
  it('rejects the caller with an AbortError naming endpoint and key, rolls back the optimistic update, keeps the stored data', async () => {
    const { cache, store, controller, log } = setupLogged();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const promise = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'optimistic' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('optimistic');
    await server.waitForHeld(1);

    await controller.abort(TodoResource.partialUpdate, { id: 1 });
    // Rolled back by the time abort resolves.
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    const error = await rejection(promise);
    expect(error.name).toBe('AbortError');
    expect(error.message).toContain('`Todo.partialUpdate`');
    expect(error.message).toContain(`PATCH ${server.url}/todos/1`);
    expect(error.message).toContain('`controller.abort`');

    const state = slice(cache, store);
    expect(state.optimistic).toEqual([]);
    expect(state.inflight).toEqual({});
    // No error is stored for an abort: hooks and selectors see the data as before.
    expect(state.meta[`PATCH ${server.url}/todos/1`]).toBeUndefined();
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBeUndefined();
    expect(state.entities.Todo?.['1']).toEqual({ id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 });
    const aborts = log.filter((action) => action.type === 'rest/abort');
    expect(aborts).toEqual([
      {
        type: 'rest/abort',
        payload: {
          endpoint: 'Todo.partialUpdate',
          key: `PATCH ${server.url}/todos/1`,
          args: [{ id: 1 }, { title: 'optimistic' }],
          fetchedAt: expect.any(Number),
          requestId: expect.any(String),
        },
      },
    ]);
    expect(log.some((action) => action.type === 'rest/setError')).toBe(false);

    // The held request's late answer changes nothing.
    server.hold(false);
    await server.releaseAll();
    await roundTrip(server);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  });

  it('aborts a GET shared by several callers for all of them; a later fetch starts its own request', async () => {
    const { cache, store, controller } = setupLogged();
    const TodoResource = todoResource(server.url);
    server.hold();
    const first = controller.fetch(TodoResource.get, { id: 1 });
    const second = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    expect(server.count('GET', '/todos/1')).toBe(1);

    await controller.abort(TodoResource.get, { id: 1 });
    expect((await rejection(first)).name).toBe('AbortError');
    expect((await rejection(second)).name).toBe('AbortError');
    expect(slice(cache, store).inflight).toEqual({});
    expect(slice(cache, store).meta).toEqual({});

    server.hold(false);
    const again = await controller.fetch(TodoResource.get, { id: 1 });
    expect(again.title).toBe('one');
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('does nothing when nothing of that endpoint and key is in flight', async () => {
    const { cache, store, controller, log } = setupLogged();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const before = slice(cache, store);
    const actions = log.length;
    await expect(controller.abort(TodoResource.get, { id: 1 })).resolves.toBeUndefined();
    await expect(controller.abort(TodoResource.get, { id: 2 })).resolves.toBeUndefined();
    expect(log.length).toBe(actions);
    expect(slice(cache, store)).toBe(before);
  });
});

describe("an endpoint's signal", () => {
  it('aborts only its own caller while another caller still waits for the shared GET', async () => {
    const { cache, store, controller } = setupLogged();
    const TodoResource = todoResource(server.url);
    const stop = new AbortController();
    const cancellable = TodoResource.get.extend({ signal: stop.signal });
    server.hold();
    const mine = controller.fetch(cancellable, { id: 1 });
    const theirs = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    expect(server.count('GET', '/todos/1')).toBe(1);

    stop.abort();
    const error = await rejection(mine);
    expect(error.name).toBe('AbortError');
    expect(error.message).toContain('`Todo.get`');
    expect(error.message).toContain('AbortSignal');
    // The request goes on for the other caller.
    expect(slice(cache, store).inflight).toEqual({ [`GET ${server.url}/todos/1`]: expect.any(Number) });
    await server.releaseAll();
    expect((await theirs).title).toBe('one');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('aborts the shared GET once every caller has gone', async () => {
    const { cache, store, controller, log } = setupLogged();
    const TodoResource = todoResource(server.url);
    const stop = new AbortController();
    const cancellable = TodoResource.get.extend({ signal: stop.signal });
    server.hold();
    const first = controller.fetch(cancellable, { id: 1 });
    const second = controller.fetch(cancellable, { id: 1 });
    await server.waitForHeld(1);
    stop.abort();
    expect((await rejection(first)).name).toBe('AbortError');
    expect((await rejection(second)).name).toBe('AbortError');
    expect(log.filter((action) => action.type === 'rest/abort')).toHaveLength(1);
    expect(slice(cache, store).inflight).toEqual({});
    expect(slice(cache, store).meta).toEqual({});
  });

  it('rejects at once, sending and recording nothing, when the signal is already aborted', async () => {
    const { cache, store, controller } = setupLogged();
    const TodoResource = todoResource(server.url);
    const stop = new AbortController();
    stop.abort();
    const error = await rejection(controller.fetch(TodoResource.get.extend({ signal: stop.signal }), { id: 1 }));
    expect(error.name).toBe('AbortError');
    expect(server.count()).toBe(0);
    expect(slice(cache, store).inflight).toEqual({});
  });
});
