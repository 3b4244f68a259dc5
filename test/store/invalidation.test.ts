// controller.invalidate, invalidateAll, expireAll and resetEntireStore.
import { ExpiryStatus } from 'rest-slice';
import { roundTrip, setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);

describe('controller.invalidate', () => {
  it('marks one result invalid until it is refetched', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    await controller.invalidate(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toEqual({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt: 0,
    });
    expect(slice(cache, store).meta[`GET ${server.url}/todos/1`]).toMatchObject({ invalidated: true, expiresAt: 0 });
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Valid);
    // The entity itself is still there for other results.
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    clock.advance(1);
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState())).toMatchObject({
      expiryStatus: ExpiryStatus.Valid,
      expiresAt: clock.now() + 60_000,
    });
    expect(slice(cache, store).meta[`GET ${server.url}/todos/1`].invalidated).toBeUndefined();
  });

  it('fetchIfStale refetches an invalidated result', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.invalidate(TodoResource.get, { id: 1 });
    server.todos.get(1)!.title = 'refetched';
    const todo = await controller.fetchIfStale(TodoResource.get, { id: 1 });
    expect(todo.title).toBe('refetched');
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(todo);
  });
});

describe('invalidateAll and expireAll', () => {
  it('invalidateAll invalidates every key testKey accepts, and only those', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    await controller.fetch(TodoResource.getList, {});
    const tested: string[] = [];
    await controller.invalidateAll({
      testKey: (key) => {
        tested.push(key);
        return key.startsWith(`GET ${server.url}/todos/`);
      },
    });
    expect(tested.sort()).toEqual([`GET ${server.url}/todos`, `GET ${server.url}/todos/1`, `GET ${server.url}/todos/2`]);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
    const list = controller.getResponse(TodoResource.getList, {}, store.getState());
    expect(list.expiryStatus).toBe(ExpiryStatus.Valid);
    expect(list.data?.map((todo) => todo.id)).toEqual([1, 2]);
  });

  it('expireAll makes matching results stale: still shown, refetched by fetchIfStale', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    await controller.expireAll({ testKey: (key) => key === `GET ${server.url}/todos/1` });
    const expired = controller.getResponse(TodoResource.get, { id: 1 }, store.getState());
    expect(expired.data?.title).toBe('one');
    expect(expired.expiryStatus).toBe(ExpiryStatus.Valid);
    expect(expired.expiresAt).toBe(0);
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).expiresAt).toBe(clock.now() + 60_000);
    await controller.fetchIfStale(TodoResource.get, { id: 2 });
    expect(server.count('GET', '/todos/2')).toBe(1);
    await controller.fetchIfStale(TodoResource.get, { id: 1 });
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).expiresAt).toBe(clock.now() + 60_000);
  });
});

describe('resetEntireStore', () => {
  it.each([
    ['in the same millisecond', 0],
    ['later', 5],
  ])('rejects fetches in flight (%s) and drops their responses', async (_, delay) => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const read = controller.fetch(TodoResource.get, { id: 2 });
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'in flight' });
    const readOutcome = read.then(() => 'resolved', (error: Error) => error.message);
    const writeOutcome = write.then(() => 'resolved', (error: Error) => error.message);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('in flight');
    await server.waitForHeld(2);
    clock.advance(delay);
    await controller.resetEntireStore();
    // Each names its endpoint and request key, and says why (issue 9 item 4).
    const dropped = (endpoint: string, key: string) =>
      `[rest-slice] \`${endpoint}\` (${key}) was in flight when \`controller.resetEntireStore\` ran: the request was aborted and its response will not reach the store. Fetch it again if it is still needed.`;
    expect(await readOutcome).toBe(dropped('Todo.get', `GET ${server.url}/todos/2`));
    expect(await writeOutcome).toBe(dropped('Todo.partialUpdate', `PATCH ${server.url}/todos/1`));
    const afterReset = slice(cache, store);
    expect(afterReset).toEqual({
      entities: {},
      entitiesMeta: {},
      endpoints: {},
      meta: {},
      optimistic: [],
      inflight: {},
      lastReset: clock.now(),
    });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    // The responses arrive now and never reach the store.
    server.hold(false);
    await server.releaseAll();
    await roundTrip(server);
    expect(slice(cache, store)).toBe(afterReset);
    // The store works as before.
    clock.advance(1);
    const todo = await controller.fetch(TodoResource.get, { id: 2 });
    expect(todo.title).toBe('two');
    expect(cache.selectEntity(store.getState(), Todo, 2)).toBe(todo);
  });

  it('a GET started after the reset is not deduplicated onto one started before it', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    server.hold();
    const before = controller.fetch(TodoResource.get, { id: 1 }).catch((error: Error) => error.message);
    await server.waitForHeld(1);
    clock.advance(1);
    await controller.resetEntireStore();
    const after = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    server.hold(false);
    await server.releaseAll();
    expect(await before).toMatch(/reset/);
    expect((await after).title).toBe('one');
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('one');
  });

  it('forgets the details read by inference before it: a later invalidateAll leaves them alone, and a PUT answers them again', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    // Todo 2's detail is answered by inference from the list.
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).data?.title).toBe('two');
    clock.advance(1);
    await controller.resetEntireStore();
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState()).data).toBeUndefined();
    const tested: string[] = [];
    await controller.invalidateAll({
      testKey: (key) => {
        tested.push(key);
        return key.startsWith(`GET ${server.url}/todos/`);
      },
    });
    // Nothing holds or infers data now: the invalidation reaches no key.
    expect(tested).toEqual([]);
    expect(slice(cache, store).meta).toEqual({});
    clock.advance(1);
    await controller.fetch(TodoResource.update, { id: 2 }, { title: 'put', completed: false, userId: 7 });
    expect(controller.getResponse(TodoResource.get, { id: 2 }, store.getState())).toMatchObject({
      data: { id: 2, title: 'put' },
      expiryStatus: ExpiryStatus.Valid,
    });
  });
});
