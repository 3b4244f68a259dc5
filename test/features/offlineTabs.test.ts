// persist() and outbox() over reloads and tabs that share one storage: a write is sent once in all, an entry
// settled or discarded stays gone after the next reload, and a logout drops every write made before it,
// also those of a tab that is closed. Real local server, each page on a clock of its own.
import { discardOutboxEntry, memoryStorage, selectOutbox, type PersistStorage } from 'rest-slice';
import { deferred, until, type StoreServer } from '../store/helpers';
import { Todo } from '../fixtures/Todo';
import { Gate, loadOfflinePage, saveThrough, startOutboxServer, todoResources, watch, type OfflinePage } from './outboxHelpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startOutboxServer();
});
afterEach(() => server.close());

let names = 0;
const entriesOf = (page: OfflinePage) => selectOutbox(page.cache, page.store.getState());
const todo = (page: OfflinePage, id: number) => page.cache.selectEntity(page.store.getState(), Todo, id) as Todo | undefined;
const writes = () => server.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.headers['idempotency-key']]);
const savedOutbox = (storage: ReturnType<typeof memoryStorage>) => (JSON.parse(storage.items.get('head')!) as { outbox?: unknown[] }).outbox ?? [];

/** A page that keeps an edit of todo `id` offline (saved), and its entry. */
async function keptOffline(storage: PersistStorage, resources: readonly object[], name: string, id = 1, start?: number) {
  const { TodoResource } = resources[0] as ReturnType<typeof todoResources>;
  const page = loadOfflinePage(storage, resources, name, { start });
  await page.persisted.ready(page.store);
  await page.controller.fetch(TodoResource.get, { id });
  page.store.dispatch(page.cache.actions.offline());
  const edit = watch(page.controller.fetch(TodoResource.partialUpdate, { id }, { title: `Kept ${id}` }));
  await until(() => entriesOf(page).length === 1, 'the edit is kept');
  await saveThrough(page);
  return { page, edit, entry: entriesOf(page)[0] };
}

describe('a tab holding a write it has not replayed yet', () => {
  it('offline: settles its copy with the answer another tab got for it, unsent', async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    const a = await keptOffline(storage, [{ TodoResource }], name);
    // Tab B opens online: it restores the edit and sends it on start.
    const b = loadOfflinePage(storage, [TodoResource], name, { start: a.page.clock.now() });
    expect(await b.persisted.ready(b.store)).toBe('restored');
    await until(() => a.edit.state !== 'pending', "A's caller settles");
    expect({ edit: a.edit.state, a: entriesOf(a.page), b: entriesOf(b), title: todo(a.page, 1)?.title }).toEqual({ edit: 'resolved', a: [], b: [], title: 'Kept 1' });
    a.page.store.dispatch(a.page.cache.actions.online());
    await a.page.controller.flushOutbox();
    expect(writes()).toEqual([['PATCH', '/todos/1', a.entry.idempotencyKey]]);
  });

  it('waiting for its backoff after no answer: another tab sends it meanwhile, and the backoff sends nothing', async () => {
    const gate = await new Gate(server.url).open();
    try {
      const storage = memoryStorage();
      const name = `offline-tabs-${++names}`;
      const { TodoResource } = todoResources(gate.url);
      const a = loadOfflinePage(storage, [TodoResource], name);
      await a.persisted.ready(a.store);
      await a.controller.fetch(TodoResource.get, { id: 1 });
      await gate.close();
      const edit = watch(a.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Through the outage' }));
      await until(() => entriesOf(a).length === 1, 'kept after no answer');
      const [kept] = entriesOf(a);
      await saveThrough(a);
      await gate.open();
      const b = loadOfflinePage(storage, [TodoResource], name, { start: a.clock.now() });
      await b.persisted.ready(b.store);
      await until(() => edit.state !== 'pending', "A's caller settles");
      // A's backoff (1 s) comes: nothing is left to send.
      a.clock.advance(1000);
      await a.controller.flushOutbox();
      expect({ edit: edit.state, a: entriesOf(a), b: entriesOf(b), writes: writes() }).toEqual({
        edit: 'resolved',
        a: [],
        b: [],
        writes: [['PATCH', '/todos/1', kept.idempotencyKey]],
      });
    } finally {
      await gate.close();
    }
  });
});

describe('a write discarded in one tab', () => {
  it('is dropped by the other tabs that hold it: none sends it, and no save brings it back', async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    const first = await keptOffline(storage, [{ TodoResource }], name);
    // A second tab opens offline and restores the same edit; the first tab's user discards it there.
    const second = loadOfflinePage(storage, [TodoResource], name, { start: first.page.clock.now() });
    second.store.dispatch(second.cache.actions.offline());
    expect(await second.persisted.ready(second.store)).toBe('restored');
    expect(entriesOf(second)).toHaveLength(1);
    first.page.store.dispatch(discardOutboxEntry(first.page.cache, first.entry.id));
    await until(() => first.edit.state === 'rejected', "the first tab's caller is told");
    // The second tab's copy went too: it is not shown, not sent when the tab comes online, not saved again.
    await until(() => entriesOf(second).length === 0, "the second tab's copy goes");
    expect(todo(second, 1)?.title).toBe('Write docs');
    second.store.dispatch(second.cache.actions.online());
    await second.controller.flushOutbox();
    await saveThrough(second);
    await saveThrough(first.page);
    expect({ writes: writes(), saved: savedOutbox(storage) }).toEqual({ writes: [], saved: [] });
  });
});

describe('an entry restored after a reload, then settled or discarded, stays gone after the next reload', () => {
  it('sent on start before the first save read the storage: not saved again, not sent again', async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    const first = await keptOffline(storage, [{ TodoResource }], name);
    // The reload's storage answers the restore at once, and its saves' reads of the head only once released.
    const released = deferred();
    let headReads = 0;
    const slow: PersistStorage = {
      getItem: async (key) => {
        if (key === 'head' && ++headReads > 1) await released.promise;
        return storage.getItem(key);
      },
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: (key) => storage.removeItem(key),
    };
    const second = loadOfflinePage(slow, [TodoResource], name, { start: first.page.clock.now() });
    expect(await second.persisted.ready(second.store)).toBe('restored');
    await until(() => entriesOf(second).length === 0, 'the edit is sent on start');
    released.resolve();
    await saveThrough(second);
    expect(savedOutbox(storage)).toEqual([]);
    const third = loadOfflinePage(storage, [TodoResource], name, { start: second.clock.now() });
    expect(await third.persisted.ready(third.store)).toBe('restored');
    await third.controller.flushOutbox();
    expect({ entries: entriesOf(third), writes: writes() }).toEqual({ entries: [], writes: [['PATCH', '/todos/1', first.entry.idempotencyKey]] });
  });

  it('a failed write discarded after the reload', async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    server.route('PATCH', '/todos/2', () => ({ status: 422, json: { message: 'bad title' } }));
    const first = await keptOffline(storage, [{ TodoResource }], name, 2);
    first.page.store.dispatch(first.page.cache.actions.online());
    await first.page.controller.flushOutbox();
    await until(() => entriesOf(first.page)[0]?.status === 'failed', 'refused');
    await saveThrough(first.page);

    const second = loadOfflinePage(storage, [TodoResource], name, { start: first.page.clock.now() });
    expect(await second.persisted.ready(second.store)).toBe('restored');
    const [failed] = entriesOf(second);
    expect(failed).toMatchObject({ id: first.entry.id, status: 'failed' });
    second.store.dispatch(discardOutboxEntry(second.cache, failed.id));
    await saveThrough(second);
    expect(savedOutbox(storage)).toEqual([]);

    const third = loadOfflinePage(storage, [TodoResource], name, { start: second.clock.now() });
    expect(await third.persisted.ready(third.store)).toBe('restored');
    expect(entriesOf(third)).toEqual([]);
    expect(todo(third, 2)?.title).toBe('Ship it');
  });
});

describe('a logout (resetEntireStore) drops every write made before it, from the save too', () => {
  it("a closed tab's unsent write, which the tab that logs out never held", async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    const a = loadOfflinePage(storage, [TodoResource], name);
    await a.persisted.ready(a.store);
    // Tab B (another outbox name: A never hears of its write) keeps an edit, saves, and is closed.
    const b = await keptOffline(storage, [{ TodoResource }], `${name}-b`, 1, a.clock.now());
    expect(savedOutbox(storage)).toHaveLength(1);
    a.clock.advance(10);
    await a.controller.resetEntireStore();
    await saveThrough(a);
    expect(savedOutbox(storage)).toEqual([]);
    const next = loadOfflinePage(storage, [TodoResource], `${name}-c`, { start: a.clock.now() });
    expect(await next.persisted.ready(next.store)).toBe('restored');
    await next.controller.flushOutbox();
    expect({ entries: entriesOf(next), title: todo(next, 1), writes: writes() }).toEqual({ entries: [], title: undefined, writes: [] });
    expect(b.edit.state).toBe('pending');
  });

  it('a failed write restored after a reload, the logout coming before any save', async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    server.route('PATCH', '/todos/2', () => ({ status: 422, json: { message: 'bad' } }));
    const first = await keptOffline(storage, [{ TodoResource }], name, 2);
    first.page.store.dispatch(first.page.cache.actions.online());
    await first.page.controller.flushOutbox();
    await until(() => entriesOf(first.page)[0]?.status === 'failed', 'refused');
    await saveThrough(first.page);
    const second = loadOfflinePage(storage, [TodoResource], name, { start: first.page.clock.now() });
    await second.persisted.ready(second.store);
    second.clock.advance(10);
    await second.controller.resetEntireStore();
    await saveThrough(second);
    const third = loadOfflinePage(storage, [TodoResource], name, { start: second.clock.now() });
    await third.persisted.ready(third.store);
    expect(entriesOf(third)).toEqual([]);
  });

  it('a save naming writes made before its own `lastReset` (written by an older tab) restores none of them, nor their updates', async () => {
    const storage = memoryStorage();
    const name = `offline-tabs-${++names}`;
    const { TodoResource } = todoResources(server.url);
    const first = await keptOffline(storage, [{ TodoResource }], name);
    const head = JSON.parse(storage.items.get('head')!) as { lastReset: number; optimistic: unknown[]; outbox: unknown[] };
    expect({ outbox: head.outbox.length, optimistic: head.optimistic.length }).toEqual({ outbox: 1, optimistic: 1 });
    storage.items.set('head', JSON.stringify({ ...head, lastReset: first.entry.fetchedAt + 1 }));
    const second = loadOfflinePage(storage, [TodoResource], name, { start: first.page.clock.now() + 10 });
    expect(await second.persisted.ready(second.store)).toBe('restored');
    await second.controller.flushOutbox();
    expect({ entries: entriesOf(second), optimistic: second.cache.selectCacheState(second.store.getState()).optimistic, title: todo(second, 1)?.title, writes: writes() }).toEqual({
      entries: [],
      optimistic: [],
      title: 'Write docs',
      writes: [],
    });
  });
});
