// The `updaters()` feature: Data Client's `update` endpoint option. A response changes other stored
// results through an updater per request key, and so does its optimistic response, which rolls back with it.
import { RestEndpoint, createRestCache, updaters } from 'rest-slice';
import { updaterEndpoints } from './updaterEndpoints';
import { expectWarnings, makeClock, makeStore, slice, storeServerForEachTest, Todo } from '../store/helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);
beforeEach(() => server.route('GET', '/done', () => ({ json: [] })));

function setupUpdaters() {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, features: [updaters()] });
  const store = makeStore(cache);
  return { clock, cache, store, controller: cache.controller(store) };
}

const endpoints = (options: { optimistic?: boolean } = {}) => updaterEndpoints(server.url, options);

const titles = (todos: readonly Todo[] | undefined) => todos?.map((todo) => todo.title);

describe('updaters()', () => {
  it("a create adds its new item to the lists its `update` names, with no refetch", async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list, done, create } = endpoints();
    await controller.fetch(list);
    const created = await controller.fetch(create, { title: 'three' });
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'three']);
    // A list never fetched gets its result from the updater's default (Data Client's eager create).
    expect(titles(controller.getResponse(done, store.getState()).data)).toEqual(['three']);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /todos', 'POST /todos']);
    // The action carried the updaters' results as plain JSON, so the state is what a replayed log rebuilds.
    expect(slice(cache, store).endpoints[list.key()]).toEqual(['1', '2', String(created.id)]);
  });

  it('the optimistic response shows in the lists at once; a failure rolls it back, and the lists are as before', async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list, create } = endpoints({ optimistic: true });
    await controller.fetch(list);
    const before = slice(cache, store).endpoints;
    server.route('POST', '/todos', () => ({ status: 500, json: { message: 'down' } }));
    const saving = controller.fetch(create, { id: 99, title: 'pending' });
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'pending']);
    await expect(saving).rejects.toMatchObject({ status: 500 });
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two']);
    expect(slice(cache, store).endpoints).toBe(before);
  });

  it('is recomputed over what lies beneath: a list refetched during the write keeps the pending item on top, and the answer lands on it', async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list, create } = endpoints({ optimistic: true });
    await controller.fetch(list);
    server.hold((request) => request.method === 'POST');
    const saving = controller.fetch(create, { id: 99, title: 'pending' });
    await server.waitForHeld(1);
    // Someone else added a todo; the refetched list lands beneath the pending create.
    server.seedTodos([{ id: 50, title: 'theirs' }]);
    await controller.fetch(list);
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'theirs', 'pending']);
    server.hold(false);
    await server.releaseAll();
    await saving;
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'theirs', 'pending']);
    expect(slice(cache, store).optimistic).toEqual([]);
  });

  it('two pending creates stack; when the first fails, the second stays shown', async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list, create } = endpoints({ optimistic: true });
    await controller.fetch(list);
    server.hold((request) => request.method === 'POST');
    const first = controller.fetch(create, { id: 98, title: 'first' });
    const second = controller.fetch(create, { id: 99, title: 'second' });
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'first', 'second']);
    await server.waitForHeld(2);
    server.hold(false);
    server.route('POST', '/todos', (request) =>
      (request.body as { title: string }).title === 'first' ? { status: 400, json: { message: 'no' } } : { status: 201, json: { ...(request.body as object), id: 3 } },
    );
    await server.releaseAll();
    await expect(first).rejects.toMatchObject({ status: 400 });
    await second;
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'second']);
  });

  it('an updater gets a copy: one that changes its argument in place leaves the stored result alone', async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list } = endpoints();
    await controller.fetch(list);
    const stored = slice(cache, store).endpoints[list.key()];
    const create = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos',
      method: 'POST',
      schema: Todo,
      update: (newId: string) => ({
        [list.key()]: (ids: string[]) => {
          ids.push(newId);
          return ids;
        },
      }),
    });
    await controller.fetch(create, { title: 'three' });
    expect(stored).toEqual(['1', '2']);
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'three']);
  });

  it('an updater that throws or returns no JSON is skipped with a warning naming it; the response and the other updaters land', async () => {
    const warn = expectWarnings();
    const { cache, store, controller } = setupUpdaters();
    const { list, done } = endpoints();
    await controller.fetch(list);
    const create = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos',
      method: 'POST',
      schema: Todo,
      name: 'Todo.badCreate',
      update: (newId: string) => ({
        [list.key()]: () => {
          throw new Error('broken updater');
        },
        [done.key()]: () => new Map([[newId, true]]),
        'GET /other': (ids: string[] = []) => [...ids, newId],
      }),
    });
    const created = await controller.fetch(create, { title: 'three' });
    expect(created.title).toBe('three');
    expect(controller.getResponse(list, store.getState()).data).toHaveLength(2);
    expect(slice(cache, store).endpoints['GET /other']).toEqual([String(created.id)]);
    expect(slice(cache, store).endpoints[done.key()]).toBeUndefined();
    const messages = warn.mock.calls.map((call) => String(call[0]));
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`\`update\` of \`Todo.badCreate\` for ${JSON.stringify(list.key())} threw or returned data with no JSON form (broken updater)`),
        expect.stringContaining(`\`update\` of \`Todo.badCreate\` for ${JSON.stringify(done.key())} threw or returned data with no JSON form`),
      ]),
    );
    warn.mockRestore();
  });

  it('creates answered out of order: each answer adds its own item, over what the other left, and no pending update stays', async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list, create } = endpoints({ optimistic: true });
    await controller.fetch(list);
    // Both handled when they arrive, their answers held: the network returns them in the other order.
    server.hold((request) => request.method === 'POST', 'onArrival');
    const first = controller.fetch(create, { id: 98, title: 'first' });
    const second = controller.fetch(create, { id: 99, title: 'second' });
    await server.waitForHeld(2);
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'first', 'second']);
    server.hold(false);
    await server.held[1].release();
    await second;
    // The second is confirmed beneath the first, still pending on top.
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'second', 'first']);
    await server.held[0].release();
    await first;
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'second', 'first']);
    expect(slice(cache, store).optimistic).toEqual([]);
    expect(slice(cache, store).endpoints[list.key()]).toHaveLength(4);
  });

  it('an `update` that is not a function changes nothing, with a warning naming it; the response lands', async () => {
    const warn = expectWarnings();
    const { store, controller } = setupUpdaters();
    const { list, create } = endpoints();
    await controller.fetch(list);
    const broken = create.extend({ name: 'Todo.brokenUpdate', update: 5 as unknown as () => Record<string, never> });
    const created = await controller.fetch(broken, { title: 'three' });
    expect(created.title).toBe('three');
    expect(controller.getResponse(list, store.getState()).data).toHaveLength(2);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('`update` of `Todo.brokenUpdate` should be a function `(result, ...args) => ({ [key]: updater })`, got a number; no result is changed.'),
    ]);
    warn.mockRestore();
  });

  it('runs for controller.setResponse too, as in Data Client', async () => {
    const { cache, store, controller } = setupUpdaters();
    const { list, create } = endpoints();
    await controller.fetch(list);
    await controller.setResponse(create, { title: 'streamed' }, { id: 7, title: 'streamed' });
    expect(titles(controller.getResponse(list, store.getState()).data)).toEqual(['one', 'two', 'streamed']);
    expect(server.count('POST')).toBe(0);
  });
});

describe('updaters() and garbage collection', () => {
  it('a result written only by an updater goes when unused, and keeps no row from being collected', async () => {
    const clock = makeClock();
    const cache = createRestCache({ now: clock.now, keepUnusedDataFor: 1_000, features: [updaters()] });
    const store = makeStore(cache);
    const controller = cache.controller(store);
    const { create } = endpoints();
    const other = `GET ${server.url}/elsewhere`;
    const tagged = create.extend({ update: (newId: string) => ({ [other]: (ids: string[] = []) => [...ids, newId] }) });
    const created = await controller.fetch(tagged, { title: 'three' });
    expect(slice(cache, store).endpoints[other]).toEqual([String(created.id)]);
    // Kept keepUnusedDataFor after it was written, as a response is after it landed.
    clock.advance(999);
    await controller.gc();
    expect(slice(cache, store).endpoints[other]).toEqual([String(created.id)]);
    clock.advance(1);
    await controller.gc();
    const state = slice(cache, store);
    // The create's own result and the written one are both unused: both go, and the row with them.
    expect(state.endpoints).toEqual({});
    expect(Object.keys(state.entities.Todo ?? {})).toEqual([]);
  });
});

describe("updaters()'s setResponse case (a replayed or relayed action)", () => {
  const cache = createRestCache({ features: [updaters()] });
  const base = { endpoint: 'Todo.create', key: 'POST http://127.0.0.1/todos', args: [], date: 10, expiresAt: 100, result: '3', entities: {}, entitiesMeta: {} };
  const initial = () => cache.reducer(undefined, { type: 'init' });

  it('writes the results the action carries, and nothing from a fetch started before a reset', () => {
    const written = cache.reducer(initial(), cache.actions.setResponse({ ...base, fetchedAt: 5, results: { 'GET http://127.0.0.1/todos': ['1', '3'] } }));
    expect(written.endpoints['GET http://127.0.0.1/todos']).toEqual(['1', '3']);
    const reset = cache.reducer(written, cache.actions.reset({ date: 20 }));
    const late = cache.reducer(reset, cache.actions.setResponse({ ...base, fetchedAt: 6, results: { 'GET http://127.0.0.1/todos': ['1', '3', '4'] } }));
    expect(late).toBe(reset);
  });

  it('an action whose `results` is not an object of results changes nothing beyond the core case', () => {
    const plain = cache.reducer(initial(), cache.actions.setResponse({ ...base, fetchedAt: 5 }));
    const malformed = cache.reducer(initial(), cache.actions.setResponse({ ...base, fetchedAt: 5, results: null as unknown as Record<string, unknown> }));
    expect(malformed.endpoints).toEqual(plain.endpoints);
  });
});
