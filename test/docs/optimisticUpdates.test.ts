// docs/optimistic-updates.md: its recipes, run as written against a local server, do what the page says.
import type { Entity } from 'rest-slice';
import { counterRoutes, setup, slice, startStoreServer, type StoreServer } from '../store/helpers';
import { runRecipe } from './recipes';

const PAGE = 'optimistic-updates.md';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'Write docs', userId: 7 }]);
});
afterEach(() => server.close());

// The recipes are evaluated at run time: their exports are read loosely here (the page itself is type-checked by codeBlocks.test.ts).
type AnyEndpoint = any;

/** A todo as the tests read it from a recipe's endpoints. */
interface Row {
  id: number;
  title: string;
}
type Resource = Record<'get' | 'partialUpdate' | 'delete', AnyEndpoint> & { getList: AnyEndpoint & { push: AnyEndpoint } };
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { status?: number }) => `rejected ${error.status}`,
  );

describe('what happens to one update', () => {
  it('shows before any await, and a failure removes it and records the error', async () => {
    const { Todo, TodoResource } = await runRecipe<{ Todo: typeof Entity; TodoResource: Resource }>(PAGE, 'resources.ts', server.url);
    const { cache, store, controller } = setup();
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const saving = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Write docs', completed: true });
    expect(slice(cache, store).entities.Todo?.['1']).toMatchObject({ completed: false });
    expect(slice(cache, store).optimistic.map(({ endpoint, args }) => ({ endpoint, args }))).toEqual([
      { endpoint: 'Todo.partialUpdate', args: [{ id: 1 }, { completed: true }] },
    ]);
    await server.waitForHeld(1);
    await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
    const error = await saving.then(
      () => undefined,
      (e: unknown) => e,
    );
    // Right after the rejection: rolled back, and the error is the request's.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ completed: false });
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(controller.getError(TodoResource.partialUpdate, { id: 1 }, store.getState())).toBe(error);
    expect(error).toMatchObject({ status: 500 });
  });

  it('partialUpdate of an item not cached shows nothing until the answer lands', async () => {
    const { Todo, TodoResource } = await runRecipe<{ Todo: typeof Entity; TodoResource: Resource }>(PAGE, 'resources.ts', server.url);
    const { cache, store, controller } = setup();
    server.hold();
    const saving = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    await server.waitForHeld(1);
    await server.releaseAll();
    await saving;
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Write docs', completed: true });
  });
});

describe('increments', () => {
  async function counters() {
    counterRoutes(server);
    const recipe = await runRecipe<{ Counter: typeof Entity; getCounter: AnyEndpoint; increment: AnyEndpoint }>(PAGE, 'counter.ts', server.url);
    return { ...recipe, ...setup() };
  }

  it('two quick clicks from 0 show 2 at once; when the first fails, the view shows 1, not 2', async () => {
    const { Counter, getCounter, increment, cache, store, controller, clock } = await counters();
    await controller.fetch(getCounter, { id: 1 });
    server.hold();
    clock.advance(1);
    const first = outcome(controller.fetch(increment, { id: 1 }));
    clock.advance(1);
    const second = outcome(controller.fetch(increment, { id: 1 }));
    expect(cache.selectEntity(store.getState(), Counter, 1)).toMatchObject({ count: 2 });
    await server.waitForHeld(2);
    await server.held[0].releaseWith({ status: 500, json: { message: 'lost' } });
    expect(await first).toBe('rejected 500');
    expect(cache.selectEntity(store.getState(), Counter, 1)).toMatchObject({ count: 1 });
    await server.held[0].release();
    expect(await second).toBe('resolved');
    expect(cache.selectEntity(store.getState(), Counter, 1)).toMatchObject({ count: 1 });
  });

  it('AbortOptimistic: a counter not loaded shows nothing, and the request still runs', async () => {
    const { Counter, increment, cache, store, controller } = await counters();
    server.hold();
    const done = controller.fetch(increment, { id: 1 });
    expect(cache.selectEntity(store.getState(), Counter, 1)).toBeUndefined();
    await server.waitForHeld(1);
    expect(server.count('POST', '/counters/1/increment')).toBe(1);
    await server.releaseAll();
    await done;
    expect(cache.selectEntity(store.getState(), Counter, 1)).toMatchObject({ count: 1 });
  });
});

describe('creates and temporary ids', () => {
  it('the list shows the new todo at once under a temporary id, then the server copy in its place, with no leftover', async () => {
    const { TodoResource, createTodo } = await runRecipe<{ TodoResource: Resource; createTodo: AnyEndpoint }>(PAGE, 'create.ts', server.url);
    const { cache, store, controller, clock } = setup();
    const list = () => (controller.getResponse(TodoResource.getList, store.getState()).data as Row[] | undefined)?.map((todo) => `${todo.id}:${todo.title}`);
    await controller.fetch(TodoResource.getList);
    server.hold();
    const created = controller.fetch(createTodo, { title: 'New' });
    expect(list()).toEqual(['1:Write docs', `${-clock.now()}:New`]);
    await server.waitForHeld(1);
    // The temporary id is not sent.
    expect(server.held[0].request.body).toEqual({ title: 'New' });
    await server.releaseAll();
    expect(await created).toMatchObject({ id: 1000, title: 'New' });
    expect(list()).toEqual(['1:Write docs', '1000:New']);
    expect(Object.keys(slice(cache, store).entities.Todo ?? {}).sort()).toEqual(['1', '1000']);
  });
});

describe('reads never outrank a write in flight', () => {
  it('a read answered during the write lands beneath it; a failed write rolls back onto the read', async () => {
    const { Todo, TodoResource } = await runRecipe<{ Todo: typeof Entity; TodoResource: Resource }>(PAGE, 'resources.ts', server.url);
    const { cache, store, controller, clock } = setup();
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    clock.advance(10);
    const saving = outcome(controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Mine' }));
    // Someone else completes it; a refetch brings that while the save is held.
    server.todos.get(1)!.completed = true;
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await server.held.find((held) => held.request.method === 'GET')!.release();
    await read;
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Mine', completed: true });
    await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
    expect(await saving).toBe('rejected 500');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Write docs', completed: true });
  });

  it('without the updatedAt recipe, a read triggered during the write but answered after it wins', async () => {
    const { Todo, TodoResource } = await runRecipe<{ Todo: typeof Entity; TodoResource: Resource }>(PAGE, 'resources.ts', server.url);
    const { cache, store, controller, clock } = setup();
    await controller.fetch(TodoResource.get, { id: 1 });
    const old = { ...server.todos.get(1) };
    server.hold();
    clock.advance(10);
    const saving = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Mine' });
    clock.advance(10);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await server.held.find((held) => held.request.method === 'PATCH')!.release();
    await saving;
    // The read, computed before the server saved the write, is delivered late.
    await server.held[0].releaseWith({ json: old });
    await read;
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Write docs' });
  });
});

describe('the updatedAt recipe', () => {
  async function ordered() {
    server.orderByUpdatedAt = true;
    const recipe = await runRecipe<{ Todo: typeof Entity; TodoResource: Resource }>(PAGE, 'ordered.ts', server.url);
    // One client clock stamps both fetchedAt and the bodies' updatedAt (the recipe reads `Date.now`), as in an
    // app; here it is the test's clock.
    const made = setup();
    jest.spyOn(Date, 'now').mockImplementation(made.clock.now);
    return { ...recipe, ...made };
  }

  it('two saves processed in reverse order end, on the server and in the cache, on the save made last', async () => {
    const { Todo, TodoResource, cache, store, controller, clock } = await ordered();
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const first = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'first' });
    clock.advance(1); // two distinct client timestamps
    const second = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'second' });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'second' });
    await server.waitForHeld(2);
    const held = (title: string) => server.held.find((request) => request.request.body.title === title)!;
    const firstStamp = held('first').request.body.updatedAt as number;
    const secondStamp = held('second').request.body.updatedAt as number;
    expect(firstStamp).toBeLessThan(secondStamp);
    // The server processes the second save first, then refuses the older first one.
    await held('second').release();
    await second;
    await held('first').release();
    expect(await first).toMatchObject({ title: 'second' });
    expect(server.todos.get(1)).toMatchObject({ title: 'second', updatedAt: secondStamp });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'second', updatedAt: secondStamp });
  });

  it('a read triggered during the write but answered after it with an older updatedAt is ignored', async () => {
    const { Todo, TodoResource, cache, store, controller, clock } = await ordered();
    await controller.fetch(TodoResource.get, { id: 1 });
    const old = { ...server.todos.get(1) };
    server.hold();
    clock.advance(1);
    const saving = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Mine' });
    clock.advance(1);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(2);
    await server.held.find((held) => held.request.method === 'PATCH')!.release();
    await saving;
    await server.held[0].releaseWith({ json: old });
    await read;
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Mine' });
  });
});

describe('what shows nothing', () => {
  it('a getOptimisticResponse that throws another error fails the fetch with that error, and nothing is sent', async () => {
    const { Todo, TodoResource } = await runRecipe<{ Todo: typeof Entity; TodoResource: Resource }>(PAGE, 'resources.ts', server.url);
    const oops = new Error('oops');
    const broken = TodoResource.partialUpdate.extend({
      name: 'Todo.broken',
      getOptimisticResponse() {
        throw oops;
      },
    });
    const { cache, store, controller } = setup();
    await controller.fetch(TodoResource.get, { id: 1 });
    await expect(controller.fetch(broken, { id: 1 }, { title: 'Mine' })).rejects.toBe(oops);
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Write docs' });
    expect(controller.getError(broken, { id: 1 }, store.getState())).toBe(oops);
    expect(server.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });
});
