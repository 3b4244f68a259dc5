// Which requests share one HTTP request, and which endpoint a state entry that
// only names its endpoint (a replayed optimistic update) is run with, and which errors are soft.
import type { UnknownAction } from '@reduxjs/toolkit';
import { Endpoint, RestEndpoint, createResource, createRestCache } from 'rest-slice';
import { makeClock, makeStore, recorder, setup, slice, startStoreServer, Todo, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  const rows = [1, 2, 3, 4].map((id) => ({ id, title: `t${id}`, completed: false, userId: 1, updatedAt: 0 }));
  server.route('GET', '/posts', (request) => {
    const page = Number(request.query.get('page') ?? 1);
    return { json: rows.slice((page - 1) * 2, page * 2) };
  });
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterEach(() => server.close());

const ids = (list: readonly Todo[] | undefined) => list?.map((todo) => todo.id);

describe('sharing a GET in flight', () => {
  it('a page fetched while its list is in flight is its own request (same key, other URL)', async () => {
    const { store, controller } = setup();
    const Posts = createResource({ urlPrefix: server.url, path: '/posts/:id', schema: Todo, paginationField: 'page' });
    expect(Posts.getList.getPage.key({ page: 2 })).toBe(Posts.getList.key());
    server.hold();
    const list = controller.fetch(Posts.getList);
    await server.waitForHeld(1);
    const page = controller.fetch(Posts.getList.getPage, { page: 2 });
    await server.waitForHeld(2);
    await server.releaseAll();
    expect(ids(await list)).toEqual([1, 2]);
    // The page's own data: the list it appended to, not the first page alone.
    expect(ids(await page)).toEqual([1, 2, 3, 4]);
    expect(server.requests.map((request) => `${request.path}?${request.query}`)).toEqual(['/posts?', '/posts?page=2']);
    expect(ids(controller.getResponse(Posts.getList, store.getState()).data)).toEqual([1, 2, 3, 4]);
  });

  it('the same endpoint and key still share one request', async () => {
    const { controller } = setup();
    const Posts = createResource({ urlPrefix: server.url, path: '/posts/:id', schema: Todo, paginationField: 'page' });
    server.hold();
    const pages = [controller.fetch(Posts.getList.getPage, { page: 2 }), controller.fetch(Posts.getList.getPage, { page: 2 })];
    await server.waitForHeld(1);
    server.hold(false);
    await server.releaseAll();
    const [a, b] = await Promise.all(pages);
    expect(a).toBe(b);
    expect(server.count('GET', '/posts')).toBe(1);
  });
});

describe('endpoints sharing a name', () => {
  it('a replayed optimistic update runs the endpoint whose testKey accepts its key', async () => {
    const clock = makeClock();
    const cache = createRestCache({ now: clock.now });
    const recorded = recorder();
    const store = makeStore(cache, { after: [recorded.middleware] });
    const controller = cache.controller(store);
    // Unnamed, on one path: both are named `${urlPrefix}/todos/:id`.
    const options = { urlPrefix: server.url, path: '/todos/:id', schema: Todo, body: {} as { title: string } } as const;
    const patch = new RestEndpoint({
      ...options,
      method: 'PATCH',
      getOptimisticResponse: (_snap, params: { id: number }, body: { title: string }) => ({ id: params.id, title: `${body.title} (patch)` }),
    });
    const put = new RestEndpoint({
      ...options,
      method: 'PUT',
      getOptimisticResponse: (_snap, params: { id: number }, body: { title: string }) => ({ id: params.id, title: `${body.title} (put)` }),
    });
    expect(patch.name).toBe(put.name);
    await controller.fetch(patch, { id: 1 }, { title: 'a' });
    clock.advance(1);
    // PUT is used last, so it is the latest endpoint of that name.
    await controller.fetch(put, { id: 1 }, { title: 'b' });

    // A log that ends while the PATCH is pending: its entry names the endpoint, and the request is long settled.
    const log = recorded.log as UnknownAction[];
    const patchFetch = log.findIndex((action) => action.type === 'rest/optimistic');
    const fresh = makeStore(cache);
    for (const action of log.slice(0, patchFetch + 1)) fresh.dispatch(action);
    expect(slice(cache, fresh).optimistic.map((entry) => entry.key)).toEqual([`PATCH ${server.url}/todos/1`]);
    expect(cache.selectEntity(fresh.getState(), Todo, 1)?.title).toBe('a (patch)');
  });
});

describe('which errors are soft', () => {
  const serverError = () => Object.assign(new Error('down'), { status: 503 });

  it("is the endpoint's errorPolicy: an Endpoint's 5xx is soft, a plain callable without errorPolicy has none", async () => {
    const { cache, store, controller } = setup();
    const failing = new Endpoint(async (_params: { id: number }) => Promise.reject(serverError()), { name: 'failing' });
    const plain = Object.assign(async (_params: { id: number }) => Promise.reject(serverError()), {
      key: (params: { id: number }) => `plain ${params.id}`,
    });
    Object.defineProperty(plain, 'name', { value: 'plain' });
    await expect(controller.fetch(failing, { id: 1 })).rejects.toThrow('down');
    await expect(controller.fetch(plain, { id: 1 })).rejects.toThrow('down');
    const meta = slice(cache, store).meta;
    expect(meta['failing [{"id":1}]'].errorPolicy).toBe('soft');
    expect(meta['plain 1'].errorPolicy).toBeUndefined();
    expect(meta['plain 1'].error).toEqual({ name: 'Error', message: 'down', status: 503 });
  });
});
