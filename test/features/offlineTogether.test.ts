// persist() and outbox() in one cache, against the real test server: writes made offline are saved with the
// cache, a reload (a new store from the same storage) shows them and replays them once. Each page has its own
// clock, starting where the previous one stopped: a page left behind runs no timer more, as a closed tab.
import { memoryStorage, selectOutbox, type PersistStorage } from 'rest-slice';
import { deferred, expectWarnings, until, type StoreServer } from '../store/helpers';
import { Todo } from '../fixtures/Todo';
import { loadOfflinePage, saveThrough, startOutboxServer, todoResources, watch, type OfflinePage } from './outboxHelpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startOutboxServer();
});
afterEach(() => server.close());

let channel = 0;

/** Both features in the order `order` lists them (the outcome must not depend on it). */
let order: 'persist first' | 'outbox first' = 'persist first';

/** One page load: a cache with both features on `storage`, its store, on a clock of its own. */
const load = (storage: PersistStorage, resources: readonly object[], name: string, start?: number, timeout?: number) =>
  loadOfflinePage(storage, resources, name, { start, timeout, outboxFirst: order === 'outbox first' });
type Page = OfflinePage;
const save = saveThrough;

const todo = (page: Page, id: number) => page.cache.selectEntity(page.store.getState(), Todo, id) as Todo | undefined;
const entriesOf = (page: Page) => selectOutbox(page.cache, page.store.getState());

/** Switches `page` offline and edits todo `id` there: resolves with the outbox entry that keeps the edit. */
async function keepOfflineEdit(page: Page, TodoResource: ReturnType<typeof todoResources>['TodoResource'], id: number, title: string) {
  page.store.dispatch(page.cache.actions.offline());
  void page.controller.fetch(TodoResource.partialUpdate, { id }, { title }).catch(() => undefined);
  await until(() => entriesOf(page).length === 1, 'the edit is kept');
  return entriesOf(page)[0];
}
const writes = () => server.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.body]);

describe.each(['persist first', 'outbox first'] as const)('persist() and outbox() together (%s)', (features) => {
  beforeEach(() => {
    order = features;
  });

  it('an edit made offline survives a reload, is sent once on reconnect, and a later reload has the answer and no entry', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    const first = load(storage, [TodoResource], name);
    expect(await first.persisted.ready(first.store)).toBe('empty');
    await first.controller.fetch(TodoResource.get, { id: 1 });
    await keepOfflineEdit(first, TodoResource, 1, 'Offline');
    expect(todo(first, 1)).toMatchObject({ title: 'Offline', updatedAt: 0 });
    const [kept] = entriesOf(first);
    await save(first);

    // The reload, still offline.
    const second = load(storage, [TodoResource], name, first.clock.now());
    second.store.dispatch(second.cache.actions.offline());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    expect(todo(second, 1)).toMatchObject({ title: 'Offline', updatedAt: 0 });
    expect(entriesOf(second)).toEqual([{ ...kept, requestId: expect.any(String), runAt: second.clock.now() }]);
    // The restored read is fresh: answered with no request, and the kept edit still shows over it.
    await second.controller.fetchIfStale(TodoResource.get, { id: 1 });
    expect(todo(second, 1)).toMatchObject({ title: 'Offline', updatedAt: 0 });
    expect(server.requests.map((request) => [request.method, request.path])).toEqual([['GET', '/todos/1']]);

    second.store.dispatch(second.cache.actions.online());
    await second.controller.flushOutbox();
    await until(() => entriesOf(second).length === 0, 'the edit is sent');
    expect(writes()).toEqual([['PATCH', '/todos/1', { title: 'Offline' }]]);
    expect(server.requests.find((request) => request.method === 'PATCH')!.headers['idempotency-key']).toBe(kept.idempotencyKey);
    expect(todo(second, 1)).toMatchObject({ title: 'Offline', updatedAt: 99 });
    expect(second.cache.selectCacheState(second.store.getState()).optimistic).toEqual([]);
    await save(second);

    const third = load(storage, [TodoResource], name, second.clock.now());
    expect(await third.persisted.ready(third.store)).toBe('restored');
    await third.controller.flushOutbox();
    expect(entriesOf(third)).toEqual([]);
    expect(third.cache.selectCacheState(third.store.getState()).optimistic).toEqual([]);
    expect(todo(third, 1)).toMatchObject({ title: 'Offline', updatedAt: 99 });
    expect(writes()).toHaveLength(1);
  });

  it('a reload that starts online replays the restored edit once, on start', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    const first = load(storage, [TodoResource], name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.get, { id: 1 });
    const kept = await keepOfflineEdit(first, TodoResource, 1, 'On start');
    await save(first);

    const second = load(storage, [TodoResource], name, first.clock.now());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    await until(() => entriesOf(second).length === 0, 'the edit is sent on start');
    expect(writes()).toEqual([['PATCH', '/todos/1', { title: 'On start' }]]);
    expect(server.requests.find((request) => request.method === 'PATCH')!.headers['idempotency-key']).toBe(kept.idempotencyKey);
    expect(todo(second, 1)).toMatchObject({ title: 'On start', updatedAt: 99 });
    await second.controller.flushOutbox();
    expect(writes()).toHaveLength(1);
  });

  it('a create under a temporary id and an edit of it, both offline, across a reload replay as a POST then a PATCH of the real id', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource, createTodo } = todoResources(server.url);
    const resources = [TodoResource, { createTodo }];
    const first = load(storage, resources, name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.getList);
    first.store.dispatch(first.cache.actions.offline());
    first.clock.advance(10);
    const tempId = -first.clock.now();
    void first.controller.fetch(createTodo, { title: 'New' }).catch(() => undefined);
    first.clock.advance(10);
    void first.controller.fetch(TodoResource.partialUpdate, { id: tempId }, { completed: true }).catch(() => undefined);
    await until(() => entriesOf(first).length === 2, 'both writes are kept');
    const list = (page: Page) =>
      (page.controller.getResponse(TodoResource.getList, page.store.getState()).data as Todo[] | undefined)?.map((item) => `${item.id}:${item.title}:${item.completed}`);
    expect(list(first)).toEqual(['1:Write docs:false', '2:Ship it:false', `${tempId}:New:true`]);
    await save(first);

    const second = load(storage, resources, name, first.clock.now());
    second.store.dispatch(second.cache.actions.offline());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    expect(list(second)).toEqual(['1:Write docs:false', '2:Ship it:false', `${tempId}:New:true`]);
    expect(entriesOf(second).map((entry) => [entry.endpoint, entry.args])).toEqual([
      ['createTodo', [{ title: 'New' }]],
      ['Todo.partialUpdate', [{ id: tempId }, { completed: true }]],
    ]);
    second.store.dispatch(second.cache.actions.online());
    await second.controller.flushOutbox();
    await until(() => entriesOf(second).length === 0, 'both writes are sent');
    expect(writes()).toEqual([
      ['POST', '/todos', { title: 'New' }],
      ['PATCH', '/todos/1000', { completed: true }],
    ]);
    expect(list(second)).toEqual(['1:Write docs:false', '2:Ship it:false', '1000:New:true']);
    await save(second);

    const third = load(storage, resources, name, second.clock.now());
    expect(await third.persisted.ready(third.store)).toBe('restored');
    expect(entriesOf(third)).toEqual([]);
    expect(list(third)).toEqual(['1:Write docs:false', '2:Ship it:false', '1000:New:true']);
    expect(writes()).toHaveLength(2);
  });

  it('a write kept while a slow storage was still being read stays in the outbox when the saved one arrives, and both are sent in order', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    const first = load(storage, [TodoResource], name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.getList);
    const kept = await keepOfflineEdit(first, TodoResource, 1, 'Saved');
    await save(first);

    const slow = deferred();
    const late: PersistStorage = { ...storage, getItem: async (key) => (await slow.promise, storage.getItem(key)) };
    const warn = expectWarnings();
    const second = load(late, [TodoResource], name, first.clock.now(), 50);
    second.store.dispatch(second.cache.actions.offline());
    second.clock.advance(50);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/did not answer within 50 ms/)]);
    // Made before the saved cache arrived: kept by this page's outbox.
    const meanwhile = watch(second.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'Meanwhile' }));
    await until(() => entriesOf(second).length === 1, 'the new edit is kept');
    slow.resolve();
    expect(await second.persisted.ready(second.store)).toBe('restored');
    expect(entriesOf(second).map((entry) => [entry.id, entry.args])).toEqual([
      [kept.id, [{ id: 1 }, { title: 'Saved' }]],
      [expect.any(String), [{ id: 2 }, { title: 'Meanwhile' }]],
    ]);
    expect(todo(second, 1)).toMatchObject({ title: 'Saved' });
    expect(todo(second, 2)).toMatchObject({ title: 'Meanwhile' });

    second.store.dispatch(second.cache.actions.online());
    await second.controller.flushOutbox();
    await until(() => meanwhile.state !== 'pending', 'the new edit is sent');
    expect(meanwhile).toMatchObject({ state: 'resolved', value: { id: 2, title: 'Meanwhile', updatedAt: 99 } });
    expect(writes()).toEqual([
      ['PATCH', '/todos/1', { title: 'Saved' }],
      ['PATCH', '/todos/2', { title: 'Meanwhile' }],
    ]);
    expect(entriesOf(second)).toEqual([]);
    expect(todo(second, 1)).toMatchObject({ title: 'Saved', updatedAt: 99 });
  });

  it('two reloads in a row while offline keep the one edit, sent once with its key', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    const first = load(storage, [TodoResource], name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.get, { id: 1 });
    const kept = await keepOfflineEdit(first, TodoResource, 1, 'Twice');
    await save(first);
    const second = load(storage, [TodoResource], name, first.clock.now());
    second.store.dispatch(second.cache.actions.offline());
    await second.persisted.ready(second.store);
    second.clock.advance(10);
    await save(second);

    const third = load(storage, [TodoResource], name, second.clock.now());
    third.store.dispatch(third.cache.actions.offline());
    expect(await third.persisted.ready(third.store)).toBe('restored');
    expect(todo(third, 1)).toMatchObject({ title: 'Twice', updatedAt: 0 });
    expect(entriesOf(third).map((entry) => [entry.id, entry.idempotencyKey, entry.args])).toEqual([[kept.id, kept.idempotencyKey, [{ id: 1 }, { title: 'Twice' }]]]);
    third.store.dispatch(third.cache.actions.online());
    await third.controller.flushOutbox();
    await until(() => entriesOf(third).length === 0, 'the edit is sent');
    expect(writes()).toEqual([['PATCH', '/todos/1', { title: 'Twice' }]]);
    expect(server.requests.find((request) => request.method === 'PATCH')!.headers['idempotency-key']).toBe(kept.idempotencyKey);
    expect(todo(third, 1)).toMatchObject({ title: 'Twice', updatedAt: 99 });
  });

  it('a reload after the create landed but before its edit could be sent sends the edit to the real id', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource, createTodo } = todoResources(server.url);
    const resources = [TodoResource, { createTodo }];
    let down = true;
    server.route('PATCH', '/todos/:id', (request) => {
      if (down) return { status: 503, json: { message: 'down for a moment' } };
      const id = Number(request.params.id);
      const next = { ...server.todos.get(id)!, ...(request.body as object), id, updatedAt: 99 };
      server.todos.set(id, next);
      return { json: next };
    });
    const first = load(storage, resources, name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.getList);
    first.store.dispatch(first.cache.actions.offline());
    first.clock.advance(10);
    const tempId = -first.clock.now();
    void first.controller.fetch(createTodo, { title: 'New' }).catch(() => undefined);
    void first.controller.fetch(TodoResource.partialUpdate, { id: tempId }, { completed: true }).catch(() => undefined);
    await until(() => entriesOf(first).length === 2, 'both writes are kept');
    first.store.dispatch(first.cache.actions.online());
    // The create lands; the edit, rewritten to the real id, gets a 503 and waits for its backoff.
    await until(() => entriesOf(first).length === 1 && entriesOf(first)[0].attempts === 1, 'the edit is kept after a 503');
    expect(entriesOf(first)[0]).toMatchObject({ key: `PATCH ${server.url}/todos/1000`, args: [{ id: 1000 }, { completed: true }] });
    await save(first);

    down = false;
    const second = load(storage, resources, name, first.clock.now());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    await until(() => entriesOf(second).length === 0, 'the edit is sent on start');
    expect(writes()).toEqual([
      ['POST', '/todos', { title: 'New' }],
      ['PATCH', '/todos/1000', { completed: true }],
      ['PATCH', '/todos/1000', { completed: true }],
    ]);
    const list = (page: Page) =>
      (page.controller.getResponse(TodoResource.getList, page.store.getState()).data as Todo[] | undefined)?.map((item) => `${item.id}:${item.title}:${item.completed}`);
    expect(list(second)).toEqual(['1:Write docs:false', '2:Ship it:false', '1000:New:true']);
    expect(server.todos.get(1000)).toMatchObject({ title: 'New', completed: true });
  });

  it('a write the server refused stays failed across a reload, rolled back and not sent again', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    server.route('PATCH', '/todos/2', () => ({ status: 422, json: { message: 'bad title' } }));
    const first = load(storage, [TodoResource], name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.getList);
    await keepOfflineEdit(first, TodoResource, 2, 'Bad');
    first.store.dispatch(first.cache.actions.online());
    await first.controller.flushOutbox();
    await until(() => entriesOf(first)[0]?.status === 'failed', 'the edit is refused');
    const [failed] = entriesOf(first);
    await save(first);

    const second = load(storage, [TodoResource], name, first.clock.now());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    await second.controller.flushOutbox();
    expect(entriesOf(second)).toEqual([failed]);
    expect(entriesOf(second)[0]).toMatchObject({ status: 'failed', error: { status: 422 } });
    expect(second.cache.selectCacheState(second.store.getState()).optimistic).toEqual([]);
    expect(todo(second, 2)).toMatchObject({ title: 'Ship it' });
    expect(writes()).toEqual([['PATCH', '/todos/2', { title: 'Bad' }]]);
  });

  it('a write kept by the outbox is saved at once, not at the end of the throttle window: a reload right after shows it', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    const first = load(storage, [TodoResource], name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.get, { id: 1 });
    const kept = await keepOfflineEdit(first, TodoResource, 1, 'Just now');
    // No time passes on the page's clock: the page closes inside the throttle window.
    for (let i = 0; i < 20; i++) await Promise.resolve();

    const second = load(storage, [TodoResource], name, first.clock.now());
    second.store.dispatch(second.cache.actions.offline());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    expect(todo(second, 1)).toMatchObject({ title: 'Just now', updatedAt: 0 });
    expect(entriesOf(second).map((entry) => entry.idempotencyKey)).toEqual([kept.idempotencyKey]);
  });

  it('after a reload, a read that lands while the restored edit waits lands beneath it, and a write made before ready goes after it', async () => {
    const storage = memoryStorage();
    const name = `together-${++channel}`;
    const { TodoResource } = todoResources(server.url);
    const first = load(storage, [TodoResource], name);
    await first.persisted.ready(first.store);
    await first.controller.fetch(TodoResource.get, { id: 1 });
    await keepOfflineEdit(first, TodoResource, 1, 'Mine');
    await save(first);

    const second = load(storage, [TodoResource], name, first.clock.now());
    second.store.dispatch(second.cache.actions.offline());
    // Asked before the saved cache is applied: it waits for it, then waits behind the restored edit.
    const later = watch(second.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true }));
    expect(await second.persisted.ready(second.store)).toBe('restored');
    await until(() => entriesOf(second).length === 2, 'the new edit is kept behind the restored one');
    // Someone else renamed it meanwhile; a read brings that while both edits wait.
    server.todos.set(1, { ...server.todos.get(1)!, title: 'Theirs', userId: 7 });
    second.clock.advance(10);
    await second.controller.fetch(TodoResource.get, { id: 1 });
    expect(todo(second, 1)).toMatchObject({ title: 'Mine', completed: true, userId: 7 });

    second.store.dispatch(second.cache.actions.online());
    await second.controller.flushOutbox();
    await until(() => later.state !== 'pending', 'both edits are sent');
    expect(writes()).toEqual([
      ['PATCH', '/todos/1', { title: 'Mine' }],
      ['PATCH', '/todos/1', { completed: true }],
    ]);
    expect(later).toMatchObject({ state: 'resolved', value: { id: 1, title: 'Mine', completed: true, updatedAt: 99 } });
    expect(todo(second, 1)).toMatchObject({ title: 'Mine', completed: true, userId: 7, updatedAt: 99 });
    expect(entriesOf(second)).toEqual([]);
  });
});
