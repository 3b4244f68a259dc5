// Endpoint option `onSubscribe(controller, ...args) => cleanup`: a live subscription per request key while it
// has users, fed here by a real Server-Sent Events stream from a local server.
import { live, type LiveController } from 'rest-slice';
import { allowConsole } from '../setup';
import { openEventStream, startSseServer, type SseServer } from '../helpers/sse';
import { setup as setupCore, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from './helpers';

/** The store helpers' `setup` with the live() feature, which runs `onSubscribe`. */
const setup = () => setupCore({ features: [live()] });

let server: StoreServer;
let sse: SseServer;
beforeEach(async () => {
  server = await startStoreServer();
  sse = await startSseServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 7 },
    { id: 2, title: 'two', userId: 7 },
  ]);
});
afterEach(async () => {
  await server.close();
  await sse.close();
});

/** The todo resource whose list streams `todo` events of its user into the cache. */
function liveResource(stats = { starts: 0, cleanups: 0 }) {
  const TodoResource = todoResource(server.url);
  const LiveList = TodoResource.getList.extend({
    onSubscribe(controller: LiveController, params: { userId?: number }) {
      stats.starts++;
      const close = openEventStream(`${sse.url}/todos?userId=${params.userId}`, ({ data }) => {
        const todo = JSON.parse(data) as { id: number };
        void controller.set(Todo, { id: todo.id }, todo);
      });
      return () => {
        stats.cleanups++;
        close();
      };
    },
  });
  return { TodoResource, LiveList, stats };
}

describe('onSubscribe with a Server-Sent Events stream', () => {
  it('events update every view holding the entity; the stream closes when the last user leaves', async () => {
    const { cache, store, controller } = setup();
    const { TodoResource, LiveList, stats } = liveResource();
    await controller.fetch(LiveList, { userId: 7 });
    await controller.fetch(TodoResource.get, { id: 1 });
    const release = controller.retain(LiveList, { userId: 7 });
    await sse.waitForOpen(1);
    expect(sse.opened).toEqual(['/todos?userId=7']);

    expect(sse.send('todo', { id: 1, title: 'live', userId: 7 })).toBe(1);
    await until(() => cache.selectEntity(store.getState(), Todo, 1)?.title === 'live', 'the event');
    expect(cache.selectResponse(store.getState(), TodoResource.get, { id: 1 }).data?.title).toBe('live');
    expect(cache.selectResponse(store.getState(), LiveList, { userId: 7 }).data?.map((todo) => todo.title)).toEqual(['live', 'two']);

    release();
    expect(stats).toEqual({ starts: 1, cleanups: 1 });
    await sse.waitForOpen(0);
  });

  it('runs once per request key while it has users (retain, subscribe), and again after the last left', async () => {
    const { controller } = setup();
    const { LiveList, stats } = liveResource();
    const first = controller.retain(LiveList, { userId: 7 });
    const second = controller.retain(LiveList, { userId: 7 });
    await controller.subscribe(LiveList, { userId: 7 });
    const other = controller.retain(LiveList, { userId: 8 });
    await sse.waitForOpen(2);
    expect(stats.starts).toBe(2);
    expect(sse.opened.sort()).toEqual(['/todos?userId=7', '/todos?userId=8']);

    first();
    second();
    other();
    expect(stats.cleanups).toBe(1);
    expect(sse.open('/todos?userId=7')).toBe(1);
    await controller.unsubscribe(LiveList, { userId: 7 });
    expect(stats.cleanups).toBe(2);
    await sse.waitForOpen(0);

    const again = controller.retain(LiveList, { userId: 7 });
    await sse.waitForOpen(1);
    expect(stats).toEqual({ starts: 3, cleanups: 2 });
    again();
    await sse.waitForOpen(0);
  });
});

describe('events racing with optimistic writes (API.md races 5b)', () => {
  async function pendingWrite() {
    const context = setup();
    const { TodoResource, LiveList } = liveResource();
    await context.controller.fetch(LiveList, { userId: 7 });
    const release = context.controller.retain(LiveList, { userId: 7 });
    await sse.waitForOpen(1);
    server.hold((request) => request.method === 'PATCH');
    context.clock.advance(10);
    const write = context.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'mine' });
    await server.waitForHeld(1);
    context.clock.advance(10);
    // Someone else completes the todo; the server streams it while our write is held.
    server.todos.get(1)!.completed = true;
    sse.send('todo', { ...server.todos.get(1) });
    await until(() => (slice(context.cache, context.store).entities.Todo?.['1'] as { completed?: boolean } | null)?.completed === true, 'the event');
    return { ...context, write, release };
  }

  it('an event is confirmed data beneath the pending write; the write wins when it lands', async () => {
    const { cache, store, clock, write, release } = await pendingWrite();
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ title: 'one', completed: true });
    // The user's change stays visible, recomputed over the event's data.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'mine', completed: true });
    await server.releaseAll();
    await write;
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'mine', completed: true });
    expect(slice(cache, store).optimistic).toEqual([]);
    // The list in use holds the todo the event brought during the write: it is refetched.
    await until(() => server.count('GET', '/todos') === 2 && Object.keys(slice(cache, store).inflight).length === 0, 'the revalidation');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'mine', completed: true });
    // Events keep arriving after the write.
    clock.advance(10);
    sse.send('todo', { id: 1, title: 'renamed', userId: 7 });
    await until(() => cache.selectEntity(store.getState(), Todo, 1)?.title === 'renamed', 'the later event');
    release();
  });

  it("a failed write rolls back onto the event's data", async () => {
    const { cache, store, write, release } = await pendingWrite();
    await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
    await expect(write).rejects.toMatchObject({ status: 500 });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'one', completed: true });
    release();
  });
});

describe('onSubscribe that misbehaves never breaks the store', () => {
  it('a throwing onSubscribe is logged with the endpoint and key; the store goes on', async () => {
    const logged = allowConsole();
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const Broken = TodoResource.get.extend({
      onSubscribe() {
        throw new Error('no socket');
      },
    });
    const release = controller.retain(Broken, { id: 1 });
    const key = Broken.key({ id: 1 });
    expect(logged).toEqual([expect.stringContaining(`[rest-slice] \`onSubscribe\` of \`${Broken.name}\` (${key}) threw`)]);
    expect(logged[0]).toContain('no socket');
    expect((await controller.fetch(Broken, { id: 1 })).title).toBe('one');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    release();
    expect(logged).toHaveLength(1);
  });

  it('a throwing cleanup and a non-function result are logged', async () => {
    const logged = allowConsole();
    const { controller } = setup();
    const TodoResource = todoResource(server.url);
    const BadCleanup = TodoResource.get.extend({
      onSubscribe: () => () => {
        throw new Error('close failed');
      },
    });
    controller.retain(BadCleanup, { id: 1 })();
    expect(logged).toEqual([expect.stringContaining('the cleanup returned by `onSubscribe` of')]);
    const Odd = TodoResource.get.extend({ onSubscribe: () => 42 as never });
    controller.retain(Odd, { id: 2 })();
    expect(logged[1]).toContain('should return a cleanup function or nothing, got number');
  });

  it('an async onSubscribe: its cleanup runs when the last user leaves, also when that was before it resolved', async () => {
    const { controller } = setup();
    const TodoResource = todoResource(server.url);
    const cleaned: number[] = [];
    const Async = TodoResource.get.extend({
      async onSubscribe(_controller: LiveController, params: { id: number }) {
        await Promise.resolve();
        return () => cleaned.push(params.id);
      },
    });
    const early = controller.retain(Async, { id: 1 });
    early();
    await until(() => cleaned.length === 1, 'the late cleanup');
    const late = controller.retain(Async, { id: 2 });
    await Promise.resolve();
    await Promise.resolve();
    late();
    expect(cleaned).toEqual([1, 2]);
  });
});
