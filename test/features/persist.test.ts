// persist(): the cache saved to a storage and restored by `<reducerPath>/rehydrate` when a store starts,
// against the real test server. A second store made from the same storage plays a page reload.
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  Entity,
  createResource,
  createRestCache,
  infinitePages,
  memoryStorage,
  persist,
  type PersistStorage,
  type RestCacheState,
  type RestFeature,
} from 'rest-slice';
import { deferred, expectWarnings, makeClock, makeStore, recorder, roundTrip, slice, startStoreServer, Todo, todoResource, type Clock, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3].map((id) => ({ id, title: `todo ${id}` })));
});
afterEach(() => server.close());

/** A memory storage that counts the writes of each key. */
function countingStorage() {
  const storage = memoryStorage();
  const writes: string[] = [];
  const counted: PersistStorage = {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      writes.push(key);
      return storage.setItem(key, value);
    },
    removeItem: (key) => storage.removeItem(key),
  };
  return { storage: counted, items: storage.items, writes };
}

/** One "page load": a cache with persist() on the storage, its store and controller, timers on the test's clock. */
function load(storage: PersistStorage, clock: Clock, options: { version?: number; maxAge?: number; features?: RestFeature[]; timeout?: number } = {}) {
  const persisted = persist({ storage, throttle: 100, version: options.version, maxAge: options.maxAge, timeout: options.timeout });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [...(options.features ?? []), persisted] });
  const log = recorder();
  const store = makeStore(cache, { before: [log.middleware] });
  return { persisted, cache, store, controller: cache.controller(store), log: log.log, TodoResource: todoResource(server.url) };
}

/** Waits until the writes the throttle window let through have reached the storage. */
async function flush(clock: Clock, ms = 100): Promise<void> {
  clock.advance(ms);
  // The write runs after promise ticks (the storage is async): let them pass.
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const types = (log: UnknownAction[]) => log.map((action) => action.type);

it('a reload shows the saved data at once: the fetch waits for the restore and sends no request for a fresh result', async () => {
  const clock = makeClock();
  const { storage, items } = countingStorage();
  const first = load(storage, clock);
  expect(await first.persisted.ready(first.store)).toBe('empty');
  await first.controller.fetch(first.TodoResource.getList);
  await first.controller.fetch(first.TodoResource.get, { id: 2 });
  await flush(clock);
  expect(items.has('head')).toBe(true);
  const requests = server.requests.length;

  const second = load(storage, clock);
  // Asked before the storage answered: the fetch waits, then the restored result answers it.
  const todo = await second.controller.fetch(second.TodoResource.get, { id: 2 });
  expect(todo).toEqual(expect.objectContaining({ id: 2, title: 'todo 2' }));
  expect(server.requests.length).toBe(requests);
  expect(await second.persisted.ready(second.store)).toBe('restored');
  expect(types(second.log)).toEqual(['rest/rehydrate']);
  const restored = slice(second.cache, second.store);
  const saved = slice(first.cache, first.store);
  expect(restored.entities).toEqual(saved.entities);
  expect(restored.entitiesMeta).toEqual(saved.entitiesMeta);
  expect(restored.endpoints).toEqual(saved.endpoints);
  expect(restored.meta).toEqual(saved.meta);
  expect(second.cache.selectEntity(second.store.getState(), Todo, '3')).toEqual(expect.objectContaining({ id: 3, title: 'todo 3' }));
  // fetchIfStale too: fresh, so no request.
  expect(await second.controller.fetchIfStale(second.TodoResource.getList)).toHaveLength(3);
  expect(server.requests.length).toBe(requests);
});

it('a reload after the data went stale sends the request, and the restored data shows meanwhile', async () => {
  const clock = makeClock();
  const { storage } = countingStorage();
  const first = load(storage, clock);
  await first.controller.fetch(first.TodoResource.get, { id: 1 });
  await flush(clock);
  clock.advance(120_000);
  server.todos.get(1)!.title = 'renamed';
  const second = load(storage, clock);
  const answer = second.controller.fetch(second.TodoResource.get, { id: 1 });
  await second.persisted.ready(second.store);
  expect(second.cache.selectEntity(second.store.getState(), Todo, '1')).toEqual(expect.objectContaining({ title: 'todo 1' }));
  expect(await answer).toEqual(expect.objectContaining({ id: 1, title: 'renamed' }));
  expect(server.count('GET', '/todos/1')).toBe(2);
});

it('the rehydrate payload is the slice\'s own shape, with no request in flight and only the outbox\'s optimistic updates', async () => {
  const clock = makeClock();
  const { storage } = countingStorage();
  const first = load(storage, clock);
  await first.controller.fetch(first.TodoResource.get, { id: 1 });
  server.hold();
  const inFlight = first.controller.fetch(first.TodoResource.get, { id: 3 });
  const write = first.controller.fetch(first.TodoResource.partialUpdate, { id: 1 }, { title: 'optimistic' });
  await server.waitForHeld(2);
  expect(Object.keys(slice(first.cache, first.store).inflight)).toHaveLength(2);
  expect(slice(first.cache, first.store).optimistic).toHaveLength(1);
  await flush(clock);

  const second = load(storage, clock);
  await second.persisted.ready(second.store);
  const rehydrate = second.log.find((action) => action.type === 'rest/rehydrate') as UnknownAction & { payload: object };
  const saved = slice(first.cache, first.store);
  expect(rehydrate.payload).toEqual({
    entities: saved.entities,
    entitiesMeta: saved.entitiesMeta,
    endpoints: saved.endpoints,
    meta: saved.meta,
    lastReset: 0,
    optimistic: [],
  });
  const restored = slice(second.cache, second.store);
  expect(restored.inflight).toEqual({});
  expect(restored.optimistic).toEqual([]);
  // The optimistic title is not in the restored rows: only confirmed data is.
  expect(second.cache.selectEntity(second.store.getState(), Todo, '1')).toEqual(expect.objectContaining({ title: 'todo 1' }));
  await server.releaseAll();
  await Promise.all([inFlight, write]);
});

/**
 * The outbox's side of the protocol, as small as it gets: a write it keeps is marked by `outbox: <entry id>` on
 * its optimistic update, and its own state is `state.outbox`, a list of entries (persist checks each has the
 * members the outbox reads). Marking is a case of its own (`rest/keep`).
 */
function keepingOutbox(): RestFeature {
  return {
    name: 'outbox',
    reducers: {
      keep: (state, action) => {
        const { requestId, id } = action.payload as { requestId: string; id: string };
        const marked = state.optimistic.find((entry) => entry.requestId === requestId)!;
        const optimistic = state.optimistic.map((entry) => (entry === marked ? { ...entry, outbox: id } : entry));
        const { endpoint, key, args, fetchedAt } = marked;
        const entry = { id, endpoint, key, args, fetchedAt, requestId, runAt: fetchedAt, idempotencyKey: `key-${id}`, attempts: 0, status: 'pending' };
        const outbox = [...((state as { outbox?: unknown[] }).outbox ?? []), entry];
        return { ...state, optimistic, outbox } as unknown as RestCacheState;
      },
    },
  };
}

it('optimistic updates of the outbox (marked `outbox`) and the outbox state are saved and restored; others are not', async () => {
  const clock = makeClock();
  const { storage } = countingStorage();
  const first = load(storage, clock, { features: [keepingOutbox()] });
  await first.controller.fetch(first.TodoResource.getList);
  server.hold();
  const kept = first.controller.fetch(first.TodoResource.partialUpdate, { id: 1 }, { title: 'kept' });
  clock.advance(1);
  const other = first.controller.fetch(first.TodoResource.partialUpdate, { id: 2 }, { title: 'not kept' });
  await server.waitForHeld(2);
  const [keptEntry, otherEntry] = slice(first.cache, first.store).optimistic;
  first.store.dispatch({ type: 'rest/keep', payload: { requestId: keptEntry.requestId, id: 'w1' } });
  await flush(clock);

  const second = load(storage, clock, { features: [keepingOutbox()] });
  await second.persisted.ready(second.store);
  const restored = slice(second.cache, second.store);
  expect(restored.optimistic).toEqual([{ ...keptEntry, outbox: 'w1' }]);
  expect(restored.optimistic).not.toContainEqual(expect.objectContaining({ requestId: otherEntry.requestId }));
  expect((restored as { outbox?: unknown }).outbox).toEqual([expect.objectContaining({ id: 'w1', requestId: keptEntry.requestId, status: 'pending' })]);
  // Recomputing the kept update needs its endpoint: the outbox registers the endpoints it may replay.

  // A cache without the outbox cannot settle them: neither is applied there.
  const third = load(storage, clock);
  await third.persisted.ready(third.store);
  expect(slice(third.cache, third.store).optimistic).toEqual([]);
  expect((slice(third.cache, third.store) as { outbox?: unknown }).outbox).toBeUndefined();
  await server.releaseAll();
  await Promise.all([kept, other]);
});

it('throttle: many updates in one window are one write, and only the parts that changed are rewritten', async () => {
  const clock = makeClock();
  const { storage, items, writes } = countingStorage();
  const first = load(storage, clock);
  await first.controller.fetch(first.TodoResource.getList);
  await flush(clock);
  expect(writes.filter((key) => key === 'head')).toHaveLength(1);
  writes.length = 0;
  for (let i = 0; i < 10; i++) await first.controller.setResponse(first.TodoResource.get, { id: 1 }, { id: 1, title: `edit ${i}` });
  expect(writes).toEqual([]);
  await flush(clock, 99);
  expect(writes).toEqual([]);
  await flush(clock, 1);
  // One write: the Todo rows and their meta, the results and their meta, then the head.
  expect(writes).toEqual([
    'part:2:["endpoints"]',
    'part:2:["meta"]',
    'part:2:["entities","Todo"]',
    'part:2:["entitiesMeta","Todo"]',
    'head',
  ]);
  // The parts the new ones replaced are gone; the list's Collection row did not change and was not rewritten.
  const list = '[Todo]';
  expect([...items.keys()].sort()).toEqual([
    'head',
    `part:1:["entities","${list}"]`,
    `part:1:["entitiesMeta","${list}"]`,
    'part:2:["endpoints"]',
    'part:2:["entities","Todo"]',
    'part:2:["entitiesMeta","Todo"]',
    'part:2:["meta"]',
  ]);
  writes.length = 0;
  await flush(clock, 1_000);
  expect(writes).toEqual([]);
});

it('a large (bucketed) table is saved bucket by bucket: one changed row rewrites one bucket, and a reload reads every row', async () => {
  const clock = makeClock();
  const { storage, writes } = countingStorage();
  const first = load(storage, clock);
  await first.persisted.ready(first.store);
  // More rows than a first write keeps flat (4,096), so the table is bucketed from its first response.
  const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}`, completed: false, userId: 1, updatedAt: 0 }));
  await first.controller.setResponse(first.TodoResource.getList, rows);
  await flush(clock);
  const buckets = writes.filter((key) => /^part:\d+:\["entities","Todo",/.test(key)).length;
  expect(buckets).toBeGreaterThan(1);
  writes.length = 0;
  await first.controller.setResponse(first.TodoResource.get, { id: 2999 }, { ...rows[2998], title: 'changed' });
  await flush(clock);
  expect(writes.filter((key) => /^part:\d+:\["entities","Todo",/.test(key))).toHaveLength(1);
  expect(writes.filter((key) => /^part:\d+:\["entitiesMeta","Todo",/.test(key))).toHaveLength(1);

  const second = load(storage, clock);
  expect(await second.persisted.ready(second.store)).toBe('restored');
  expect(second.cache.selectEntity(second.store.getState(), Todo, '2999')).toEqual(expect.objectContaining({ title: 'changed' }));
  expect(second.cache.selectEntity(second.store.getState(), Todo, '17')).toEqual(expect.objectContaining({ title: 'todo 17' }));
  expect(slice(second.cache, second.store).entities).toEqual(slice(first.cache, first.store).entities);
});

it('a save of another version, or older than maxAge, is dropped and removed from the storage, not applied', async () => {
  const clock = makeClock();
  const { storage, items } = countingStorage();
  const first = load(storage, clock, { version: 1 });
  await first.controller.fetch(first.TodoResource.get, { id: 1 });
  await flush(clock);
  expect(items.size).toBeGreaterThan(1);

  const second = load(storage, clock, { version: 2 });
  expect(await second.persisted.ready(second.store)).toBe('dropped');
  expect(items.size).toBe(0);
  expect(slice(second.cache, second.store).entities).toEqual({});
  // Version 2 saves its own from then on.
  await second.controller.fetch(second.TodoResource.get, { id: 1 });
  await flush(clock);
  expect(items.has('head')).toBe(true);

  clock.advance(5_000);
  const third = load(storage, clock, { version: 2, maxAge: 4_000 });
  expect(await third.persisted.ready(third.store)).toBe('dropped');
  expect(items.size).toBe(0);
  const requests = server.count('GET', '/todos/1');
  await third.controller.fetch(third.TodoResource.get, { id: 1 });
  expect(server.count('GET', '/todos/1')).toBe(requests + 1);
});

/** Saves one fetched todo and returns the storage's items, to tamper with. */
async function savedItems(clock: Clock) {
  const { storage, items } = countingStorage();
  const first = load(storage, clock);
  await first.controller.fetch(first.TodoResource.get, { id: 1 });
  await flush(clock);
  return { storage, items };
}

/** A reload on a tampered storage: warns, applies nothing, and the app fetches from the server as without persistence. */
async function expectRunsWithout(storage: PersistStorage, clock: Clock, warning: RegExp) {
  const warn = expectWarnings();
  const next = load(storage, clock);
  expect(await next.persisted.ready(next.store)).toBe('failed');
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(warning)]);
  expect(types(next.log)).toEqual([]);
  const todo = await next.controller.fetch(next.TodoResource.get, { id: 1 });
  expect(todo).toEqual(expect.objectContaining({ id: 1, title: 'todo 1' }));
  return next;
}

it('corrupt saved data (not JSON, a wrong type, a torn write) is a warning: nothing applied, the app works', async () => {
  const clock = makeClock();
  const cases: [string, (items: Map<string, string>) => void, RegExp][] = [
    ['not JSON', (items) => items.set('head', '{"format": "rest-slice/persist@1", '), /not in the shape|could not be read/],
    ['wrong type', (items) => items.set('part:1:["meta"]', items.get('part:1:["meta"]')!.replace(/"expiresAt":\d+/, '"expiresAt":"soon"')), /meta of `GET .*todos\/1` lacks/],
    ['an error time that is no time', (items) => items.set('part:1:["meta"]', items.get('part:1:["meta"]')!.replace('"fetchedAt":', '"errorAt":"later","fetchedAt":')), /meta of `GET .*todos\/1` has an `errorAt`/],
    ['an error with no message', (items) => items.set('part:1:["meta"]', items.get('part:1:["meta"]')!.replace('"fetchedAt":', '"error":{"name":"Error"},"fetchedAt":')), /meta of `GET .*todos\/1` has an `error`/],
    ['torn write', (items) => items.set('part:1:["entities","Todo"]', items.get('part:1:["entities","Todo"]')!.replace(/"generation":\d+/, '"generation":99')), /another write than the head names/],
    ['missing part', (items) => items.delete('part:1:["entitiesMeta","Todo"]'), /is missing/],
  ];
  for (const [, tamper, warning] of cases) {
    const { storage, items } = await savedItems(clock);
    tamper(items);
    await expectRunsWithout(storage, clock, warning);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    jest.restoreAllMocks();
  }
});

it('`__proto__` as an entity key, a pk and a row member is saved and restored like any other name; no prototype changes', async () => {
  class Named extends Entity {
    id = '';
    title = '';
    labels: Record<string, string> = {};
    pk() {
      return this.id;
    }
    static key = '__proto__';
  }
  server.route('GET', '/named/:id', (request) => ({
    json: JSON.parse(`{"id":${JSON.stringify(request.params.id)},"title":"named","labels":{"__proto__":"a label","other":"b"}}`) as object,
  }));
  const NamedResource = createResource({ urlPrefix: server.url, path: '/named/:id', schema: Named });
  const clock = makeClock();
  const storage = memoryStorage();
  const first = load(storage, clock);
  await first.persisted.ready(first.store);
  await first.controller.fetch(NamedResource.get, { id: '__proto__' });
  await first.controller.fetch(first.TodoResource.get, { id: 1 });
  await flush(clock);

  const next = load(storage, clock);
  expect(await next.persisted.ready(next.store)).toBe('restored');
  const named = next.cache.selectEntity(next.store.getState(), Named, '__proto__');
  expect(named?.title).toBe('named');
  expect(Object.getOwnPropertyDescriptor(named?.labels, '__proto__')?.value).toBe('a label');
  expect(next.cache.selectEntity(next.store.getState(), Todo, 1)?.title).toBe('todo 1');
  // Read from the saved copy: no request.
  const requests = server.requests.length;
  await next.controller.fetchIfStale(NamedResource.get, { id: '__proto__' });
  expect(server.requests.length).toBe(requests);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(({} as { title?: string }).title).toBeUndefined();
});

it('foreign data under the head key is a warning and is left as it is; the app runs without persistence', async () => {
  const clock = makeClock();
  const { storage, items, writes } = countingStorage();
  items.set('head', JSON.stringify({ theme: 'dark' }));
  const next = await expectRunsWithout(storage, clock, /did not write/);
  await flush(clock, 1_000);
  expect(writes).toEqual([]);
  expect(items.get('head')).toBe('{"theme":"dark"}');
  expect(slice(next.cache, next.store).entities).toEqual({ Todo: { 1: expect.objectContaining({ title: 'todo 1' }) } });
});

it('a storage that fails to read, or a full one that fails writes, is a warning; the app and its data go on', async () => {
  const clock = makeClock();
  const refusing: PersistStorage = {
    getItem: () => Promise.reject(new Error('SecurityError: private mode')),
    setItem: () => Promise.reject(new Error('never called')),
    removeItem: () => Promise.reject(new Error('never called')),
  };
  await expectRunsWithout(refusing, clock, /could not be read.*private mode/);
  jest.restoreAllMocks();

  let setCalls = 0;
  const full: PersistStorage = {
    getItem: async () => null,
    setItem: () => {
      setCalls++;
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    },
    removeItem: async () => undefined,
  };
  const warn = expectWarnings();
  const app = load(full, clock);
  await app.controller.fetch(app.TodoResource.get, { id: 1 });
  await flush(clock);
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/failed a write.*quota exceeded/)]);
  const calls = setCalls;
  await app.controller.fetch(app.TodoResource.get, { id: 2 });
  await flush(clock, 1_000);
  expect(setCalls).toBe(calls);
  expect(app.cache.selectEntity(app.store.getState(), Todo, '1')).toEqual(expect.objectContaining({ title: 'todo 1' }));
  expect(app.cache.selectEntity(app.store.getState(), Todo, '2')).toEqual(expect.objectContaining({ title: 'todo 2' }));
});

it('a storage that does not answer holds fetches only until `timeout`; its late answer still lands beneath newer data', async () => {
  const clock = makeClock();
  const { storage } = countingStorage();
  const first = load(storage, clock);
  await first.controller.fetch(first.TodoResource.getList);
  await flush(clock);
  server.todos.get(1)!.title = 'newer';

  const slow = deferred();
  const late: PersistStorage = { ...storage, getItem: async (key) => (await slow.promise, storage.getItem(key)) };
  const warn = expectWarnings();
  const second = load(late, clock, { timeout: 500 });
  const answer = second.controller.fetch(second.TodoResource.get, { id: 1 });
  await flush(clock, 499);
  // A request sent meanwhile would have reached the server before this one is answered.
  await roundTrip(server);
  expect(server.count('GET', '/todos/1')).toBe(0);
  await flush(clock, 1);
  expect(await answer).toEqual(expect.objectContaining({ title: 'newer' }));
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/did not answer within 500 ms/)]);
  slow.resolve();
  expect(await second.persisted.ready(second.store)).toBe('restored');
  // The fetched row and result stay; the rest of the save is applied.
  expect(second.cache.selectEntity(second.store.getState(), Todo, '1')).toEqual(expect.objectContaining({ title: 'newer' }));
  expect(slice(second.cache, second.store).endpoints).toEqual(expect.objectContaining(slice(first.cache, first.store).endpoints));
});

it('infinite pages are saved without their in-flight flags; `ready` rejects for a store of another cache', async () => {
  const clock = makeClock();
  const { storage, items } = countingStorage();
  const first = load(storage, clock, { features: [infinitePages()] });
  await first.persisted.ready(first.store);
  const state = slice(first.cache, first.store);
  first.store.dispatch({ type: 'rest/pages', payload: { key: 'GET /list', entry: { pages: [{ params: {}, ids: ['1'] }], fetchingNext: true } } });
  expect((slice(first.cache, first.store) as { pages?: unknown }).pages).not.toBe((state as { pages?: unknown }).pages);
  await flush(clock);
  expect(JSON.parse(items.get('part:1:["pages"]')!)).toEqual({ generation: 1, data: { 'GET /list': { pages: [{ params: {}, ids: ['1'] }] } } });
  const second = load(storage, clock, { features: [infinitePages()] });
  await second.persisted.ready(second.store);
  expect((slice(second.cache, second.store) as { pages?: unknown }).pages).toEqual({ 'GET /list': { pages: [{ params: {}, ids: ['1'] }] } });
  await expect(second.persisted.ready(first.store)).rejects.toThrow(/not made with a cache that has this persist feature/);
});

it('a recorded rest/rehydrate replayed into a cache with persist() gives the same state; into one without, it warns naming persist and changes nothing', async () => {
  const clock = makeClock();
  const { storage } = countingStorage();
  const first = load(storage, clock);
  await first.controller.fetch(first.TodoResource.getList);
  await flush(clock);
  const second = load(storage, clock);
  await second.persisted.ready(second.store);
  const rehydrate = second.log.find((action) => action.type === 'rest/rehydrate')!;

  // Replayed into a store of a cache with persist() on an empty storage: the same slice.
  const replay = load(memoryStorage(), clock);
  await replay.persisted.ready(replay.store);
  replay.store.dispatch(rehydrate);
  expect(slice(replay.cache, replay.store)).toEqual(slice(second.cache, second.store));

  const warn = expectWarnings();
  const core = createRestCache({ now: clock.now, scheduler: clock });
  const coreStore = makeStore(core);
  const before = slice(core, coreStore);
  coreStore.dispatch(rehydrate);
  expect(slice(core, coreStore)).toBe(before);
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/`rest\/rehydrate` belongs to the persist feature/)]);
});
