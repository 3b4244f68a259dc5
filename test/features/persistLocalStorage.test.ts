/** @jest-environment ./test/react/environment.ts */
// persist() on jsdom's real `localStorage` (about 5 MB, like a browser's): a reload restores from it, and a
// save too large for it (QuotaExceededError) is a warning after which the app runs on with its data.
import { createRestCache, localStorageStorage, persist } from 'rest-slice';
import { makeClock, type Clock } from '../helpers/clock';
import { expectWarnings, makeStore, slice, startStoreServer, Todo, todoResource, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  localStorage.clear();
  server = await startStoreServer();
  server.seedTodos([1, 2].map((id) => ({ id, title: `todo ${id}` })));
});
afterEach(() => server.close());

function load(clock: Clock) {
  const persisted = persist({ storage: localStorageStorage('app'), throttle: 100 });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [persisted] });
  const store = makeStore(cache);
  return { persisted, cache, store, controller: cache.controller(store), TodoResource: todoResource(server.url) };
}

/** Runs the throttle window and lets the storage's promises settle. */
async function flush(clock: Clock): Promise<void> {
  clock.advance(100);
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

it('saves under the prefix and a reload restores from localStorage with no request for a fresh result', async () => {
  const clock = makeClock();
  const first = load(clock);
  await first.persisted.ready(first.store);
  await first.controller.fetch(first.TodoResource.get, { id: 2 });
  await flush(clock);
  expect(Object.keys(localStorage).sort()).toEqual(['app:head', 'app:part:1:["endpoints"]', 'app:part:1:["entities","Todo"]', 'app:part:1:["entitiesMeta","Todo"]', 'app:part:1:["meta"]']);

  const second = load(clock);
  expect(await second.controller.fetch(second.TodoResource.get, { id: 2 })).toEqual(expect.objectContaining({ title: 'todo 2' }));
  expect(server.count('GET', '/todos/2')).toBe(1);
  expect(slice(second.cache, second.store).entities).toEqual(slice(first.cache, first.store).entities);
});

it('a save over the quota is a warning; the app keeps its data and runs without persistence', async () => {
  const clock = makeClock();
  const warn = expectWarnings();
  const app = load(clock);
  await app.persisted.ready(app.store);
  // About 6 MB of titles: more than jsdom's 5 MB localStorage holds.
  const big = 'x'.repeat(600_000);
  for (let id = 1; id <= 10; id++) await app.controller.setResponse(app.TodoResource.get, { id }, { id, title: `${id} ${big}` });
  await flush(clock);
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/the storage failed a write at `rest`; the app runs on without persistence/)]);
  expect(app.cache.selectEntity(app.store.getState(), Todo, 10)?.title).toBe(`10 ${big}`);
  await app.controller.fetch(app.TodoResource.get, { id: 1 });
  expect(app.cache.selectEntity(app.store.getState(), Todo, 1)?.title).toBe('todo 1');
});
