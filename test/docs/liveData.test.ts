// docs/live-data.md: its Server-Sent Events recipe, run as written against a local REST server and a real SSE
// stream, does what the page says. Node 20 has no global EventSource: a small one over `fetch` stands in.
import { live as liveFeature, type Entity } from 'rest-slice';
import { openEventStream, startSseServer, type SseServer } from '../helpers/sse';
import { setup, slice, startStoreServer, until, type StoreServer } from '../store/helpers';
import { runRecipe } from './recipes';

const PAGE = 'live-data.md';

let server: StoreServer;
let sse: SseServer;

/** The part of the browser's EventSource the recipe uses; the stream is served by `sse` at the same path. */
class TestEventSource {
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();
  readonly close: () => void;
  constructor(url: string) {
    this.close = openEventStream(url.replace(server.url, sse.url), ({ event, data }) => {
      for (const listener of this.listeners.get(event) ?? []) listener({ data });
    });
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
}

beforeEach(async () => {
  server = await startStoreServer();
  sse = await startSseServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 7 },
    { id: 2, title: 'two', userId: 7 },
  ]);
  (globalThis as { EventSource?: unknown }).EventSource = TestEventSource;
});
afterEach(async () => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  await server.close();
  await sse.close();
});

// The recipes are evaluated at run time: their exports are read loosely here (the page itself is type-checked by codeBlocks.test.ts).
type AnyEndpoint = any;

/** A todo as the tests read it from a recipe's endpoints. */
interface Row {
  id: number;
  title: string;
}

async function live() {
  const recipe = await runRecipe<{ Todo: typeof Entity; TodoResource: Record<'get' | 'partialUpdate', AnyEndpoint>; LiveTodos: AnyEndpoint }>(
    PAGE,
    'live.ts',
    server.url,
  );
  // The page's endpoint sets onSubscribe: the cache needs the live feature.
  const context = setup({ features: [liveFeature()] });
  const titles = () =>
    (context.controller.getResponse(recipe.LiveTodos, { userId: 7 }, context.store.getState()).data as Row[] | undefined)?.map((todo) => `${todo.id}:${todo.title}`);
  return { ...recipe, ...context, titles };
}

describe('onSubscribe with Server-Sent Events', () => {
  it('opens one stream while the list has users; events update, remove and add; the last user leaving closes it', async () => {
    const { Todo, TodoResource, LiveTodos, cache, store, controller, titles } = await live();
    const first = controller.retain(LiveTodos, { userId: 7 });
    const second = controller.retain(LiveTodos, { userId: 7 });
    await controller.fetch(LiveTodos, { userId: 7 });
    await controller.fetch(TodoResource.get, { id: 1 });
    await sse.waitForOpen(1);
    expect(sse.opened).toEqual(['/todos/events?userId=7']);

    server.todos.get(1)!.title = 'renamed';
    sse.send('todo', { id: 1, title: 'renamed', userId: 7 });
    await until(() => (cache.selectEntity(store.getState(), Todo, 1) as Row | undefined)?.title === 'renamed', 'the todo event');
    expect(titles()).toEqual(['1:renamed', '2:two']);
    expect((controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data as Row).title).toBe('renamed');

    server.todos.delete(2);
    sse.send('deleted', { id: 2 });
    await until(() => titles()?.length === 1, 'the deleted event');
    expect(titles()).toEqual(['1:renamed']);

    server.seedTodos([{ id: 3, title: 'three', userId: 7 }]);
    sse.send('created', { id: 3 });
    await until(() => titles()?.length === 2, 'the refetch after the created event');
    expect(titles()).toEqual(['1:renamed', '3:three']);
    expect(server.count('GET', '/todos')).toBe(2);

    first();
    expect(sse.open()).toBe(1);
    second();
    await sse.waitForOpen(0);
    expect(sse.opened).toHaveLength(1);
    expect(slice(cache, store).optimistic).toEqual([]);
  });
});

describe('events and the user’s pending changes', () => {
  async function pendingRename() {
    const context = await live();
    const { LiveTodos, TodoResource, controller, clock } = context;
    const release = controller.retain(LiveTodos, { userId: 7 });
    await controller.fetch(LiveTodos, { userId: 7 });
    await sse.waitForOpen(1);
    server.hold((request) => request.method === 'PATCH');
    clock.advance(10);
    const saving = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'mine' });
    await server.waitForHeld(1);
    // Someone else completes it; the stream says so while the rename is saving.
    server.todos.get(1)!.completed = true;
    clock.advance(10);
    sse.send('todo', { ...server.todos.get(1) });
    await until(() => (slice(context.cache, context.store).entities.Todo?.['1'] as { completed?: boolean } | null)?.completed === true, 'the event');
    return { ...context, saving, release };
  }

  it('the rename stays on screen over the event, and the rename’s answer lands over it', async () => {
    const { Todo, cache, store, saving, release } = await pendingRename();
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'mine', completed: true });
    await server.releaseAll();
    await saving;
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'mine', completed: true });
    release();
  });

  it('a failed rename rolls back onto the event’s data', async () => {
    const { Todo, cache, store, saving, release } = await pendingRename();
    await server.held[0].releaseWith({ status: 500, json: {} });
    await expect(saving).rejects.toMatchObject({ status: 500 });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'one', completed: true });
    release();
  });
});
