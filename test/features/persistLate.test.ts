// persist(): a saved cache that lands after the store got data of its own (the storage answered past
// `timeout`, or the app ran `controller.set` before `ready`) lands beneath it row by row: a row the store got
// wins, the saved rows beside it stay, so a restored list still finds every item. Real local server, test clock.
import { createRestCache, memoryStorage, persist, type PersistStorage } from 'rest-slice';
import { deferred, expectWarnings, makeClock, makeStore, slice, startStoreServer, Todo, todoResource, type Clock, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3].map((id) => ({ id, title: `todo ${id}` })));
});
afterEach(() => server.close());

function load(storage: PersistStorage, clock: Clock, timeout?: number) {
  const persisted = persist({ storage, throttle: 100, timeout });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [persisted] });
  const store = makeStore(cache);
  return { persisted, cache, store, controller: cache.controller(store), TodoResource: todoResource(server.url) };
}
type Page = ReturnType<typeof load>;

async function flush(clock: Clock, ms = 100): Promise<void> {
  clock.advance(ms);
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A first page that saved the list of todos; returns the storage. */
async function savedList(clock: Clock) {
  const storage = memoryStorage();
  const first = load(storage, clock);
  await first.persisted.ready(first.store);
  await first.controller.fetch(first.TodoResource.getList);
  await flush(clock);
  return { storage, first };
}

const titles = (page: Page) => (page.controller.getResponse(page.TodoResource.getList, page.store.getState()).data as Todo[] | undefined)?.map((todo) => todo.title);
const rowMeta = (page: Page, pk: string) => (slice(page.cache, page.store).entitiesMeta.Todo as Record<string, { fetchedAt: number }>)[pk];

it('past `timeout`: a todo fetched meanwhile wins, the saved todos beside it stay, and the restored list shows all three', async () => {
  const clock = makeClock();
  const { storage, first } = await savedList(clock);
  const savedAt = rowMeta(first, '2').fetchedAt;
  const late = deferred();
  const slow: PersistStorage = { ...storage, getItem: async (key) => (await late.promise, storage.getItem(key)) };
  expectWarnings();
  server.todos.set(1, { ...server.todos.get(1)!, title: 'todo 1, newer' });
  const second = load(slow, clock, 500);
  // Held until `timeout` passes, then sent: it lands at the clock's time then.
  const one = second.controller.fetch(second.TodoResource.get, { id: 1 });
  await flush(clock, 500);
  await one;
  late.resolve();
  expect(await second.persisted.ready(second.store)).toBe('restored');
  expect(titles(second)).toEqual(['todo 1, newer', 'todo 2', 'todo 3']);
  expect({ 1: rowMeta(second, '1').fetchedAt, 2: rowMeta(second, '2').fetchedAt, 3: rowMeta(second, '3').fetchedAt }).toEqual({
    1: clock.now(),
    2: savedAt,
    3: savedAt,
  });
});

it('a `controller.set` of one todo before the restore keeps the other saved todos', async () => {
  const clock = makeClock();
  const { storage } = await savedList(clock);
  const second = load(storage, clock);
  void second.controller.set(Todo, { id: 1 }, { id: 1, title: 'set before the restore' });
  expect(await second.persisted.ready(second.store)).toBe('restored');
  expect(titles(second)).toEqual(['set before the restore', 'todo 2', 'todo 3']);
});

it('a saved table split into buckets takes the rows the store got before it, each in its bucket', async () => {
  const clock = makeClock();
  // More rows than a table keeps flat on its first write (4,096): the saved table is in buckets.
  const many = Array.from({ length: 4200 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}` }));
  server.seedTodos(many);
  const { storage } = await savedList(clock);
  expect([...storage.items.keys()].some((key) => key.startsWith('part:') && key.includes('["entities","Todo",'))).toBe(true);
  const second = load(storage, clock);
  void second.controller.set(Todo, { id: 7 }, { id: 7, title: 'set before the restore' });
  expect(await second.persisted.ready(second.store)).toBe('restored');
  const list = titles(second)!;
  expect({ length: list.length, 7: list[6], 8: list[7], last: list[4199] }).toEqual({ length: 4200, 7: 'set before the restore', 8: 'todo 8', last: 'todo 4200' });
});
