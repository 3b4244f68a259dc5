// A request that can be cancelled two ways at once: the endpoint's own
// `signal` and the store's `controller.abort`. Whichever comes first decides
// the caller's error; the second changes nothing; the request is rolled back
// once and nothing is stored.
import { createRestCache } from 'rest-slice';
import { makeClock, makeStore, recorder, slice, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

function setupLogged() {
  const cache = createRestCache({ now: makeClock().now });
  const log = recorder();
  const store = makeStore(cache, { before: [log.middleware] });
  return { cache, store, controller: cache.controller(store), log: log.log };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );

const key = () => `GET ${server.url}/todos/1`;

describe('aborted by its signal and by controller.abort', () => {
  it('the signal first: the caller gets the AbortError naming the signal; controller.abort after it does nothing', async () => {
    const { cache, store, controller, log } = setupLogged();
    const TodoResource = todoResource(server.url);
    const stop = new AbortController();
    const cancellable = TodoResource.get.extend({ signal: stop.signal });
    server.hold();
    const pending = controller.fetch(cancellable, { id: 1 });
    await server.waitForHeld(1);

    stop.abort('user left');
    await controller.abort(cancellable, { id: 1 });
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe(
      `[rest-slice] \`Todo.get\` (${key()}) was aborted by its AbortSignal (the endpoint's \`signal\` option; a shared GET is aborted once no caller still waits for it): its optimistic update was rolled back and nothing was stored. Fetch it again if it is still needed.`,
    );
    expect(error.cause).toBe('user left');
    expect(log.filter((action) => action.type === 'rest/abort')).toHaveLength(1);
    expect(slice(cache, store).inflight).toEqual({});
    expect(slice(cache, store).meta).toEqual({});
    await server.releaseAll();
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  });

  it('controller.abort first: the caller gets the AbortError naming controller.abort; the signal after it does nothing', async () => {
    const { cache, store, controller, log } = setupLogged();
    const TodoResource = todoResource(server.url);
    const stop = new AbortController();
    const cancellable = TodoResource.get.extend({ signal: stop.signal });
    server.hold();
    const pending = controller.fetch(cancellable, { id: 1 });
    await server.waitForHeld(1);

    await controller.abort(cancellable, { id: 1 });
    stop.abort('too late');
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe(
      `[rest-slice] \`Todo.get\` (${key()}) was aborted by \`controller.abort\`: its optimistic update was rolled back and nothing was stored. Fetch it again if it is still needed.`,
    );
    expect(log.filter((action) => action.type === 'rest/abort')).toHaveLength(1);
    expect(slice(cache, store).inflight).toEqual({});
    expect(slice(cache, store).meta).toEqual({});
  });

  it('after both, the same request fetched again is sent and stored', async () => {
    const { cache, store, controller } = setupLogged();
    const TodoResource = todoResource(server.url);
    const stop = new AbortController();
    server.hold();
    const pending = controller.fetch(TodoResource.get.extend({ signal: stop.signal }), { id: 1 });
    await server.waitForHeld(1);
    stop.abort();
    await controller.abort(TodoResource.get, { id: 1 });
    await rejection(pending);
    server.hold(false);
    await expect(controller.fetch(TodoResource.get, { id: 1 })).resolves.toMatchObject({ id: 1, title: 'one' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    expect(server.count('GET', '/todos/1')).toBe(2);
  });
});
