// endpoint.paginated / getPage through a store against the local server: a
// page appends to the one list getList reads, also when the Collection sits
// deeper in the response; push onto a nested Collection shows in the list.
import { RestEndpoint, createResource, schema } from 'rest-slice';
import { setup, startStoreServer, Todo, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  const rows = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, title: `t${i + 1}`, userId: i < 4 ? 1 : 2 }));
  const page = (query: URLSearchParams, size = 2) => {
    const userId = query.get('userId');
    const mine = rows.filter((row) => userId === null || String(row.userId) === userId);
    const start = Number(query.get('page') ?? query.get('cursor') ?? 1) - 1;
    return { mine, start: start * size, size };
  };
  server.route('GET', '/posts', (request) => {
    const { mine, start, size } = page(request.query);
    return { json: mine.slice(start, start + size) };
  });
  server.route('GET', '/feed', (request) => {
    const { mine, start, size } = page(request.query);
    const next = start + size < mine.length ? String(start / size + 2) : '';
    return { json: { nextPage: next, data: { results: mine.slice(start, start + size) } } };
  });
  let nextId = 70;
  server.route('POST', '/feed', (request) => ({ status: 201, json: { id: nextId++, ...(request.body as object) } }));
});
afterEach(() => server.close());

const ids = (list: readonly Todo[] | undefined) => list?.map((todo) => todo.id);

function feedEndpoint() {
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/feed',
    searchParams: {} as { userId?: number },
    schema: { nextPage: '', data: { results: new schema.Collection([Todo]) } },
    paginationField: 'cursor',
  });
}

describe('getPage with paginationField', () => {
  it('page 2 appends to the list getList reads (one request each)', async () => {
    const { store, controller } = setup();
    const Posts = createResource({ urlPrefix: server.url, path: '/posts/:id', schema: Todo, paginationField: 'page' });
    await controller.fetch(Posts.getList);
    await controller.fetch(Posts.getList.getPage, { page: 2 });
    expect(ids(controller.getResponse(Posts.getList, store.getState()).data)).toEqual([1, 2, 3, 4]);
    expect(server.requests.map((request) => `${request.path}?${request.query}`)).toEqual(['/posts?', '/posts?page=2']);
    // The page is stored under the list's key, not a key of its own.
    expect(Posts.getList.getPage.key({ page: 2 })).toBe(Posts.getList.key());
  });

  it('a Collection nested in the response: results append and nextPage follows the latest page', async () => {
    const { store, controller } = setup();
    const feed = feedEndpoint();
    await controller.fetch(feed);
    const first = controller.getResponse(feed, store.getState()).data!;
    expect([first.nextPage, ids(first.data.results)]).toEqual(['2', [1, 2]]);
    await controller.fetch(feed.getPage, { cursor: first.nextPage });
    const second = controller.getResponse(feed, store.getState()).data!;
    expect([second.nextPage, ids(second.data.results)]).toEqual(['3', [1, 2, 3, 4]]);
    await controller.fetch(feed.getPage, { cursor: second.nextPage });
    const third = controller.getResponse(feed, store.getState()).data!;
    expect([third.nextPage, ids(third.data.results)]).toEqual(['', [1, 2, 3, 4, 5, 6]]);
  });

  it('a page reaches only the list of the same params without the cursor', async () => {
    const { store, controller } = setup();
    const feed = feedEndpoint();
    await controller.fetch(feed);
    await controller.fetch(feed, { userId: 1 });
    await controller.fetch(feed.getPage, { userId: 1, cursor: 2 });
    expect(ids(controller.getResponse(feed, { userId: 1 }, store.getState()).data?.data.results)).toEqual([1, 2, 3, 4]);
    expect(ids(controller.getResponse(feed, store.getState()).data?.data.results)).toEqual([1, 2]);
  });

  it('push and unshift onto a nested Collection show in the list', async () => {
    const { store, controller } = setup();
    const feed = feedEndpoint();
    await controller.fetch(feed);
    await controller.fetch(feed.push, { title: 'pushed' });
    await controller.fetch(feed.unshift, { title: 'unshifted' });
    const list = controller.getResponse(feed, store.getState()).data!.data.results;
    expect(ids(list)).toEqual([71, 1, 2, 70]);
    expect(list[0].title).toBe('unshifted');
  });
});

describe('endpoint.paginated', () => {
  it('with a field name: the same as getPage for that field', async () => {
    const { store, controller } = setup();
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/posts', schema: new schema.Collection([Todo]) });
    const nextPage = list.paginated('page');
    expect([nextPage.name, nextPage.method, nextPage.url({ page: 3 })]).toEqual([
      `${list.name}.getPage`,
      'GET',
      `${server.url}/posts?page=3`,
    ]);
    await controller.fetch(list);
    await controller.fetch(nextPage, { page: 3 });
    expect(ids(controller.getResponse(list, store.getState()).data)).toEqual([1, 2, 5, 6]);
  });

  it('with a function from the page args to the list args', async () => {
    const { store, controller } = setup();
    const feed = feedEndpoint();
    const more = feed.paginated(({ cursor, ...rest }: { cursor: string; userId?: number }) => [rest]);
    await controller.fetch(feed, { userId: 1 });
    await controller.fetch(more, { userId: 1, cursor: '2' });
    expect(ids(controller.getResponse(feed, { userId: 1 }, store.getState()).data?.data.results)).toEqual([1, 2, 3, 4]);
    expect(server.requests.at(-1)?.query.toString()).toBe('cursor=2&userId=1');
  });

  it('throws at definition without a Collection in the schema', () => {
    const plain = new RestEndpoint({ path: '/todos', schema: [Todo], name: 'plain' });
    expect(() => plain.paginated('page')).toThrow(
      '[rest-slice] `plain.paginated` needs an endpoint whose schema is a `schema.Collection` or holds one in an object, got [Todo]',
    );
  });
});
