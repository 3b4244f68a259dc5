// Random programs over an infinite list (infinitePages()): next pages, refetches of every loaded page after an
// invalidation, and the server's list changing underneath (items inserted, removed, renamed), against the real
// local server with offset cursors (so pages shift as the list changes). After every step the stored list
// must be what docs/pagination.md says, computed by a small model:
//
// - a next page appends the items it brings that are not listed yet (a listed item keeps its place);
// - a refetch fetches every loaded page again, in order (the first with its own params, each next one with
//   the cursor the page before it gave), and the list becomes those pages' items, each once;
// - with `maxPages`, loading one more page drops the page at the other end, and its items leave the list
//   (these programs change no item's place then, so pages never share an item);
// - a next page asked for while a refetch is in flight ends in the list whichever answer lands first: the
//   refetch fetches it again after the pages before it;
// - `hasNextPage` is whether the last page gave a cursor.
//
// Runs: PROPERTY_RUNS (default 80 programs); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { Entity, RestEndpoint, infinitePages, schema, selectPages } from 'rest-slice';
import { setup, startStoreServer, until, type StoreServer } from '../store/helpers';
import { propertyParameters, propertyTimeout } from './runs';

const PAGE = 2;

class Item extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static override key = 'PagedItem';
}

type Cmd =
  | { op: 'next' }
  | { op: 'refetch' }
  | { op: 'insert'; at: number }
  | { op: 'remove'; at: number }
  | { op: 'rename'; at: number }
  | { op: 'nextDuringRefetch'; nextLandsFirst: boolean };

const moving: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ op: 'next' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'refetch' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('insert' as const), at: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), at: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rename' as const), at: fc.nat(12) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('nextDuringRefetch' as const), nextLandsFirst: fc.boolean() }) },
);
// With maxPages, no item changes place: pages stay disjoint.
const still: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ op: 'next' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'refetch' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rename' as const), at: fc.nat(12) }) },
);

let server: StoreServer;
/** The server's list of the current program, in order. */
let items: { id: number; title: string }[] = [];
let nextId = 100;

beforeAll(async () => {
  server = await startStoreServer();
  server.route('GET', '/items', (request) => {
    const offset = Number(request.query.get('cursor') ?? '0');
    const results = items.slice(offset, offset + PAGE);
    return { json: { results, nextCursor: offset + PAGE < items.length ? String(offset + PAGE) : null } };
  });
});
afterAll(() => server.close());

function feed(maxPages?: number) {
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/items',
    name: 'items',
    searchParams: {} as { cursor?: string },
    schema: { results: new schema.Collection([Item]), nextCursor: null as string | null },
    getNextPageParams: (last: { nextCursor: string | null }, params: { cursor?: string }) => (last.nextCursor ? { ...params, cursor: last.nextCursor } : undefined),
    ...(maxPages === undefined ? {} : { maxPages }),
  });
}

/** The model: the pages loaded (each where it starts and the ids it brought) and where the next one starts. */
interface Model {
  pages: { offset: number; ids: number[] }[];
  list: number[];
  next: number | null;
}

/** The server's page at `offset`: its ids, and the next page's offset. */
function pageAt(offset: number): { ids: number[]; next: number | null } {
  return { ids: items.slice(offset, offset + PAGE).map((item) => item.id), next: offset + PAGE < items.length ? offset + PAGE : null };
}

function modelNext(model: Model, maxPages: number): void {
  if (model.pages.length > 0 && model.next === null) return;
  const offset = model.pages.length === 0 ? 0 : model.next!;
  const { ids, next } = pageAt(offset);
  model.pages.push({ offset, ids });
  model.next = next;
  for (const id of ids) if (!model.list.includes(id)) model.list.push(id);
  if (model.pages.length > maxPages) {
    const [dropped] = model.pages.splice(0, 1);
    model.list = model.list.filter((id) => !dropped.ids.includes(id));
  }
}

function modelRefetch(model: Model): void {
  const count = model.pages.length;
  if (count === 0) return;
  const pages: Model['pages'] = [];
  // From the first page kept, with its own params (with maxPages, the pages before it are not fetched).
  let offset: number | null = model.pages[0].offset;
  let next: number | null = null;
  for (let i = 0; i < count && offset !== null; i++) {
    const page = pageAt(offset);
    pages.push({ offset, ids: page.ids });
    next = page.next;
    offset = page.next;
  }
  model.pages = pages;
  model.next = next;
  model.list = [...new Set(pages.flatMap((page) => page.ids))];
}

async function run(program: readonly Cmd[], maxPages: number) {
  items = Array.from({ length: 7 }, (_, i) => ({ id: ++nextId, title: `item ${nextId}` }));
  const Feed = feed(Number.isFinite(maxPages) ? maxPages : undefined);
  const { cache, store, controller, clock } = setup({ features: [infinitePages()] });
  const model: Model = { pages: [], list: [], next: null };
  for (const cmd of program) {
    clock.advance(1);
    if (cmd.op === 'next') {
      await controller.fetchNextPage(Feed, {});
      modelNext(model, maxPages);
    } else if (cmd.op === 'refetch') {
      if (model.pages.length === 0) continue;
      await controller.invalidate(Feed, {});
      await controller.fetchIfStale(Feed, {});
      modelRefetch(model);
    } else if (cmd.op === 'nextDuringRefetch') {
      if (model.pages.length === 0 || model.next === null) continue;
      const cursor = String(model.next);
      const before = server.requests.length;
      let once = true;
      server.hold((request) => {
        const held = once && request.query.get('cursor') === cursor;
        if (held) once = false;
        return held;
      });
      const next = controller.fetchNextPage(Feed, {});
      await server.waitForHeld(1);
      await controller.invalidate(Feed, {});
      const refetch = controller.fetchIfStale(Feed, {});
      if (!cmd.nextLandsFirst) {
        // The refetch's pages before the held one have been asked for (and answered) first.
        await until(() => server.requests.length >= before + 1 + model.pages.length, 'the refetch of the loaded pages');
        for (let i = 0; i < 20; i++) await Promise.resolve();
      }
      await server.releaseAll();
      server.hold(false);
      await Promise.all([next, refetch]);
      modelNext(model, maxPages);
      modelRefetch(model);
    } else if (items.length > 0 || cmd.op === 'insert') {
      const at = cmd.at % (items.length + (cmd.op === 'insert' ? 1 : 0));
      if (cmd.op === 'insert') items.splice(at, 0, { id: ++nextId, title: `item ${nextId}` });
      else if (cmd.op === 'remove') items.splice(at, 1);
      else items[at] = { ...items[at], title: `renamed ${clock.now()}` };
    }
    if (model.pages.length === 0) continue;
    const data = controller.getResponse(Feed, {}, store.getState()).data as { results: Item[] } | undefined;
    expect({ step: cmd, list: data?.results.map((item) => item.id) }).toEqual({ step: cmd, list: model.list });
    expect({ step: cmd, hasNextPage: selectPages(cache, store.getState(), Feed, {}).hasNextPage }).toEqual({ step: cmd, hasNextPage: model.next !== null });
  }
}

it('next pages, refetches and a list changing on the server: the stored list is what the pages say', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(moving, { minLength: 1, maxLength: 14 }), (program) => run(program, Infinity)),
    propertyParameters(80),
  );
}, propertyTimeout(120_000));

it('with maxPages 2: the list holds the items of the two pages kept', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(still, { minLength: 1, maxLength: 14 }), (program) => run(program, 2)),
    propertyParameters(80),
  );
}, propertyTimeout(120_000));
