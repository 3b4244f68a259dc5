// The reducers' guards that keep a late or replayed action from undoing newer state: the newest
// result wins, a reset drops what was started before it, pending optimistic updates stay in
// `fetchedAt` order and each outcome removes exactly its own update. Each guard is driven through
// the public slice API (`cache.reducer` with actions made by `cache.actions.*`, as a replayed log or
// DevTools would send them) and, where a user can reach it, through a store and the test server.
import { createAction } from '@reduxjs/toolkit';
import { RestEndpoint, createRestCache, retry, type RestCacheState, type RetryPayload } from 'rest-slice';
import { setup, slice, startStoreServer, Todo, type StoreServer } from './helpers';

// With the retry feature, whose `rest/retry` the reset guard covers too.
const cache = createRestCache({ features: [retry()] });
const { actions } = cache;
const retrying = createAction<RetryPayload>(`${cache.reducerPath}/retry`);
const KEY = 'GET http://127.0.0.1/todos';
const OTHER_KEY = 'GET http://127.0.0.1/todos/2';
const request = { endpoint: 'Todo.getList', key: KEY, args: [] as unknown[] };
const error = { name: 'NetworkError', message: 'Internal Server Error', status: 500 };

function run(state: RestCacheState | undefined, ...list: Parameters<typeof cache.reducer>[1][]): RestCacheState {
  return list.reduce<RestCacheState>((current, action) => cache.reducer(current, action), state ?? cache.reducer(undefined, { type: 'init' }));
}

type ResponsePayload = Parameters<typeof actions.setResponse>[0];

function setResponse(fetchedAt: number, result: unknown, extra: { key?: string; requestId?: string; title?: string } = {}) {
  const rows: ResponsePayload['entities'] = extra.title === undefined ? {} : { Todo: { '1': { id: 1, title: extra.title } } };
  const rowsMeta: ResponsePayload['entitiesMeta'] = extra.title === undefined ? {} : { Todo: { '1': { fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 60_000 } } };
  return actions.setResponse({
    ...request,
    key: extra.key ?? KEY,
    fetchedAt,
    date: fetchedAt,
    expiresAt: fetchedAt + 60_000,
    result,
    entities: rows,
    entitiesMeta: rowsMeta,
    ...(extra.requestId !== undefined ? { requestId: extra.requestId } : {}),
  });
}

function setError(fetchedAt: number, extra: { key?: string; requestId?: string } = {}) {
  return actions.setError({
    ...request,
    key: extra.key ?? KEY,
    fetchedAt,
    date: fetchedAt,
    expiresAt: fetchedAt + 1_000,
    error,
    ...(extra.requestId !== undefined ? { requestId: extra.requestId } : {}),
  });
}

function optimistic(fetchedAt: number, requestId: string, key = KEY) {
  return actions.optimistic({ ...request, key, fetchedAt, requestId });
}

/** The pending updates as `requestId@fetchedAt`, in the order they apply. */
function pending(state: RestCacheState): string[] {
  return state.optimistic.map((entry) => `${entry.requestId}@${entry.fetchedAt}`);
}

describe('the newest result wins (setResponse, setError)', () => {
  it('a response of an older fetch merges its rows but keeps the newer result and meta', () => {
    const state = run(undefined, setResponse(200, ['3']), setResponse(100, ['1', '2'], { title: 'from the older fetch' }));
    expect(state.endpoints[KEY]).toEqual(['3']);
    expect(state.meta[KEY]).toEqual({ fetchedAt: 200, date: 200, expiresAt: 60_200 });
    // Its entity rows are still written (they were merged by fetchedAt before the action).
    expect(state.entities.Todo?.['1']).toEqual({ id: 1, title: 'from the older fetch' });
  });

  it('a response with the same fetchedAt as the stored one replaces it (the later one lands last)', () => {
    const state = run(undefined, setResponse(200, ['1']), setResponse(200, ['2']));
    expect(state.endpoints[KEY]).toEqual(['2']);
  });

  it('an error of an older fetch does not touch the newer result’s meta', () => {
    const state = run(undefined, setResponse(200, ['3']), setError(100));
    expect(state.meta[KEY]).toEqual({ fetchedAt: 200, date: 200, expiresAt: 60_200 });
  });

  it('an error with the same fetchedAt as the stored result is recorded, keeping that fetchedAt', () => {
    const state = run(undefined, setResponse(200, ['3']), setError(200));
    expect(state.meta[KEY]).toEqual({ fetchedAt: 200, date: 200, expiresAt: 1_200, error });
    expect(state.endpoints[KEY]).toEqual(['3']);
  });

  describe('through a store', () => {
    let server: StoreServer;
    beforeEach(async () => {
      server = await startStoreServer();
      server.seedTodos([
        { id: 1, title: 'one' },
        { id: 2, title: 'two' },
      ]);
    });
    afterEach(() => server.close());

    const listOf = (url: string) => new RestEndpoint({ urlPrefix: url, path: '/todos', schema: [Todo], name: 'Todo.list' });

    it('a GET answered after a newer `controller.setResponse` leaves the set result in place', async () => {
      const { controller, store, clock } = setup();
      const list = listOf(server.url);
      server.hold();
      const fetched = controller.fetch(list);
      await server.waitForHeld(1);
      clock.advance(10);
      await controller.setResponse(list, {}, [{ id: 3, title: 'three' }]);
      await server.releaseAll();
      // The caller of the older fetch gets its own response...
      expect((await fetched).map((todo) => todo.id)).toEqual([1, 2]);
      // ...but the store keeps the newer result.
      expect(controller.getResponse(list, store.getState()).data?.map((todo) => todo.id)).toEqual([3]);
    });

    it('a GET failing after a newer `controller.setResponse` stores no error', async () => {
      const { controller, store, clock } = setup();
      const list = listOf(server.url);
      server.hold();
      const fetched = controller.fetch(list);
      await server.waitForHeld(1);
      clock.advance(10);
      await controller.setResponse(list, {}, [{ id: 3, title: 'three' }]);
      await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
      await expect(fetched).rejects.toMatchObject({ status: 500 });
      expect(controller.getError(list, store.getState())).toBeUndefined();
      expect(controller.getResponse(list, store.getState()).data?.map((todo) => todo.id)).toEqual([3]);
    });
  });
});

describe('a reset drops actions of fetches started before it', () => {
  const RESET = 1_000;
  const afterReset = () => run(undefined, setResponse(10, ['1'], { title: 'before' }), actions.reset({ date: RESET }));

  it('each reducer ignores an action stamped before the reset (the state stays the very same object)', () => {
    const base = afterReset();
    const late = RESET - 1;
    const stale = [
      actions.fetch({ ...request, fetchedAt: late, optimistic: true }),
      optimistic(late, 'r1'),
      setResponse(late, ['1'], { title: 'late' }),
      setError(late),
      retrying({ ...request, fetchedAt: late, requestId: 'r1', attempt: 2, error }),
      actions.abort({ ...request, fetchedAt: late, requestId: 'r1' }),
      actions.set({ schema: 'Todo', args: [{ id: 1 }], fetchedAt: late, entities: { Todo: { '1': { id: 1, title: 'late' } } }, entitiesMeta: { Todo: { '1': { fetchedAt: late, date: late, expiresAt: late + 1 } } } }),
    ];
    for (const action of stale) expect({ type: action.type, same: cache.reducer(base, action) === base }).toEqual({ type: action.type, same: true });
    expect(run(base, ...stale)).toEqual(run(undefined, actions.reset({ date: RESET })));
  });

  it('each reducer applies an action stamped at the reset itself (the guard is strictly "before")', () => {
    const base = afterReset();
    expect(run(base, actions.fetch({ ...request, fetchedAt: RESET, optimistic: true })).inflight).toEqual({ [KEY]: RESET });
    expect(pending(run(base, optimistic(RESET, 'r1')))).toEqual([`r1@${RESET}`]);
    expect(run(base, setResponse(RESET, ['2'])).endpoints[KEY]).toEqual(['2']);
    expect(run(base, setError(RESET)).meta[KEY]?.error).toEqual(error);
    expect(run(base, retrying({ ...request, fetchedAt: RESET, requestId: 'r1', attempt: 2, error })).retrying?.[KEY]?.attempt).toBe(2);
    const set = actions.set({ schema: 'Todo', args: [{ id: 1 }], fetchedAt: RESET, entities: { Todo: { '1': { id: 1, title: 'set' } } }, entitiesMeta: { Todo: { '1': { fetchedAt: RESET, date: RESET, expiresAt: RESET + 1 } } } });
    expect(run(base, set).entities.Todo?.['1']).toEqual({ id: 1, title: 'set' });
    // An abort at the reset's stamp removes that fetch's in-flight mark and update.
    const started = run(base, actions.fetch({ ...request, fetchedAt: RESET, optimistic: true }), optimistic(RESET, 'r1'));
    const aborted = run(started, actions.abort({ ...request, fetchedAt: RESET, requestId: 'r1' }));
    expect({ inflight: aborted.inflight, optimistic: aborted.optimistic }).toEqual({ inflight: {}, optimistic: [] });
  });

  it('a replayed log with a response that landed after the reset shows the empty cache, with no request in flight', () => {
    const log = [
      actions.fetch({ ...request, fetchedAt: 10, optimistic: false, sideEffect: false }),
      actions.reset({ date: 20 }),
      setResponse(10, ['1'], { title: 'before the reset' }),
    ];
    const state = run(undefined, ...log);
    expect(state).toEqual(run(undefined, actions.reset({ date: 20 })));
  });
});

describe('pending optimistic updates', () => {
  it('are kept in fetchedAt order, whatever order they were dispatched in', () => {
    const state = run(undefined, optimistic(300, 'c'), optimistic(100, 'a'), optimistic(200, 'b'));
    expect(pending(state)).toEqual(['a@100', 'b@200', 'c@300']);
  });

  it('with equal fetchedAt keep their dispatch order', () => {
    const state = run(undefined, optimistic(100, 'a'), optimistic(200, 'b1'), optimistic(200, 'b2'), optimistic(100, 'a2'), optimistic(200, 'b3'));
    expect(pending(state)).toEqual(['a@100', 'a2@100', 'b1@200', 'b2@200', 'b3@200']);
  });

  it('the view applies them in that order: with a clock that went back, the later-stamped update shows', async () => {
    const server = await startStoreServer();
    try {
      server.seedTodos([{ id: 1, title: 'one' }]);
      const { cache: storeCache, store, controller, clock } = setup();
      const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'Todo.get' });
      const rename = get.extend({ method: 'PATCH', name: 'Todo.rename', getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { title: string }) => ({ id: params.id, ...body }) });
      await controller.fetch(get, { id: 1 });
      server.hold();
      clock.advance(100);
      const later = controller.fetch(rename, { id: 1 }, { title: 'stamped later' });
      clock.advance(-50);
      const earlier = controller.fetch(rename, { id: 1 }, { title: 'stamped earlier' });
      expect(pending(slice(storeCache, store)).map((entry) => entry.split('@')[1])).toEqual([String(clock.now()), String(clock.now() + 50)]);
      expect(storeCache.selectEntity(store.getState(), Todo, 1)?.title).toBe('stamped later');
      await server.waitForHeld(2);
      await server.releaseAll();
      await Promise.all([later, earlier]);
    } finally {
      await server.close();
    }
  });

  it('two updates dispatched in one millisecond show the second one', async () => {
    const server = await startStoreServer();
    try {
      server.seedTodos([{ id: 1, title: 'one' }]);
      const { cache: storeCache, store, controller } = setup();
      const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'Todo.get' });
      const rename = get.extend({ method: 'PATCH', name: 'Todo.rename', getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { title: string }) => ({ id: params.id, ...body }) });
      await controller.fetch(get, { id: 1 });
      server.hold();
      const first = controller.fetch(rename, { id: 1 }, { title: 'first' });
      const second = controller.fetch(rename, { id: 1 }, { title: 'second' });
      expect(storeCache.selectEntity(store.getState(), Todo, 1)?.title).toBe('second');
      await server.waitForHeld(2);
      await server.releaseAll();
      await Promise.all([first, second]);
      expect(storeCache.selectEntity(store.getState(), Todo, 1)?.title).toBe('second');
    } finally {
      await server.close();
    }
  });

  describe('an outcome removes exactly its own update (key, fetchedAt and request id)', () => {
    it('not one of another key with the same fetchedAt', () => {
      const base = run(undefined, optimistic(100, 'other', OTHER_KEY), optimistic(100, 'mine'));
      // `controller.setResponse`/`setError` carry no request id: key and fetchedAt pair them.
      expect(pending(run(base, setResponse(100, ['1'])))).toEqual(['other@100']);
      expect(pending(run(base, setError(100)))).toEqual(['other@100']);
    });

    it('not one of the same key with another fetchedAt', () => {
      const base = run(undefined, optimistic(100, 'older'), optimistic(200, 'mine'));
      expect(pending(run(base, setResponse(200, ['1'])))).toEqual(['older@100']);
      expect(pending(run(base, setError(200)))).toEqual(['older@100']);
    });

    it('not one of the same key and fetchedAt with another request id', () => {
      const base = run(undefined, optimistic(100, 'first'), optimistic(100, 'second'));
      expect(pending(run(base, setResponse(100, ['1'], { requestId: 'second' })))).toEqual(['first@100']);
      expect(pending(run(base, setError(100, { requestId: 'second' })))).toEqual(['first@100']);
      expect(pending(run(base, actions.abort({ ...request, fetchedAt: 100, requestId: 'second' })))).toEqual(['first@100']);
    });

    it('and an outcome without a request id removes the first update of its key and fetchedAt', () => {
      const base = run(undefined, optimistic(100, 'first'), optimistic(100, 'second'));
      expect(pending(run(base, setResponse(100, ['1'])))).toEqual(['second@100']);
    });
  });
});
