// persist() reading a saved outbox that is not what the outbox keeps (a hand-edited value, another version's
// data): the outbox and its optimistic updates are dropped with a development warning, everything else is
// restored, the store keeps working, and the next save writes a sound head. Real local server, test clock.
import { memoryStorage, selectOutbox } from 'rest-slice';
import { expectWarnings, until, type StoreServer } from '../store/helpers';
import { Todo } from '../fixtures/Todo';
import { loadOfflinePage, saveThrough, startOutboxServer, todoResources, watch } from './outboxHelpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startOutboxServer();
});
afterEach(() => server.close());

let names = 0;

/** A save holding todo 2 (read) and an edit of todo 1 kept offline; `change` then edits its head. */
async function tamperedSave(change: (head: { outbox: Record<string, unknown>[] } & Record<string, unknown>) => void) {
  const storage = memoryStorage();
  const name = `saved-outbox-${++names}`;
  const { TodoResource } = todoResources(server.url);
  const first = loadOfflinePage(storage, [TodoResource], name);
  await first.persisted.ready(first.store);
  await first.controller.fetch(TodoResource.get, { id: 2 });
  first.store.dispatch(first.cache.actions.offline());
  void first.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Offline' }).catch(() => undefined);
  await until(() => selectOutbox(first.cache, first.store.getState()).length === 1, 'kept');
  await saveThrough(first);
  const head = JSON.parse(storage.items.get('head')!) as Parameters<typeof change>[0];
  change(head);
  storage.items.set('head', JSON.stringify(head));
  return { storage, name, TodoResource, start: first.clock.now() };
}

const entry = (head: { outbox: Record<string, unknown>[] }) => head.outbox[0];

describe.each([
  ['a string', (head: { outbox: unknown }) => (head.outbox = 'garbage')],
  ['an object', (head: { outbox: unknown }) => (head.outbox = { a: 1 })],
  ['a list with null', (head: { outbox: unknown }) => (head.outbox = [null])],
  ['a list with a number', (head: { outbox: unknown }) => (head.outbox = [42])],
  ['an entry without its idempotency key', (head: { outbox: Record<string, unknown>[] }) => delete entry(head).idempotencyKey],
  ['an entry whose args are not a list', (head: { outbox: Record<string, unknown>[] }) => (entry(head).args = 'id=1')],
  ['an entry of an unknown status', (head: { outbox: Record<string, unknown>[] }) => (entry(head).status = 'sent')],
  ['an entry with an error that has no message', (head: { outbox: Record<string, unknown>[] }) => (entry(head).error = { name: 'Error' })],
  ['two entries with one id', (head: { outbox: Record<string, unknown>[] }) => head.outbox.push({ ...entry(head) })],
])('a saved outbox that is %s', (_label, change) => {
  it('is dropped with a warning, with its updates; the rest is restored, writes work, and the next save is sound', async () => {
    const warn = expectWarnings();
    const { storage, name, TodoResource, start } = await tamperedSave(change as (head: { outbox: Record<string, unknown>[] }) => void);
    const second = loadOfflinePage(storage, [TodoResource], name, { start });
    expect(await second.persisted.ready(second.store)).toBe('restored');
    const state = second.cache.selectCacheState(second.store.getState());
    expect({ outbox: state.outbox, optimistic: state.optimistic, todo2: second.cache.selectEntity(second.store.getState(), Todo, 2)?.title }).toEqual({
      outbox: undefined,
      optimistic: [],
      todo2: 'Ship it',
    });
    expect(warn.mock.calls.map((call) => call[0] as string)).toEqual([
      '[rest-slice] persist: the saved outbox at `rest` is not a list of outbox entries with distinct ids: it was dropped, with its optimistic updates, and the rest of the cache restored.',
    ]);
    const write = watch(second.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'After' }));
    await until(() => write.state !== 'pending', 'the write settles');
    expect(write.state).toBe('resolved');
    await saveThrough(second);
    warn.mockClear();
    const third = loadOfflinePage(storage, [TodoResource], name, { start: second.clock.now() });
    expect(await third.persisted.ready(third.store)).toBe('restored');
    expect(warn).not.toHaveBeenCalled();
    expect(third.cache.selectEntity(third.store.getState(), Todo, 2)?.title).toBe('After');
  });
});
