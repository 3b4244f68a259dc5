// Fuzzing what persist() restores: a real page saves its cache (todos, a list, an edit kept offline in the
// outbox with its optimistic update), then a reload finds that save with one stored item corrupted (one
// value replaced by random JSON or deleted, or the item's text cut short or replaced), as another version of
// the app, a full disk or a hand edit in DevTools can leave it. Whatever it finds:
//
// - `ready` resolves (a storage problem is a warning, never a crash);
// - the cache is plain JSON, and reading any todo or the list either works or throws an error that names
//   rest-slice;
// - the page still fetches and shows a todo, and going online and flushing its outbox settles without a throw.
//
// Runs: PROPERTY_RUNS (default 300 corruptions); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { selectOutbox, type PersistStorage } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { until, type StoreServer } from '../store/helpers';
import { loadOfflinePage, saveThrough, startOutboxServer, todoResources } from '../features/outboxHelpers';
import { mutated, pathsOf } from './helpers';
import { propertyParameters, propertyTimeout } from './runs';

let server: StoreServer;
/** The storage's items after the real page saved, by key. */
let saved = new Map<string, string>();
let savedAt = 0;
let runs = 0;

/** A storage over a map, so a test can read and corrupt what was saved. */
function mapStorage(items: Map<string, string>): PersistStorage {
  return {
    getItem: (key) => Promise.resolve(items.get(key) ?? null),
    setItem: (key, value) => {
      items.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
}

beforeAll(async () => {
  server = await startOutboxServer();
  const items = new Map<string, string>();
  const { TodoResource } = todoResources(server.url);
  const page = loadOfflinePage(mapStorage(items), [TodoResource], 'restore-fuzz-recording');
  await page.persisted.ready(page.store);
  await page.controller.fetch(TodoResource.getList);
  await page.controller.fetch(TodoResource.get, { id: 1 });
  page.store.dispatch(page.cache.actions.offline());
  void page.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'kept offline' }).catch(() => undefined);
  await until(() => selectOutbox(page.cache, page.store.getState()).length === 1, 'the edit is kept');
  await saveThrough(page);
  saved = new Map(items);
  savedAt = page.clock.now();
});
afterAll(() => server.close());

type Corruption =
  | { kind: 'value'; item: number; where: number; replacement: unknown }
  | { kind: 'cut'; item: number; at: number }
  | { kind: 'text'; item: number; text: string };

const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('value' as const),
      item: fc.nat(),
      where: fc.nat(),
      replacement: fc.option(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('__proto__', -1, 1e308, Date.now() + 1e10)), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), item: fc.nat(), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), item: fc.nat(), text: fc.string() }) },
);

function corrupt(items: Map<string, string>, change: Corruption): void {
  const keys = [...items.keys()].sort();
  const key = keys[change.item % keys.length];
  const text = items.get(key)!;
  if (change.kind === 'cut') items.set(key, text.slice(0, change.at % text.length));
  else if (change.kind === 'text') items.set(key, change.text);
  else {
    const value = JSON.parse(text) as unknown;
    const paths = pathsOf(value);
    items.set(key, JSON.stringify(mutated(value, paths[change.where % paths.length], change.replacement)) ?? 'undefined');
  }
}

it('the recorded save, as it was written, restores the todos and the kept edit', async () => {
  const { TodoResource } = todoResources(server.url);
  const page = loadOfflinePage(mapStorage(new Map(saved)), [TodoResource], `restore-fuzz-${++runs}`, { start: savedAt });
  page.store.dispatch(page.cache.actions.offline());
  expect(await page.persisted.ready(page.store)).toBe('restored');
  expect(page.cache.selectEntity(page.store.getState(), Todo, 2)?.title).toBe('kept offline');
  expect(selectOutbox(page.cache, page.store.getState())).toHaveLength(1);
  expect(page.controller.getResponse(TodoResource.getList, page.store.getState()).data).toHaveLength(2);
});

describe('a save dated a day or more ahead of the clock is refused with a warning, and the page fetches as usual', () => {
  const YEAR = 365 * 86_400_000;
  async function loadTampered(tamper: (items: Map<string, string>) => void) {
    const items = new Map(saved);
    tamper(items);
    const { TodoResource } = todoResources(server.url);
    const page = loadOfflinePage(mapStorage(items), [TodoResource], `restore-fuzz-${++runs}`, { start: savedAt });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await page.persisted.ready(page.store)).toBe('failed');
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toContain("a day or more ahead of this page's clock");
    } finally {
      warn.mockRestore();
    }
    // Before, a reset dated ahead dropped every answer, and a row fetched "later" was never replaced.
    await expect(page.controller.fetch(TodoResource.get, { id: 1 })).resolves.toMatchObject({ id: 1, title: 'Write docs' });
    expect(page.cache.selectEntity(page.store.getState(), Todo, 1)?.title).toBe('Write docs');
  }
  const edit = (items: Map<string, string>, key: string, change: (value: Record<string, any>) => void) => {
    const value = JSON.parse(items.get(key)!) as Record<string, any>;
    change(value);
    items.set(key, JSON.stringify(value));
  };

  it('a reset', async () => {
    await loadTampered((items) => edit(items, 'head', (head) => (head.lastReset = savedAt + YEAR)));
  });

  it("an entity row's fetch", async () => {
    await loadTampered((items) => {
      const key = [...items.keys()].find((name) => name.includes('entitiesMeta') && name.includes('Todo'))!;
      edit(items, key, (part) => {
        for (const row of Object.values(part.data as Record<string, { fetchedAt: number }>)) row.fetchedAt = savedAt + YEAR;
      });
    });
  });
});

it('a save with one item corrupted restores without a throw, leaves the cache plain JSON and readable, and the page still works', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    await fc.assert(
      fc.asyncProperty(corruption, async (change) => {
        const items = new Map(saved);
        corrupt(items, change);
        const { TodoResource } = todoResources(server.url);
        const page = loadOfflinePage(mapStorage(items), [TodoResource], `restore-fuzz-${++runs}`, { start: savedAt });
        page.store.dispatch(page.cache.actions.offline());
        await expect(page.persisted.ready(page.store)).resolves.toEqual(expect.any(String));
        const state = page.cache.selectCacheState(page.store.getState());
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        const reads = [
          () => page.controller.getResponse(TodoResource.getList, page.store.getState()),
          ...[1, 2].map((id) => () => page.controller.getResponse(TodoResource.get, { id }, page.store.getState())),
        ];
        for (const read of reads) {
          try {
            read();
          } catch (error) {
            expect(String((error as Error).message)).toMatch(/^\[rest-slice\]/);
          }
        }
        page.store.dispatch(page.cache.actions.online());
        await page.controller.flushOutbox();
        page.clock.advance(60_000);
        const fetched = await page.controller.fetch(TodoResource.get, { id: 1 });
        expect(fetched).toMatchObject({ id: 1, title: server.todos.get(1)!.title });
        expect(page.cache.selectEntity(page.store.getState(), Todo, 1)?.title).toBe(server.todos.get(1)!.title);
        // Restore the server for the next run.
        server.todos.set(2, { ...server.todos.get(2)!, title: 'Ship it' });
      }),
      propertyParameters(300),
    );
  } finally {
    warn.mockRestore();
  }
}, propertyTimeout(120_000));
