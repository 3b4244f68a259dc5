// API.md races rule 5b: reads never outrank a write in flight. Reads (refetches, polls, `setResponse`)
// answered while a write is pending land beneath it; the write's response merges over them; a rollback
// lands on them; and the reads' results are revalidated when the write succeeds.
import { RestEndpoint, listeners } from 'rest-slice';
import { setup, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

const GET_1 = () => server.count('GET', '/todos/1');
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { status?: number }) => `rejected ${error.status}`,
  );

/** Releases the one held request of `method`. */
async function release(method: string, reply?: { status: number; json: unknown }) {
  const index = server.held.findIndex((held) => held.request.method === method);
  if (index === -1) throw new Error(`no held ${method}`);
  const held = server.held[index];
  await (reply === undefined ? held.release() : held.releaseWith(reply));
}

describe('an optimistic write with a read answered during its flight', () => {
  it('success: the view keeps the write throughout, the cache ends with it, and the read in use is refetched', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const releaseUse = controller.retain(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    clock.advance(10);
    // Someone else renames it; the read (triggered after the write) is answered first, before the server sees the write.
    server.todos.get(1)!.title = 'theirs';
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    expect((await read).title).toBe('theirs');
    // The read's row is confirmed beneath the pending write; the user still sees their change.
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ title: 'theirs' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    expect(GET_1()).toBe(2);

    await release('PATCH');
    expect((await write).title).toBe('saved');
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ title: 'saved' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    expect(slice(cache, store).optimistic).toEqual([]);
    // The read brought a row during the write's flight and its result is in use: it is refetched.
    await server.waitForHeld(1);
    expect(GET_1()).toBe(3);
    await release('GET');
    await until(() => slice(cache, store).inflight[TodoResource.get.key({ id: 1 })] === undefined, 'the refetch');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    releaseUse();
  });

  it('failure: the rollback lands on the data the read brought, and nothing is refetched', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const releaseUse = controller.retain(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = outcome(controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' }));
    clock.advance(10);
    server.todos.get(1)!.title = 'theirs';
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    await read;
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    await release('PATCH', { status: 500, json: { message: 'lost' } });
    expect(await write).toBe('rejected 500');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('theirs');
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(server.held).toHaveLength(0);
    expect(GET_1()).toBe(2);
    releaseUse();
  });

  it('a read not in use is marked stale instead of refetched', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    const key = TodoResource.get.key({ id: 1 });
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    await read;
    expect(slice(cache, store).meta[key].expiresAt).toBeGreaterThan(clock.now());
    await release('PATCH');
    await write;
    expect(slice(cache, store).meta[key].expiresAt).toBe(0);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    expect(server.held).toHaveLength(0);
    expect(GET_1()).toBe(2);
  });
});

describe('a write without an optimistic update', () => {
  const plainPatch = () =>
    new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'PATCH', schema: Todo, name: 'Todo.plainPatch' });

  it("its response wins over the row a read brought during its flight, though the read was fetched later", async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = controller.fetch(plainPatch(), { id: 1 }, { title: 'saved' });
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    await read;
    // No layer: the view shows the read's data until the write's answer.
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    await release('PATCH');
    expect((await write).title).toBe('saved');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    expect(slice(cache, store).entitiesMeta.Todo?.['1']).toMatchObject({ fetchedAt: clock.now() - 10, write: true });
  });

  it('a read fetched after the write landed outranks it again (rule 5)', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    clock.advance(10);
    await controller.fetch(plainPatch(), { id: 1 }, { title: 'saved' });
    server.todos.get(1)!.title = 'theirs';
    clock.advance(10);
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('theirs');
    expect(slice(cache, store).entitiesMeta.Todo?.['1']).toEqual({ fetchedAt: clock.now(), date: clock.now(), expiresAt: expect.any(Number) });
  });
});

describe('reads of every kind during a pending write', () => {
  it('a poll answered during the write does not hide it, and the cache ends with the write', async () => {
    const { cache, store, controller, clock } = setup({ gcInterval: Infinity }, { timers: true });
    const TodoResource = todoResource(server.url);
    const polled = TodoResource.get.extend({ pollFrequency: 20 });
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    await server.waitForHeld(1);
    await controller.subscribe(polled, { id: 1 });
    clock.advance(20);
    await server.waitForHeld(2);
    server.hold(false);
    await release('GET');
    const polling = () => slice(cache, store).inflight[polled.key({ id: 1 })] !== undefined;
    await until(() => !polling(), 'the held poll answered');
    // And a poll answered at once while the write is still held.
    clock.advance(20);
    await until(() => GET_1() === 3 && !polling(), 'a poll answered while the write is held');
    expect(server.held.length).toBe(1);
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ title: 'one' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    await release('PATCH');
    expect((await write).title).toBe('saved');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    await controller.unsubscribe(polled, { id: 1 });
  });

  it('a focus refetch answered during the write does not hide it, and the cache ends with the write', async () => {
    const { cache, store, controller, clock } = setup({ features: [listeners({ refetchMinAge: 0 })] });
    const TodoResource = todoResource(server.url);
    const get = TodoResource.get.extend({ refetchOnFocus: true });
    await controller.fetch(get, { id: 1 });
    const releaseUse = controller.retain(get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    clock.advance(10);
    server.todos.set(1, { ...server.todos.get(1)!, title: 'theirs' });
    // What `setupListeners` dispatches when the user comes back to the tab.
    store.dispatch({ type: `${cache.reducerPath}/focus`, payload: {} });
    await server.waitForHeld(2);
    await release('GET');
    await until(() => (slice(cache, store).entities.Todo?.['1'] as { title?: string } | undefined)?.title === 'theirs', 'the focus refetch');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    await release('PATCH');
    expect((await write).title).toBe('saved');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    // The focus refetch brought a row during the write's flight: it is revalidated (the server applied the write last).
    await server.waitForHeld(1);
    expect(GET_1()).toBe(3);
    await release('GET');
    await until(() => slice(cache, store).inflight[get.key({ id: 1 })] === undefined, 'the revalidation');
    expect(server.todos.get(1)?.title).toBe('saved');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    releaseUse();
  });

  it('controller.setResponse (a streamed event) during the write lands beneath it', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    clock.advance(10);
    await controller.setResponse(TodoResource.get, { id: 1 }, { id: 1, title: 'event', completed: true, userId: 7, updatedAt: 0 });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'saved', completed: true });
    await server.waitForHeld(1);
    await release('PATCH');
    await write;
    // The write's answer is the server's whole row: it wins over the event's row field by field.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'saved', completed: false });
  });

  it("a third party's change that reaches a read during the write: the cache converges after the revalidation", async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const releaseUse = controller.retain(TodoResource.get, { id: 1 });
    // Every request is processed on arrival, its answer delivered on release.
    server.hold(true, 'onArrival');
    clock.advance(10);
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    await server.waitForHeld(1);
    // After the server saved the write, someone else renames the todo (a new row: the write's answer keeps its own); a read sees that.
    server.todos.set(1, { ...server.todos.get(1)!, title: 'theirs' });
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    expect((await read).title).toBe('theirs');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    await release('PATCH');
    expect((await write).title).toBe('saved');
    // The write's answer wins for now; the revalidation brings the server's state.
    await server.waitForHeld(1);
    clock.advance(10);
    await release('GET');
    await until(() => cache.selectEntity(store.getState(), Todo, 1)?.title === 'theirs', "the server's state");
    expect(server.todos.get(1)?.title).toBe('theirs');
    releaseUse();
  });
});

describe('deletes and late reads', () => {
  it('a delete wins over the row a read brought during its flight', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    const key = TodoResource.get.key({ id: 1 });
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const removed = controller.fetch(TodoResource.delete, { id: 1 });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    expect((await read).title).toBe('one');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    await release('DELETE');
    await removed;
    expect(slice(cache, store).entities.Todo?.['1']).toBeNull();
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    // The read's result (not in use) is marked stale.
    expect(slice(cache, store).meta[key].expiresAt).toBe(0);
  });

  it('a read triggered during the write but answered after it follows rule 5: fetched later, it wins', async () => {
    // API.md 5b covers data that arrives while the write is in flight; this read arrives after it.
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await release('PATCH');
    await write;
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
    // The read's answer as the server computed it before it saved the write (this race), delivered late.
    await server.held[0].releaseWith({ status: 200, json: { id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 } });
    expect((await read).title).toBe('one');
    // Fetched after the write, so by rule 5 it wins: the cache shows the older server state until the next read.
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  });
});

describe("an Entity's own useIncoming still has the last word", () => {
  class VersionedTodo extends Todo {
    static override key = 'VersionedTodo';
    static override useIncoming(_: unknown, __: unknown, existing: { updatedAt: number }, incoming: { updatedAt: number }) {
      return existing.updatedAt <= incoming.updatedAt;
    }
  }

  it('a read carrying a newer server version than the write it met keeps its data', async () => {
    const { cache, store, controller, clock } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: VersionedTodo, name: 'VersionedTodo.get' });
    const patch = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'PATCH', schema: VersionedTodo, name: 'VersionedTodo.patch' });
    server.todos.get(1)!.updatedAt = 1;
    await controller.fetch(get, { id: 1 });
    // The server saves the write as version 2; someone else then writes version 3, which a read brings first.
    server.hold(true, 'onArrival');
    clock.advance(10);
    const write = controller.fetch(patch, { id: 1 }, { title: 'saved', updatedAt: 2 });
    await server.waitForHeld(1);
    server.todos.set(1, { ...server.todos.get(1)!, title: 'theirs', updatedAt: 3 });
    clock.advance(10);
    const read = controller.fetch(get, { id: 1 });
    await server.waitForHeld(2);
    await release('GET');
    await read;
    await release('PATCH');
    expect(await write).toMatchObject({ title: 'saved', updatedAt: 2 });
    expect(cache.selectEntity(store.getState(), VersionedTodo, 1)).toMatchObject({ title: 'theirs', updatedAt: 3 });
  });
});
