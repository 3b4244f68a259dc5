// Two tabs of one app save to one storage (IndexedDB is per origin). Each tab saves its own state, so
// without care the second tab's save replaces the first one's, and a write the first tab kept offline
// (it exists nowhere else) would be lost. A save keeps the other tab's outbox entries it never held, and
// writes its parts under keys of its own, so each save names only parts that exist.
import { createRestCache, memoryStorage, persist, selectOutbox, type PersistStorage } from 'rest-slice';
import { Counter, makeClock, makeStore, slice, until, storeServerForEachTest } from '../store/helpers';
import { Todo } from '../fixtures/Todo';
import { loadOfflinePage, saveThrough, todoResources, type OfflinePage } from './outboxHelpers';

const server = storeServerForEachTest([
  { id: 1, title: 'Write docs' },
  { id: 2, title: 'Ship it' },
]);

let channel = 0;

const load = (storage: PersistStorage, resources: readonly object[], name: string, start?: number) => loadOfflinePage(storage, resources, name, { start });
type Page = OfflinePage;
const save = saveThrough;

const todo = (page: Page, id: number) => page.cache.selectEntity(page.store.getState(), Todo, id) as Todo | undefined;
const entriesOf = (page: Page) => selectOutbox(page.cache, page.store.getState());

it("a second tab's save keeps the edit the first tab kept offline; a reload shows it and can send it", async () => {
  const storage = memoryStorage();
  const name = `tabs-${++channel}`;
  const { TodoResource } = todoResources(server.url);
  const tabA = load(storage, [TodoResource], name);
  await tabA.persisted.ready(tabA.store);
  await tabA.controller.fetch(TodoResource.get, { id: 1 });
  await save(tabA);
  // Tab B opens now: it restores A's save, which holds no outbox entry yet.
  const tabB = load(storage, [TodoResource], `${name}-b`, tabA.clock.now());
  expect(await tabB.persisted.ready(tabB.store)).toBe('restored');

  tabA.store.dispatch(tabA.cache.actions.offline());
  void tabA.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Offline' }).catch(() => undefined);
  await until(() => entriesOf(tabA).length === 1, 'the edit is kept');
  await save(tabA);

  // B changes its own state (a read) and saves after A.
  await tabB.controller.fetch(TodoResource.get, { id: 2 });
  await save(tabB);

  // A reload of A, offline: the edit is still there.
  const reload = load(storage, [TodoResource], `${name}-c`, tabB.clock.now());
  reload.store.dispatch(reload.cache.actions.offline());
  expect(await reload.persisted.ready(reload.store)).toBe('restored');
  expect(entriesOf(reload)).toHaveLength(1);
  expect(todo(reload, 1)).toMatchObject({ title: 'Offline' });
  // B's read is in the save too.
  expect(todo(reload, 2)).toMatchObject({ title: 'Ship it' });
});

it('tabs saving in turn leave a save whose every part can be read', async () => {
  const storage = memoryStorage();
  const name = `tabs-${++channel}`;
  const { TodoResource } = todoResources(server.url);
  const tabA = load(storage, [TodoResource], name);
  await tabA.persisted.ready(tabA.store);
  const tabB = load(storage, [TodoResource], `${name}-b`, tabA.clock.now());
  await tabB.persisted.ready(tabB.store);
  await tabA.controller.fetch(TodoResource.get, { id: 1 });
  await save(tabA);
  await tabB.controller.fetch(TodoResource.get, { id: 2 });
  await save(tabB);
  await tabA.controller.fetch(TodoResource.getList);
  await save(tabA);
  const reload = load(storage, [TodoResource], `${name}-c`, tabA.clock.now());
  expect(await reload.persisted.ready(reload.store)).toBe('restored');
  expect(todo(reload, 1)).toMatchObject({ title: 'Write docs' });
  expect(todo(reload, 2)).toMatchObject({ title: 'Ship it' });
});

it('two open tabs restored from one save, each changing a part of its own, saving at the same moment: the save they leave can be read whole', async () => {
  const storage = memoryStorage();
  // One clock: both tabs' throttle windows end in the same turn, so their saves start together.
  const clock = makeClock();
  const open = () => {
    const persisted = persist({ storage, throttle: 100 });
    const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [persisted] });
    const store = makeStore(cache);
    return { persisted, cache, store, controller: cache.controller(store) };
  };
  const settle = async () => {
    clock.advance(100);
    for (let i = 0; i < 60; i++) await Promise.resolve();
  };
  const first = open();
  await first.persisted.ready(first.store);
  void first.controller.set(Todo, { id: 1 }, { id: 1, title: 'Write docs' });
  void first.controller.set(Counter, { id: 1 }, { id: 1, count: 0 });
  await settle();
  const a = open();
  const b = open();
  expect(await a.persisted.ready(a.store)).toBe('restored');
  expect(await b.persisted.ready(b.store)).toBe('restored');
  // A changes the Todo table only, B the Counter table only: each would write its part and name the other's as it was.
  void a.controller.set(Todo, { id: 1 }, { id: 1, title: 'Changed in A' });
  void b.controller.set(Counter, { id: 1 }, { id: 1, count: 5 });
  await settle();
  const reload = open();
  expect(await reload.persisted.ready(reload.store)).toBe('restored');
  const entities = (page: ReturnType<typeof open>) => JSON.parse(JSON.stringify(slice(page.cache, page.store).entities)) as unknown;
  // Cached data is last-writer-wins: the reload shows one tab's view, whole.
  expect([entities(a), entities(b)]).toContainEqual(entities(reload));
});
