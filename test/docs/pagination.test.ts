// docs/pagination.md: its feed, page-number and list-edit recipes, run as written against a local server, do
// what the page says.
import { collectionEdits, infinitePages, selectPages, type Entity } from 'rest-slice';
import { setup, slice, startStoreServer, type StoreServer } from '../store/helpers';
import { runRecipe } from './recipes';

const PAGE = 'pagination.md';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3, 4, 5, 6].map((id) => ({ id, title: `todo ${id}`, userId: id <= 4 ? 1 : 2 })));
  // Cursor pages of two todos: the cursor is the id of the last todo of the page before.
  server.route('GET', '/feed', (request) => {
    const userId = request.query.get('userId');
    const cursor = request.query.get('cursor');
    const all = [...server.todos.values()].filter((todo) => userId === null || String(todo.userId) === userId).sort((a, b) => a.id - b.id);
    const results = all.filter((todo) => cursor === null || todo.id > Number(cursor)).slice(0, 2);
    const last = results.at(-1)?.id;
    return { json: { results, nextCursor: last !== undefined && all.some((todo) => todo.id > last) ? String(last) : null } };
  });
  // Page numbers, two todos a page (an empty page past the end).
  server.route('GET', '/todos', (request) => {
    const page = Number(request.query.get('page') ?? '1');
    return { json: [...server.todos.values()].sort((a, b) => a.id - b.id).slice((page - 1) * 2, page * 2) };
  });
  // getList.remove: PATCH /todos?userId=… answers the todo named by the body.
  server.route('PATCH', '/todos', (request) => ({ json: server.todos.get(request.body.id) }));
});
afterEach(() => server.close());

// The recipes are evaluated at run time: their exports are read loosely here (the page itself is type-checked by codeBlocks.test.ts).
type AnyEndpoint = any;

/** A todo as the tests read it from a recipe's endpoints. */
interface Row {
  id: number;
  title: string;
}

/** The feed's response as the page defines it. */
interface FeedList {
  results: Row[];
  nextCursor: string | null;
}
const feedRequests = () => server.requests.filter((request) => request.path === '/feed').map((request) => request.query.toString());

async function feed() {
  const { Feed, Todo } = await runRecipe<{ Feed: AnyEndpoint; Todo: typeof Entity }>(PAGE, 'feed.ts', server.url);
  const context = setup({ features: [infinitePages()] });
  const ids = (params: object = { userId: 1 }) =>
    (context.controller.getResponse(Feed, params, context.store.getState()).data as FeedList | undefined)?.results.map((todo) => todo.id);
  return { Feed, Todo, ids, ...context };
}

describe('infinite lists', () => {
  it('fetchNextPage loads the first page, then appends the next into one list, until getNextPageParams says none', async () => {
    const { Feed, ids, cache, store, controller } = await feed();
    expect(selectPages(cache, store.getState(), Feed, { userId: 1 })).toMatchObject({ hasNextPage: false, pageParams: [] });
    await controller.fetchNextPage(Feed, { userId: 1 });
    const list = (await controller.fetchNextPage(Feed, { userId: 1 })) as FeedList;
    expect(list.results.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    expect(list.nextCursor).toBeNull();
    expect(selectPages(cache, store.getState(), Feed, { userId: 1 })).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      isFetchingNextPage: false,
      isFetchingPreviousPage: false,
      pageParams: [{ userId: 1 }, { userId: 1, cursor: '2' }],
    });
    // Past the last page: nothing is fetched, the list as stored.
    expect(((await controller.fetchNextPage(Feed, { userId: 1 })) as FeedList).results).toHaveLength(4);
    expect(feedRequests()).toEqual(['userId=1', 'cursor=2&userId=1']);
    expect(ids()).toEqual([1, 2, 3, 4]);
  });

  it('an invalidated list refetches every loaded page, in order, replacing the old ones at once', async () => {
    const { Feed, ids, store, controller } = await feed();
    await controller.fetchNextPage(Feed, { userId: 1 });
    await controller.fetchNextPage(Feed, { userId: 1 });
    server.todos.set(0, { id: 0, title: 'todo 0', completed: false, userId: 1, updatedAt: 0 });
    server.todos.get(3)!.title = 'renamed';
    const seen = new Set<string>();
    store.subscribe(() => seen.add(JSON.stringify(ids() ?? null)));
    server.requests.length = 0;
    await controller.invalidate(Feed, { userId: 1 });
    const list = (await controller.fetch(Feed, { userId: 1 })) as FeedList;
    expect(feedRequests()).toEqual(['userId=1', 'cursor=1&userId=1']);
    expect(list.results.map((todo) => `${todo.id}:${todo.title}`)).toEqual(['0:todo 0', '1:todo 1', '2:todo 2', '3:renamed']);
    // Never half old and half new: the invalidated list (missing), then the whole new one.
    expect([...seen]).toEqual(['null', '[0,1,2,3]']);
  });

  it('maxPages keeps the last pages: the oldest page and its todos leave the list, and a refetch loads the kept ones', async () => {
    const { Feed, controller, store } = await feed();
    const Short = Feed.extend({ maxPages: 2 });
    const ids = () => (controller.getResponse(Short, {}, store.getState()).data as FeedList | undefined)?.results.map((todo) => todo.id);
    for (let i = 0; i < 3; i++) await controller.fetchNextPage(Short, {});
    expect(ids()).toEqual([3, 4, 5, 6]);
    server.requests.length = 0;
    await controller.invalidate(Short, {});
    await controller.fetch(Short, {});
    expect(feedRequests()).toEqual(['cursor=2', 'cursor=4']);
    expect(ids()).toEqual([3, 4, 5, 6]);
  });

  it('a failed page keeps the loaded pages, and hasNextPage stays true', async () => {
    const { Feed, ids, cache, store, controller } = await feed();
    await controller.fetchNextPage(Feed, { userId: 1 });
    server.route('GET', '/feed', () => ({ status: 503, json: {} }));
    await expect(controller.fetchNextPage(Feed, { userId: 1 })).rejects.toMatchObject({ status: 503 });
    expect(ids()).toEqual([1, 2]);
    expect(selectPages(cache, store.getState(), Feed, { userId: 1 })).toMatchObject({ hasNextPage: true, isFetchingNextPage: false });
  });
});

describe('page numbers', () => {
  async function paged() {
    const { TodoResource } = await runRecipe<{ TodoResource: { getList: AnyEndpoint & { getPage: AnyEndpoint } } }>(
      PAGE,
      'pages.ts',
      server.url,
    );
    const context = setup({ features: [infinitePages()] });
    const ids = () => (context.controller.getResponse(TodoResource.getList, context.store.getState()).data as Row[] | undefined)?.map((todo) => todo.id);
    const pageRequests = () => server.requests.filter((request) => request.path === '/todos').map((request) => request.query.toString());
    return { TodoResource, ids, pageRequests, ...context };
  }

  it('page + 1 while the last page had items', async () => {
    const { TodoResource, ids, pageRequests, cache, store, controller } = await paged();
    for (let i = 0; i < 4; i++) await controller.fetchNextPage(TodoResource.getList);
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageRequests()).toEqual(['', 'page=2', 'page=3', 'page=4']);
    expect(selectPages(cache, store.getState(), TodoResource.getList)).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it("getPage appends one page, but the store does not record it: a refetch loads the first page only", async () => {
    const { TodoResource, ids, pageRequests, controller } = await paged();
    await controller.fetch(TodoResource.getList);
    await controller.fetch(TodoResource.getList.getPage, { page: 2 });
    expect(ids()).toEqual([1, 2, 3, 4]);
    await controller.invalidate(TodoResource.getList);
    await controller.fetch(TodoResource.getList);
    expect(pageRequests()).toEqual(['', 'page=2', '']);
    expect(ids()).toEqual([1, 2]);
  });
});

describe('list edits', () => {
  it('push joins the lists its userId matches; move moves between them; remove takes it out and keeps it cached', async () => {
    const { TodoResource, Todo } = await runRecipe<{ TodoResource: Record<'get', AnyEndpoint> & { getList: AnyEndpoint & Record<'push' | 'move' | 'remove', AnyEndpoint> }; Todo: typeof Entity }>(
      PAGE,
      'lists.ts',
      server.url,
    );
    const { cache, store, controller } = setup({ features: [collectionEdits()] });
    // The default route: every todo (no pages).
    server.route('GET', '/todos', (request) => {
      const userId = request.query.get('userId');
      return { json: [...server.todos.values()].filter((todo) => userId === null || String(todo.userId) === userId) };
    });
    const ids = (params?: object) =>
      (controller.getResponse(TodoResource.getList, ...(params ? [params] : []), store.getState()).data as Row[] | undefined)?.map((todo) => todo.id);
    await controller.fetch(TodoResource.getList);
    await controller.fetch(TodoResource.getList, { userId: 1 });
    await controller.fetch(TodoResource.getList, { userId: 2 });

    await controller.fetch(TodoResource.getList.push, { id: -1, title: 'Write docs', userId: 1 });
    expect([ids(), ids({ userId: 1 }), ids({ userId: 2 })]).toEqual([
      [1, 2, 3, 4, 5, 6, 1000],
      [1, 2, 3, 4, 1000],
      [5, 6],
    ]);

    await controller.fetch(TodoResource.getList.move, { id: 4 }, { userId: 2 });
    expect([ids(), ids({ userId: 1 }), ids({ userId: 2 })]).toEqual([
      [1, 2, 3, 4, 5, 6, 1000],
      [1, 2, 3, 1000],
      [5, 6, 4],
    ]);

    await controller.fetch(TodoResource.getList.remove, { userId: 2 }, { id: 5 });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PATCH', path: '/todos' });
    expect(server.requests.at(-1)?.query.toString()).toBe('userId=2');
    // Out of the lists the params match, the unfiltered one included.
    expect([ids(), ids({ userId: 1 }), ids({ userId: 2 })]).toEqual([
      [1, 2, 3, 4, 6, 1000],
      [1, 2, 3, 1000],
      [6, 4],
    ]);
    expect(cache.selectEntity(store.getState(), Todo, 5)).toMatchObject({ title: 'todo 5' });
    expect(slice(cache, store).optimistic).toEqual([]);
  });
});
