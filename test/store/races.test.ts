// The seed's pairing rules and the `updatedAt` recipe, with responses held and released in a chosen order.
import { AbortOptimistic, RestEndpoint, createResource } from 'rest-slice';
import {
  Counter,
  counterResource,
  counterRoutes,
  setup,
  slice,
  startStoreServer,
  Todo,
  todoResource,
  type StoreServer,
} from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
  counterRoutes(server);
});
afterEach(() => server.close());

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { status?: number }) => `rejected ${error.status}`,
  );

describe('pairing rules', () => {
  it('two quick increments from 0 show 2 at once, and 2 once both are confirmed', async () => {
    const { cache, store, controller, clock } = setup();
    const { get, increment } = counterResource(server.url);
    await controller.fetch(get, { id: 1 });
    server.hold();
    clock.advance(1);
    const first = controller.fetch(increment, { id: 1 });
    clock.advance(1);
    const second = controller.fetch(increment, { id: 1 });
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    await server.waitForHeld(2);
    await server.held[0].release();
    expect((await first).count).toBe(1);
    // Confirmed 1, the second increment recomputed over it.
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    await server.held[0].release();
    expect((await second).count).toBe(2);
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    expect(slice(cache, store).optimistic).toEqual([]);
  });

  it('when the first of two increments fails, the view shows 1, not 2', async () => {
    const { cache, store, controller, clock } = setup();
    const { get, increment } = counterResource(server.url);
    await controller.fetch(get, { id: 1 });
    server.hold();
    clock.advance(1);
    const first = outcome(controller.fetch(increment, { id: 1 }));
    clock.advance(1);
    const second = outcome(controller.fetch(increment, { id: 1 }));
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    await server.waitForHeld(2);
    await server.held[0].releaseWith({ status: 500, json: { message: 'lost' } });
    expect(await first).toBe('rejected 500');
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(1);
    expect(slice(cache, store).optimistic.map((entry) => entry.fetchedAt)).toEqual([clock.now()]);
    await server.held[0].release();
    expect(await second).toBe('resolved');
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(1);
    expect(slice(cache, store).entities.Counter?.['1']).toEqual({ id: 1, count: 1 });
  });

  it("when the second of two increments fails, the view shows 1, and the key keeps the first's result beside the second's failure", async () => {
    const { cache, store, controller, clock } = setup();
    const { get, increment } = counterResource(server.url);
    await controller.fetch(get, { id: 1 });
    server.hold();
    clock.advance(1);
    const first = outcome(controller.fetch(increment, { id: 1 }));
    clock.advance(1);
    const second = outcome(controller.fetch(increment, { id: 1 }));
    await server.waitForHeld(2);
    await server.held[1].releaseWith({ status: 503, json: {} });
    expect(await second).toBe('rejected 503');
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(1);
    await server.held[0].release();
    expect(await first).toBe('resolved');
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(1);
    // No increment triggered after the failed one has succeeded, so its error stays shown beside the earlier result.
    expect(controller.getResponse(increment, { id: 1 }, store.getState()).data?.count).toBe(1);
    expect(cache.selectError(store.getState(), increment, { id: 1 })).toEqual(expect.objectContaining({ status: 503 }));
    // A soft (5xx) error beside a stored result: Data Client's `getError` does not report it, nor does ours.
    expect(controller.getError(increment, { id: 1 }, store.getState())).toBeUndefined();
    server.hold(false);
    clock.advance(1);
    await controller.fetch(increment, { id: 1 });
    expect(controller.getResponse(increment, { id: 1 }, store.getState()).data?.count).toBe(2);
    expect(controller.getError(increment, { id: 1 }, store.getState())).toBeUndefined();
  });

  it('out-of-order responses leave the latest confirmed state', async () => {
    const { cache, store, controller, clock } = setup();
    const { get, increment } = counterResource(server.url);
    await controller.fetch(get, { id: 1 });
    // The server processes both at once (1, then 2); the network delivers the answers in reverse.
    server.hold(true, 'onArrival');
    clock.advance(1);
    const first = controller.fetch(increment, { id: 1 });
    clock.advance(1);
    const second = controller.fetch(increment, { id: 1 });
    await server.waitForHeld(2);
    await server.held[1].release();
    expect((await second).count).toBe(2);
    // Confirmed 2. The first increment is still pending, but its layer (fetched earlier) does not
    // overwrite data fetched later (useIncoming): the view follows the confirmed result.
    expect(slice(cache, store).entities.Counter?.['1']).toEqual({ id: 1, count: 2 });
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    await server.held[0].release();
    // Resolves with its own response (API.md), while the store keeps the later data.
    const firstResult = await first;
    expect(firstResult).toBeInstanceOf(Counter);
    expect(firstResult.count).toBe(1);
    // The late answer of the earlier fetch does not overwrite the later one.
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    expect(slice(cache, store).entities.Counter?.['1']).toEqual({ id: 1, count: 2 });
    expect(slice(cache, store).optimistic).toEqual([]);
  });

  describe('triggered in the same millisecond (the clock does not move between them)', () => {
    it('out-of-order responses still leave the latest confirmed state: the one triggered later counts as later', async () => {
      const { cache, store, controller } = setup();
      const { get, increment } = counterResource(server.url);
      await controller.fetch(get, { id: 1 });
      server.hold(true, 'onArrival');
      const first = controller.fetch(increment, { id: 1 });
      const second = controller.fetch(increment, { id: 1 });
      expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
      await server.waitForHeld(2);
      await server.held[1].release();
      expect((await second).count).toBe(2);
      expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
      await server.held[0].release();
      expect((await first).count).toBe(1);
      expect(slice(cache, store).entities.Counter?.['1']).toEqual({ id: 1, count: 2 });
      expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    });

    it('fetchedAt is the clock when triggered; one triggered while another of that reading is in flight is 1/1024 ms later', async () => {
      const { store, controller, clock, cache } = setup();
      const { get, increment } = counterResource(server.url);
      const now = clock.now();
      await controller.fetch(get, { id: 1 });
      // Nothing of this reading in flight: the reading itself.
      expect(slice(cache, store).meta[`GET ${server.url}/counters/1`].fetchedAt).toBe(now);
      server.hold();
      void controller.fetch(increment, { id: 1 });
      void controller.fetch(increment, { id: 1 });
      expect(slice(cache, store).optimistic.map((entry) => entry.fetchedAt)).toEqual([now, now + 1 / 1024]);
      await server.waitForHeld(2);
      await server.held[0].release();
      await server.held[0].release();
      server.hold(false);
      clock.advance(1);
      await controller.fetch(get, { id: 1 });
      expect(slice(cache, store).meta[`GET ${server.url}/counters/1`].fetchedAt).toBe(now + 1);
    });
  });

  it('a GET started before a mutation but answered after it does not overwrite the mutation', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold((request) => request.method === 'GET', 'onArrival');
    clock.advance(1);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    clock.advance(1);
    await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'new' });
    await server.releaseAll();
    await read;
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('new');
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('new');
  });

  it('pairs each response with its own optimistic update, also when both fetches share a millisecond', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    // No clock advance: both fetches have the same fetchedAt and the same request key.
    const first = outcome(controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'first' }));
    const second = outcome(controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true }));
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'first', completed: true });
    await server.waitForHeld(2);
    await server.held[1].releaseWith({ status: 500, json: {} });
    expect(await second).toBe('rejected 500');
    // Only the failed (second) update is rolled back; the first still shows.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'first', completed: false });
    await server.held[0].release();
    expect(await first).toBe('resolved');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'first', completed: false });
  });
});

describe("the seed's updatedAt recipe", () => {
  class OrderedTodo extends Todo {
    static override key = 'OrderedTodo';
    static override useIncoming(_: unknown, __: unknown, existing: { updatedAt: number }, incoming: { updatedAt: number }) {
      return existing.updatedAt <= incoming.updatedAt;
    }
  }

  function orderedResource(now: () => number) {
    class StampedEndpoint extends RestEndpoint<any> {
      override getRequestInit(body?: unknown) {
        const stamped = body && typeof body === 'object' ? { ...body, updatedAt: now() } : body;
        return super.getRequestInit(stamped);
      }
    }
    const base = createResource({
      urlPrefix: server.url,
      path: '/todos/:id',
      schema: OrderedTodo,
      Endpoint: StampedEndpoint,
    });
    return base.extend({
      partialUpdate: {
        getOptimisticResponse(snap: any, params: any, body: any) {
          const { data } = snap.getResponse(base.get, params);
          if (!data) throw new AbortOptimistic();
          return { ...params, ...body, updatedAt: snap.fetchedAt };
        },
      },
    });
  }

  it('the server and the client end on the write that was sent last, whatever order they are processed in', async () => {
    server.orderByUpdatedAt = true;
    const { cache, store, controller, clock } = setup();
    const Resource = orderedResource(clock.now);
    await controller.fetch(Resource.get, { id: 1 });
    server.hold();
    const t1 = clock.advance(100);
    const first = controller.fetch(Resource.partialUpdate, { id: 1 }, { title: 'first' });
    const t2 = clock.advance(100);
    const second = controller.fetch(Resource.partialUpdate, { id: 1 }, { title: 'second' });
    expect(cache.selectEntity(store.getState(), OrderedTodo, 1)).toMatchObject({ title: 'second', updatedAt: t2 });
    await server.waitForHeld(2);
    expect(server.held.map((held) => held.request.body)).toEqual([
      { title: 'first', updatedAt: t1 },
      { title: 'second', updatedAt: t2 },
    ]);
    // The server processes the second write first, then refuses the older first one.
    await server.held[1].release();
    expect(await second).toMatchObject({ title: 'second', updatedAt: t2 });
    expect(cache.selectEntity(store.getState(), OrderedTodo, 1)).toMatchObject({ title: 'second', updatedAt: t2 });
    await server.held[0].release();
    expect(await first).toMatchObject({ title: 'second', updatedAt: t2 });
    expect(server.todos.get(1)).toMatchObject({ title: 'second', updatedAt: t2 });
    expect(cache.selectEntity(store.getState(), OrderedTodo, 1)).toMatchObject({ title: 'second', updatedAt: t2 });
    expect(slice(cache, store).entities.OrderedTodo?.['1']).toMatchObject({ title: 'second', updatedAt: t2 });
  });

  it('a read answered late with an older updatedAt is ignored, though fetched later', async () => {
    server.orderByUpdatedAt = true;
    const { cache, store, controller, clock } = setup();
    const Resource = orderedResource(clock.now);
    await controller.fetch(Resource.get, { id: 1 });
    // The read is processed now (old data) but answered after the write.
    server.hold((request) => request.method === 'GET', 'onArrival');
    clock.advance(10);
    const read = controller.fetch(Resource.get, { id: 1 });
    await server.waitForHeld(1);
    const written = clock.advance(10);
    await controller.fetch(Resource.partialUpdate, { id: 1 }, { title: 'written' });
    await server.releaseAll();
    await read;
    expect(cache.selectEntity(store.getState(), OrderedTodo, 1)).toMatchObject({ title: 'written', updatedAt: written });
  });
});
