// Infinite lists whose pages overlap (a server that shifts its pages, or
// sends an item twice): every todo is listed once, in page order, whether a
// page is appended, prepended, or the pages are refetched together.
import { RestEndpoint, infinitePages, schema } from 'rest-slice';
import { setup, startStoreServer, Todo, type StoreServer } from './helpers';

let server: StoreServer;
let twice: number | undefined;
beforeEach(async () => {
  twice = undefined;
  server = await startStoreServer();
  server.seedTodos([1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({ id, title: `todo ${id}`, userId: 1 })));
  // Page n holds todos 2n-1, 2n and 2n+1: each page repeats the last todo of the page before.
  // `twice` makes a page list that todo two times.
  server.route('GET', '/overlapping', (request) => {
    const page = Number(request.query.get('page') ?? '1');
    const ids = [2 * page - 1, 2 * page, 2 * page + 1].filter((id) => server.todos.has(id));
    if (twice !== undefined && ids.includes(twice)) ids.push(twice);
    return { json: ids.map((id) => server.todos.get(id)) };
  });
});
afterEach(() => server.close());

type PageParams = { page?: number };

function overlapping() {
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/overlapping',
    name: 'overlapping',
    searchParams: {} as PageParams,
    schema: new schema.Collection([Todo]),
    getNextPageParams: (_last: Todo[], { page = 1 }: PageParams) => (page < 4 ? { page: page + 1 } : undefined),
    getPreviousPageParams: (_first: Todo[], { page = 1 }: PageParams) => (page > 1 ? { page: page - 1 } : undefined),
  });
}

describe('overlapping pages are listed once', () => {
  it('appended pages: the todo repeated at the start of the next page is not listed again', async () => {
    const { store, controller } = setup({ features: [infinitePages()] });
    const List = overlapping();
    const ids = () => controller.getResponse(List, {}, store.getState()).data?.map((todo) => todo.id);
    await controller.fetchNextPage(List, {});
    expect(ids()).toEqual([1, 2, 3]);
    await controller.fetchNextPage(List, {});
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    await controller.fetchNextPage(List, {});
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('prepended pages: the todo repeated at the end of the previous page is not listed again', async () => {
    const { store, controller } = setup({ features: [infinitePages()] });
    const List = overlapping();
    const ids = () => controller.getResponse(List, { page: 3 }, store.getState()).data?.map((todo) => todo.id);
    await controller.fetch(List, { page: 3 });
    expect(ids()).toEqual([5, 6, 7]);
    await controller.fetchPreviousPage(List, { page: 3 });
    expect(ids()).toEqual([3, 4, 5, 6, 7]);
    await controller.fetchPreviousPage(List, { page: 3 });
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a refetch of the loaded pages lists each todo once, in page order', async () => {
    const { store, controller } = setup({ features: [infinitePages()] });
    const List = overlapping();
    for (let i = 0; i < 3; i++) await controller.fetchNextPage(List, {});
    server.todos.set(5, { ...server.todos.get(5)!, title: 'changed' });
    await controller.invalidate(List, {});
    const data = await controller.fetch(List, {});
    expect(data.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.find((todo) => todo.id === 5)?.title).toBe('changed');
    expect(controller.getResponse(List, {}, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a page that sends the same todo twice lists it once, first place kept', async () => {
    const { store, controller } = setup({ features: [infinitePages()] });
    const List = overlapping();
    const ids = () => controller.getResponse(List, {}, store.getState()).data?.map((todo) => todo.id);
    twice = 4;
    await controller.fetchNextPage(List, {});
    await controller.fetchNextPage(List, {});
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    twice = 1;
    await controller.invalidate(List, {});
    await controller.fetch(List, {});
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
  });
});
