// `controller.prefetch`: the fire-and-forget form of `fetchIfStale` (prefetch on hover), against the real
// server. It returns nothing, never rejects, and a failure is recorded in the store like any fetch's.
import { setup, startStoreServer, todoResource, until, roundTrip, type StoreServer } from './helpers';

let server: StoreServer;
let unhandled: unknown[];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
  await server.close();
});

describe('controller.prefetch', () => {
  it('fetches what is missing, returns nothing, and sends nothing while the data is fresh', async () => {
    const { controller, store, clock } = setup();
    const TodoResource = todoResource(server.url);
    const title = () => controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title;
    expect(controller.prefetch(TodoResource.get, { id: 1 })).toBeUndefined();
    // A second hover while the first is in flight shares its request.
    controller.prefetch(TodoResource.get, { id: 1 });
    await until(() => title() !== undefined, 'the prefetched todo');
    expect(title()).toBe('one');
    controller.prefetch(TodoResource.get, { id: 1 });
    await roundTrip(server);
    expect(server.requests.filter((request) => request.path === '/todos/1')).toHaveLength(1);
    // Stale: fetched again.
    server.todos.set(1, { ...server.todos.get(1)!, title: 'changed' });
    clock.advance(60_001);
    controller.prefetch(TodoResource.get, { id: 1 });
    await until(() => title() === 'changed', 'the refetched todo');
    expect(server.requests.filter((request) => request.path === '/todos/1')).toHaveLength(2);
  });

  it('records a failure in the store, with no unhandled rejection', async () => {
    const { controller, store } = setup();
    const TodoResource = todoResource(server.url);
    controller.prefetch(TodoResource.get, { id: 404 });
    await until(() => controller.getError(TodoResource.get, { id: 404 }, store.getState()) !== undefined, 'the recorded error');
    const error = controller.getError(TodoResource.get, { id: 404 }, store.getState()) as Error & { status?: number };
    expect(error.status).toBe(404);
    // A macrotask later: an unhandled rejection would have been reported by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });

  it('throws at once for a mutation (nothing to prefetch), naming it', () => {
    const { controller } = setup();
    const TodoResource = todoResource(server.url);
    expect(() => controller.prefetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' })).toThrow(
      new TypeError('[rest-slice] `controller.prefetch(Todo.partialUpdate)`: a mutation is never prefetched; run it with `controller.fetch`.'),
    );
  });

  it('throws at once for an endpoint option whose feature is missing, instead of dropping it silently', () => {
    const { controller } = setup();
    const TodoResource = todoResource(server.url);
    expect(() => controller.prefetch(TodoResource.get.extend({ retry: 2 }), { id: 1 })).toThrow(/needs the retry feature/);
    expect(server.requests).toEqual([]);
  });
});
