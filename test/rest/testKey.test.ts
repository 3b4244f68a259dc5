import { RestEndpoint } from 'rest-slice';
import { setup, slice, todoResource, storeServerForEachTest } from '../store/helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one', userId: 1 },
  { id: 2, title: 'two', userId: 2 },
]);

describe('RestEndpoint#testKey', () => {
  it('matches the method and the path pattern with any params', () => {
    const list = new RestEndpoint({ urlPrefix: 'http://x.test', path: '/todos' });
    const get = new RestEndpoint({ urlPrefix: 'http://x.test', path: '/users/:userId/todos/:id?' });
    expect(list.testKey('GET http://x.test/todos')).toBe(true);
    expect(list.testKey('GET http://x.test/todos?userId=1&z=2')).toBe(true);
    expect(list.testKey('GET http://x.test/todos/1')).toBe(false);
    expect(list.testKey('POST http://x.test/todos')).toBe(false);
    expect(list.testKey('GET http://y.test/todos')).toBe(false);
    expect(get.testKey('GET http://x.test/users/7/todos/..%2Fadmin')).toBe(true);
    expect(get.testKey('GET http://x.test/users/7/todos')).toBe(true);
    expect(get.testKey('GET http://x.test/users/7/todos/1/comments')).toBe(false);
    const search = new RestEndpoint({ path: '/search\\?q=:q' });
    expect(search.testKey('GET /search?q=bug')).toBe(true);
    expect(search.testKey('GET /search?q=bug&page=2')).toBe(true);
  });

  it('matches its own keys after a prefix that ends in a segment: a `/` path there has none, an optional param may be absent', () => {
    const paged = {} as { page?: number };
    const list = new RestEndpoint({ urlPrefix: 'http://x.test/todos', path: '/', searchParams: paged });
    const optional = new RestEndpoint({ urlPrefix: 'http://x.test/todos', path: '/:id?', searchParams: paged });
    const bare = new RestEndpoint({ urlPrefix: 'http://x.test/', path: ':id?', searchParams: paged });
    for (const endpoint of [list, optional, bare]) {
      expect(endpoint.testKey(endpoint.key({}))).toBe(true);
      expect(endpoint.testKey(endpoint.key({ page: 2 }))).toBe(true);
    }
    expect(list.key({ page: 2 })).toBe('GET http://x.test/todos?page=2');
    expect(optional.testKey(optional.key({ id: 5, page: 2 }))).toBe(true);
    expect(list.testKey('GET http://x.test/todos/5')).toBe(false);
    expect(list.testKey('GET http://x.test/todosx')).toBe(false);
  });

  it('lets invalidateAll and expireAll take an endpoint', async () => {
    const { controller, store, cache } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList);
    await controller.fetch(TodoResource.getList, { userId: 1 });
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.invalidateAll(TodoResource.getList);
    const meta = slice(cache, store).meta;
    expect(meta[`GET ${server.url}/todos`].invalidated).toBe(true);
    expect(meta[`GET ${server.url}/todos?userId=1`].invalidated).toBe(true);
    expect(meta[`GET ${server.url}/todos/1`].invalidated).toBeUndefined();

    await controller.fetch(TodoResource.getList);
    await controller.expireAll(TodoResource.get);
    expect(slice(cache, store).meta[`GET ${server.url}/todos/1`].expiresAt).toBe(0);
    expect(slice(cache, store).meta[`GET ${server.url}/todos`].expiresAt).toBeGreaterThan(0);
  });
});
