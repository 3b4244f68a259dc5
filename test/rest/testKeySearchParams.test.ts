// `testKey` recognizes every request key its endpoint makes, search params
// included, and no key of a neighbouring path; `invalidateAll(endpoint)`
// relies on it.
import { RestEndpoint } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';
import { setup, slice } from '../store/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('testKey and search params', () => {
  const list = new RestEndpoint({ urlPrefix: 'http://x.test', path: '/users/:userId/todos' });

  it("matches the endpoint's own keys with any search params", () => {
    const keys = [
      list.key({ userId: 1 }),
      list.key({ userId: 1, done: true } as never),
      list.key({ userId: 'a b', tags: ['x', 'y'], q: 'a&b=c?d#e' } as never),
      list.key({ userId: 2, empty: '' } as never),
    ];
    expect(keys).toEqual([
      'GET http://x.test/users/1/todos',
      'GET http://x.test/users/1/todos?done=true',
      'GET http://x.test/users/a%20b/todos?q=a%26b%3Dc%3Fd%23e&tags=x&tags=y',
      'GET http://x.test/users/2/todos?empty=',
    ]);
    expect(keys.map((key) => list.testKey(key))).toEqual([true, true, true, true]);
  });

  it('does not match a neighbouring path, with or without search params', () => {
    expect(
      [
        'GET http://x.test/users/1/todos-archive?done=true',
        'GET http://x.test/users/1/todosX',
        'GET http://x.test/users/1/todos/7?done=true',
        'GET http://x.test/users/todos?done=true',
        'GET http://x.test/users/1/todo?done=true',
        'DELETE http://x.test/users/1/todos?done=true',
        'GET http://x.test/users/1/todos?done=true'.replace('x.test', 'y.test'),
      ].map((key) => list.testKey(key)),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('invalidateAll(endpoint) invalidates its lists with search params and keeps other endpoints’ results', async () => {
    server.route('GET', '/users/:userId/todos', () => ({ json: [] }));
    server.route('GET', '/users/:userId/todos-archive', () => ({ json: [] }));
    const { cache, store, controller } = setup();
    const todos = new RestEndpoint({ urlPrefix: server.url, path: '/users/:userId/todos', searchParams: {} as { done?: boolean } });
    const archive = new RestEndpoint({ urlPrefix: server.url, path: '/users/:userId/todos-archive', searchParams: {} as { done?: boolean } });
    await controller.fetch(todos, { userId: 1 });
    await controller.fetch(todos, { userId: 1, done: true });
    await controller.fetch(archive, { userId: 1, done: true });
    await controller.invalidateAll(todos);
    const meta = slice(cache, store).meta;
    expect(
      Object.keys(meta)
        .sort()
        .map((key) => [key.slice(server.url.length + 4), meta[key].invalidated ?? false]),
    ).toEqual([
      ['/users/1/todos', true],
      ['/users/1/todos-archive?done=true', false],
      ['/users/1/todos?done=true', true],
    ]);
  });
});

describe('testKey with a literal query in the path template', () => {
  it('matches keys whose search params follow the literal query after `&`', () => {
    const search = new RestEndpoint({ urlPrefix: 'http://x.test', path: '/search\\?type=all', searchParams: {} as { q?: string } });
    const keys = [search.key(), search.key({ q: 'bug' }), search.key({ q: 'a&b' })];
    expect(keys).toEqual(['GET http://x.test/search?type=all', 'GET http://x.test/search?type=all&q=bug', 'GET http://x.test/search?type=all&q=a%26b']);
    expect(keys.map((key) => search.testKey(key))).toEqual([true, true, true]);
    expect(['GET http://x.test/search?type=allx', 'GET http://x.test/search?type=some&q=bug'].map((key) => search.testKey(key))).toEqual([false, false]);
  });
});

describe('invalidateAll with a literal query in the path template', () => {
  it('invalidates every key the endpoint made, search params included', async () => {
    server.route('GET', '/search', () => ({ json: [] }));
    const { cache, store, controller } = setup();
    const search = new RestEndpoint({ urlPrefix: server.url, path: '/search\\?type=all', searchParams: {} as { q?: string } });
    await controller.fetch(search);
    await controller.fetch(search, { q: 'bug' });
    await controller.invalidateAll(search);
    const meta = slice(cache, store).meta;
    expect(Object.keys(meta).sort()).toEqual([`GET ${server.url}/search?type=all`, `GET ${server.url}/search?type=all&q=bug`]);
    expect(Object.values(meta).map((entry) => entry.invalidated)).toEqual([true, true]);
  });
});
