// Infinite lists through the store, against the real server: cursor pages
// forward and backward, page numbers, the refetch of every loaded page,
// maxPages, shared page requests, and pages racing with writes. Every cache here has the infinitePages()
// feature, which these are.
import { RestEndpoint, createResource, infinitePages, schema, selectPages, type RestCacheOptions } from 'rest-slice';
import { startServer } from '../helpers/server';
import { setup as setupCore, slice, startStoreServer, until, Todo, type StoreServer } from './helpers';

/** The store helpers' `setup`, with the infinitePages() feature installed. */
function setup(options: RestCacheOptions = {}, more: { timers?: boolean } = {}) {
  return setupCore({ ...options, features: [infinitePages()] }, more);
}

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3, 4, 5, 6].map((id) => ({ id, title: `todo ${id}`, userId: 1 })));
  // Cursor pages of two todos by id: `after` (next pages) or `before` (previous pages).
  server.route('GET', '/feed', (request) => {
    const all = [...server.todos.values()].sort((a, b) => a.id - b.id);
    const after = request.query.get('after');
    const before = request.query.get('before');
    const page =
      before !== null
        ? all.filter((todo) => todo.id < Number(before)).slice(-2)
        : all.filter((todo) => after === null || todo.id > Number(after)).slice(0, 2);
    const first = page[0]?.id;
    const last = page[page.length - 1]?.id;
    return {
      json: {
        results: page,
        next: last !== undefined && all.some((todo) => todo.id > last) ? last : null,
        prev: first !== undefined && all.some((todo) => todo.id < first) ? first : null,
      },
    };
  });
  // Page numbers, two todos a page (an empty page past the end).
  server.route('GET', '/paged', (request) => {
    const all = [...server.todos.values()].sort((a, b) => a.id - b.id);
    const page = Number(request.query.get('page') ?? '1');
    return { json: all.slice((page - 1) * 2, page * 2) };
  });
});
afterEach(() => server.close());

type FeedParams = { after?: number; before?: number };
interface FeedPage {
  results: Todo[];
  next: number | null;
  prev: number | null;
}

function feed(options: { maxPages?: number } = {}) {
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/feed',
    name: 'feed',
    searchParams: {} as FeedParams,
    schema: { results: new schema.Collection([Todo]) },
    getNextPageParams: (last: FeedPage, { before: _before, ...params }: FeedParams) =>
      last.next === null ? undefined : { ...params, after: last.next },
    getPreviousPageParams: (first: FeedPage, { after: _after, ...params }: FeedParams) =>
      first.prev === null ? undefined : { ...params, before: first.prev },
    ...options,
  });
}

function feedRequests() {
  return server.requests.filter((request) => request.path === '/feed').map((request) => request.query.toString());
}

describe('cursor pages', () => {
  it('fetchNextPage loads the first page, then appends each next page into one list until getNextPageParams returns undefined', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    const ids = () => controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id);

    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ hasNextPage: false, pageParams: [] });
    const first = await controller.fetchNextPage(Feed, {});
    expect(first.results.map((todo) => todo.id)).toEqual([1, 2]);
    expect(selectPages(cache, store.getState(), Feed, {})).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      isFetchingNextPage: false,
      isFetchingPreviousPage: false,
      pageParams: [{}],
    });

    const second = await controller.fetchNextPage(Feed, {});
    expect(second.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    await controller.fetchNextPage(Feed, {});
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({
      hasNextPage: false,
      pageParams: [{}, { after: 2 }, { after: 4 }],
    });
    expect(feedRequests()).toEqual(['', 'after=2', 'after=4']);

    // Past the last page nothing is fetched.
    const again = await controller.fetchNextPage(Feed, {});
    expect(again?.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(feedRequests()).toHaveLength(3);
    // One list, normalized: every todo is one entity row.
    expect(Object.keys(slice(cache, store).entities.Todo ?? {}).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('fetchPreviousPage prepends pages until getPreviousPageParams returns undefined', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    await controller.fetch(Feed, { after: 4 });
    expect(selectPages(cache, store.getState(), Feed, { after: 4 })).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const data = await controller.fetchPreviousPage(Feed, { after: 4 });
    expect(data.results.map((todo) => todo.id)).toEqual([3, 4, 5, 6]);
    await controller.fetchPreviousPage(Feed, { after: 4 });
    const pages = selectPages(cache, store.getState(), Feed, { after: 4 });
    expect(pages).toMatchObject({ hasPreviousPage: false, pageParams: [{ before: 3 }, { before: 5 }, { after: 4 }] });
    expect(controller.getResponse(Feed, { after: 4 }, store.getState()).data?.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(feedRequests()).toEqual(['after=4', 'before=5', 'before=3']);
  });

  it('an invalidated list refetches every loaded page in order, as one update without duplicates', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    for (let i = 0; i < 3; i++) await controller.fetchNextPage(Feed, {});
    const ids = () => controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id);
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(ids()));
    // A todo at the head shifts every page by one.
    server.todos.set(0, { id: 0, title: 'todo 0', completed: false, userId: 1, updatedAt: 0 });
    server.todos.set(3, { ...server.todos.get(3)!, title: 'changed' });
    await controller.invalidate(Feed, {});
    server.requests.length = 0;
    const data = await controller.fetch(Feed, {});

    expect(feedRequests()).toEqual(['', 'after=1', 'after=3']);
    expect(data.results.map((todo) => todo.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(data.results.find((todo) => todo.id === 3)?.title).toBe('changed');
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ hasNextPage: true, pageParams: [{}, { after: 1 }, { after: 3 }] });
    // Every state the store went through shows the whole old list or the whole new one.
    expect(seen.filter((list) => list !== undefined && JSON.stringify(list) !== '[1,2,3,4,5,6]' && JSON.stringify(list) !== '[0,1,2,3,4,5]')).toEqual([]);
    // The next page follows the refetched ones.
    await controller.fetchNextPage(Feed, {});
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('fetchIfStale of an expired list refetches its pages; the list shows all of them until the refetch lands', async () => {
    const { store, controller, clock } = setup();
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    await controller.fetchNextPage(Feed, {});
    clock.advance(10 * 60_000);
    server.requests.length = 0;
    server.hold();
    const refetch = controller.fetchIfStale(Feed, {});
    await server.waitForHeld(1);
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    await server.releaseAll();
    await server.waitForHeld(1);
    // Still the old list while the second page is in flight: the pages land together.
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    server.hold(false);
    await server.releaseAll();
    expect((await refetch).results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    expect(feedRequests()).toEqual(['', 'after=2']);
  });

  it('fetchNextPage of an invalidated list reloads its loaded pages first, then the next: no stale page passes for fresh', async () => {
    const { store, controller } = setup();
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    await controller.fetchNextPage(Feed, {});
    server.todos.set(1, { ...server.todos.get(1)!, title: 'changed' });
    await controller.invalidate(Feed, {});
    server.requests.length = 0;
    const data = await controller.fetchNextPage(Feed, {});
    expect(feedRequests()).toEqual(['', 'after=2', 'after=4']);
    expect(data.results.map((todo) => `${todo.id} ${todo.title}`)).toEqual(['1 changed', '2 todo 2', '3 todo 3', '4 todo 4', '5 todo 5', '6 todo 6']);
    // Fresh now, and rightly so: nothing more to fetch.
    server.requests.length = 0;
    await controller.fetchIfStale(Feed, {});
    expect(feedRequests()).toEqual([]);
  });

  it('fetchPreviousPage of an expired list reloads its loaded pages first, then the previous one', async () => {
    const { store, controller, clock } = setup();
    const Feed = feed();
    await controller.fetch(Feed, { after: 2 });
    clock.advance(10 * 60_000);
    server.todos.set(3, { ...server.todos.get(3)!, title: 'changed' });
    server.requests.length = 0;
    await controller.fetchPreviousPage(Feed, { after: 2 });
    expect(feedRequests()).toEqual(['after=2', 'before=3']);
    expect(controller.getResponse(Feed, { after: 2 }, store.getState()).data?.results.map((todo) => `${todo.id} ${todo.title}`)).toEqual([
      '1 todo 1',
      '2 todo 2',
      '3 changed',
      '4 todo 4',
    ]);
  });

  it('a poll of a paginated list refetches its loaded pages', async () => {
    const { store, controller, clock } = setup({}, { timers: true });
    const Feed = feed().extend({ pollFrequency: 20 });
    await controller.fetchNextPage(Feed, {});
    await controller.fetchNextPage(Feed, {});
    server.todos.set(4, { ...server.todos.get(4)!, title: 'polled' });
    server.requests.length = 0;
    await controller.subscribe(Feed, {});
    const title = () => controller.getResponse(Feed, {}, store.getState()).data?.results.find((todo) => todo.id === 4)?.title;
    clock.advance(20);
    await server.waitForRequests(2);
    await until(() => title() === 'polled', 'the polled page');
    await controller.unsubscribe(Feed, {});
    expect(feedRequests().slice(0, 2)).toEqual(['', 'after=2']);
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
  });

  it('garbage collection of a list forgets its pages', async () => {
    const { cache, store, controller, clock } = setup({ keepUnusedDataFor: 1_000 });
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    await controller.fetchNextPage(Feed, {});
    clock.advance(5_000);
    await controller.gc();
    expect(slice(cache, store).pages).toEqual({});
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ hasNextPage: false, pageParams: [] });
  });

  it('maxPages keeps the last pages: the oldest page and its todos leave the list', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed({ maxPages: 2 });
    for (let i = 0; i < 3; i++) await controller.fetchNextPage(Feed, {});
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([3, 4, 5, 6]);
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ pageParams: [{ after: 2 }, { after: 4 }], hasNextPage: false });
    // A refetch loads the kept pages only.
    server.requests.length = 0;
    await controller.invalidate(Feed, {});
    await controller.fetch(Feed, {});
    expect(feedRequests()).toEqual(['after=2', 'after=4']);
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([3, 4, 5, 6]);
  });

  it('maxPages: 1 refetches the one page it kept, not the first page', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed({ maxPages: 1 });
    for (let i = 0; i < 2; i++) await controller.fetchNextPage(Feed, {});
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([3, 4]);
    server.requests.length = 0;
    await controller.invalidate(Feed, {});
    await controller.fetch(Feed, {});
    expect(feedRequests()).toEqual(['after=2']);
    expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([3, 4]);
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ pageParams: [{ after: 2 }], hasNextPage: true });
  });

  it('a bad maxPages is a clear error and changes nothing', async () => {
    const { store, controller } = setup();
    const Feed = feed({ maxPages: 0 });
    await controller.fetchNextPage(Feed, {});
    const before = store.getState();
    await expect(controller.fetchNextPage(Feed, {})).rejects.toThrow("`feed`'s `maxPages` must be a whole number >= 1 (or Infinity), got 0");
    expect(store.getState()).toBe(before);
  });

  it('concurrent fetchNextPage calls share one request and show isFetchingNextPage meanwhile', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    server.hold();
    const a = controller.fetchNextPage(Feed, {});
    const b = controller.fetchNextPage(Feed, {});
    await server.waitForHeld(1);
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ isFetchingNextPage: true, isFetchingPreviousPage: false });
    server.hold(false);
    await server.releaseAll();
    const [da, db] = await Promise.all([a, b]);
    expect(da.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    expect(db).toBe(da);
    expect(feedRequests()).toEqual(['', 'after=2']);
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ isFetchingNextPage: false, pageParams: [{}, { after: 2 }] });
  });

  it('a failed page keeps the pages loaded and ends isFetchingNextPage', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    server.hold();
    const next = controller.fetchNextPage(Feed, {});
    await server.waitForHeld(1);
    server.hold(false);
    await server.held[0].releaseWith({ status: 404, json: { message: 'gone' } });
    await expect(next).rejects.toThrow();
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ isFetchingNextPage: false, hasNextPage: true, pageParams: [{}] });
  });

  it('a failed page leaves the list fresh: its expiry stays, so the loaded pages are not refetched', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    const before = controller.getResponse(Feed, {}, store.getState());
    server.hold();
    const next = controller.fetchNextPage(Feed, {});
    await server.waitForHeld(1);
    server.hold(false);
    await server.held[0].releaseWith({ status: 500, json: { message: 'down' } });
    await expect(next).rejects.toThrow();
    const after = controller.getResponse(Feed, {}, store.getState());
    expect(after.expiresAt).toBe(before.expiresAt);
    expect(after.data?.results.map((todo) => todo.id)).toEqual([1, 2]);
    expect(cache.selectError(store.getState(), Feed, {})?.message).toContain(`\`feed\` (GET ${server.url}/feed?after=2) failed: 500`);
  });

  it('an endpoint that is not an infinite list is named in the error', async () => {
    const { controller } = setup();
    const Plain = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo], name: 'plain' });
    await expect(controller.fetchNextPage(Plain)).rejects.toThrow('`controller.fetchNextPage(plain)` needs a GET endpoint whose schema holds a Collection');
  });
});

describe('page numbers (paginationField)', () => {
  it('next page = page + 1 while the last page had items; an overlapping page lists each todo once', async () => {
    const { cache, store, controller } = setup();
    const Paged = createResource({ urlPrefix: server.url, path: '/paged/:id', schema: Todo, paginationField: 'page' }).getList;
    await controller.fetchNextPage(Paged);
    // A todo inserted at the head: page 2 now starts with todo 2, already listed.
    server.todos.set(0, { id: 0, title: 'todo 0', completed: false, userId: 1, updatedAt: 0 });
    await controller.fetchNextPage(Paged);
    expect(controller.getResponse(Paged, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3]);
    await controller.fetchNextPage(Paged);
    await controller.fetchNextPage(Paged);
    expect(selectPages(cache, store.getState(), Paged)).toMatchObject({ hasNextPage: true, pageParams: [{}, { page: 2 }, { page: 3 }, { page: 4 }] });
    await controller.fetchNextPage(Paged);
    expect(selectPages(cache, store.getState(), Paged)).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    expect(controller.getResponse(Paged, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('page numbers in the list params', () => {
  it('a list fetched from `{ page: 2 }` records its pages: the next is 3, the previous 1, and hasNextPage says so', async () => {
    const { cache, store, controller } = setup();
    const Paged = createResource({ urlPrefix: server.url, path: '/paged/:id', schema: Todo, paginationField: 'page', searchParams: {} as { page?: number } }).getList;
    await controller.fetchNextPage(Paged, { page: 2 });
    expect(selectPages(cache, store.getState(), Paged, { page: 2 })).toMatchObject({ hasNextPage: true, hasPreviousPage: true, pageParams: [{ page: 2 }] });
    await controller.fetchNextPage(Paged, { page: 2 });
    await controller.fetchPreviousPage(Paged, { page: 2 });
    expect(server.requests.filter((request) => request.path === '/paged').map((request) => request.query.toString())).toEqual(['page=2', 'page=3', 'page=1']);
    expect(controller.getResponse(Paged, { page: 2 }, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selectPages(cache, store.getState(), Paged, { page: 2 }).pageParams).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    // The list without a page is another list, untouched.
    expect(controller.getResponse(Paged, store.getState()).data).toBeUndefined();
  });

  it("`getPage({ page: 2 })` still appends to the list without a page, whose pages it does not record", async () => {
    const { cache, store, controller } = setup();
    const Paged = createResource({ urlPrefix: server.url, path: '/paged/:id', schema: Todo, paginationField: 'page' }).getList;
    await controller.fetchNextPage(Paged);
    await controller.fetch(Paged.getPage, { page: 2 });
    expect(controller.getResponse(Paged, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    expect(selectPages(cache, store.getState(), Paged).pageParams).toEqual([{}]);
  });

  it('maxPages drops the items of the evicted page when their pk comes from `process`', async () => {
    class Item extends Todo {
      static override key = 'ProcessedItem';
      static override process(input: Record<string, unknown>) {
        return { ...input, id: input.todoId };
      }
    }
    server.route('GET', '/items', (request) => {
      const page = Number(request.query.get('page') ?? '1');
      return { json: [1, 2].map((i) => ({ todoId: (page - 1) * 2 + i, title: `item of page ${page}` })) };
    });
    const { store, controller } = setup();
    const Items = new RestEndpoint({
      urlPrefix: server.url,
      path: '/items',
      name: 'items',
      searchParams: {} as { page?: number },
      schema: new schema.Collection([Item]),
      paginationField: 'page',
      maxPages: 2,
    });
    for (let i = 0; i < 3; i++) await controller.fetchNextPage(Items, {});
    expect(controller.getResponse(Items, {}, store.getState()).data?.map((item) => item.id)).toEqual([3, 4, 5, 6]);
  });
});

describe('a paginated list written without a request', () => {
  it('controller.setResponse of the first page: the pages start again from it, so the next page follows what is shown', async () => {
    const { cache, store, controller } = setup();
    const Feed = feed();
    await controller.fetchNextPage(Feed, {});
    await controller.fetchNextPage(Feed, {});
    const ids = () => controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id);
    expect(ids()).toEqual([1, 2, 3, 4]);
    // Data rendered on the server, or a streamed event: the list's first page.
    await controller.setResponse(Feed, {}, { results: [{ id: 1, title: 'one' }, { id: 2, title: 'two' }], next: 2, prev: null });
    expect(ids()).toEqual([1, 2]);
    expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ hasNextPage: true, hasPreviousPage: false, pageParams: [{}] });
    server.requests.length = 0;
    await controller.fetchNextPage(Feed, {});
    expect(feedRequests()).toEqual(['after=2']);
    expect(ids()).toEqual([1, 2, 3, 4]);
  });
});

describe('pages and writes', () => {
  it('an optimistic push shows at once in a paginated list, beside the pages that land meanwhile', async () => {
    const { store, controller } = setup();
    const Feed = feed();
    server.route('POST', '/feed', (request) => ({ json: { ...request.body, id: 100, userId: 1 } }));
    const push = Feed.push.extend({ getOptimisticResponse: (_snap, ...args) => ({ id: 100, ...args[args.length - 1] }) });
    await controller.fetchNextPage(Feed, {});
    server.hold((request) => request.method === 'POST');
    const pushing = controller.fetch(push, {}, { title: 'new' });
    const ids = () => controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id);
    expect(ids()).toEqual([1, 2, 100]);
    await controller.fetchNextPage(Feed, {});
    expect(ids()).toEqual([1, 2, 3, 4, 100]);
    server.hold(false);
    await server.releaseAll();
    await pushing;
    expect(ids()).toEqual([1, 2, 3, 4, 100]);
  });

  it.each(['the page', 'the refetch'] as const)(
    'a refetch that starts while the next page is in flight keeps that page when %s answers first',
    async (first) => {
      const { cache, store, controller, clock } = setup();
      const Feed = feed();
      await controller.fetchNextPage(Feed, {});
      clock.advance(10);
      server.hold(true, 'onArrival');
      const page = controller.fetchNextPage(Feed, {});
      await server.waitForHeld(1);
      clock.advance(10);
      const refetch = controller.fetch(Feed, {});
      await server.waitForHeld(2);
      const [pageRequest, refetchRequest] = server.held;
      server.hold(false);
      if (first === 'the page') {
        await pageRequest.release();
        await page;
        await refetchRequest.release();
        await refetch;
      } else {
        await refetchRequest.release();
        await refetch;
        await pageRequest.release();
        await page;
      }
      expect(controller.getResponse(Feed, {}, store.getState()).data?.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
      expect(selectPages(cache, store.getState(), Feed, {})).toMatchObject({ hasNextPage: true, isFetchingNextPage: false, pageParams: [{}, { after: 2 }] });
      // A page that landed before the refetch's first page is reloaded by the refetch, after it.
      expect(feedRequests()).toEqual(first === 'the page' ? ['', 'after=2', '', 'after=2'] : ['', 'after=2', '']);
    },
  );

  it('a page landing during a pending write lands beneath it (API.md races 5b)', async () => {
    const { store, controller, clock } = setup();
    const Feed = feed();
    // Not optimistic: only the merge rule keeps the write on top.
    const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    await controller.fetchNextPage(Feed, {});
    clock.advance(10);
    server.hold((request) => request.method === 'PATCH');
    const writing = controller.fetch(TodoResource.partialUpdate, { id: 3 }, { title: 'written' });
    await server.waitForHeld(1);
    // The page brings todo 3 as the server has it before the write.
    clock.advance(10);
    await controller.fetchNextPage(Feed, {});
    const title = () => controller.getResponse(Feed, {}, store.getState()).data?.results.find((todo) => todo.id === 3)?.title;
    expect(title()).toBe('todo 3');
    server.hold(false);
    await server.releaseAll();
    await writing;
    expect(title()).toBe('written');
  });
});

describe('a Link header cursor', () => {
  it('parseResponse puts the Link header into the response, where getNextPageParams reads it', async () => {
    const linkServer = await startServer();
    try {
      const rows = [1, 2, 3].map((id) => ({ id, title: `todo ${id}`, completed: false, userId: 1, updatedAt: 0 }));
      linkServer.route('GET', '/linked', ({ query }) => {
        const page = Number(query.get('page') ?? '1');
        const more = page * 2 < rows.length;
        return {
          json: rows.slice((page - 1) * 2, page * 2),
          headers: (more ? { Link: `<${linkServer.url}/linked?page=${page + 1}>; rel="next"` } : {}) as Record<string, string>,
        };
      });
      const Linked = new RestEndpoint({
        urlPrefix: linkServer.url,
        path: '/linked',
        name: 'linked',
        searchParams: {} as { page?: string },
        schema: { items: new schema.Collection([Todo]), next: null as string | null },
        async parseResponse(response: Response) {
          const next = /[?&]page=(\d+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '')?.[1] ?? null;
          return { items: await response.json(), next };
        },
        getNextPageParams: (last, params) => (last.next === null ? undefined : { ...params, page: last.next }),
      });
      const { cache, store, controller } = setup();
      await controller.fetchNextPage(Linked, {});
      expect(selectPages(cache, store.getState(), Linked, {}).hasNextPage).toBe(true);
      const data = await controller.fetchNextPage(Linked, {});
      expect(data.items.map((todo) => todo.id)).toEqual([1, 2, 3]);
      expect(selectPages(cache, store.getState(), Linked, {})).toMatchObject({ hasNextPage: false, pageParams: [{}, { page: '2' }] });
    } finally {
      await linkServer.close();
    }
  });
});
