// docs/auth.md's recipes, run as printed against a local server: the header from `getHeaders`, and the
// cache's `fetch` that refreshes the token once on a 401 (one refresh for concurrent requests).
import { RestEndpoint, type Entity } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';
import { blockCode, runCode } from './runBlock';

interface Token {
  currentToken(): string | undefined;
  setToken(value: string | undefined): void;
}
interface Resources {
  TodoResource: { get(params: { id: number }): Promise<unknown> } & Record<string, unknown>;
}
interface Store {
  cache: { controller(store: unknown): { fetch(endpoint: unknown, ...args: unknown[]): Promise<Entity> } };
  store: unknown;
}

let server: TestServer;

/** The page's blocks, with the example URLs pointed at the local server. */
async function load() {
  const local = (code: string) => code.split('https://api.example.com').join(server.url).split("'/auth/refresh'").join(`'${server.url}/auth/refresh'`);
  const modules: Record<string, unknown> = {};
  const resolve = (id: string) => modules[id] ?? (require(id) as unknown);
  const token = await runCode<Token>(local(blockCode('docs/auth.md', 'token.ts')), resolve);
  modules['./token'] = token;
  const resources = await runCode<Resources>(local(blockCode('docs/auth.md', 'resources.ts')), resolve);
  // Each test's `createRestCache()` is its own, so the same `Todo` key in every test does not collide.
  const store = await runCode<Store>(local(blockCode('docs/auth.md', 'store.ts')), resolve);
  return { token, resources, store };
}

beforeEach(async () => {
  server = await startServer();
  server.route('GET', '/todos/:id', ({ params, headers }) =>
    headers.authorization === 'Bearer fresh' || headers.authorization === 'Bearer first'
      ? { json: { id: Number(params.id), title: `Todo ${params.id}` } }
      : { status: 401, json: { error: 'expired' } },
  );
  server.route('POST', '/auth/refresh', () => ({ json: { token: 'fresh' } }));
});

afterEach(() => server.close());

const sent = (path: string) => server.requests.filter((request) => request.url === path).map((request) => request.headers.authorization);

describe('docs/auth.md', () => {
  it('getHeaders adds the current token to every call of the resource, called directly too', async () => {
    const { token, resources } = await load();
    token.setToken('first');
    await expect(resources.TodoResource.get({ id: 1 })).resolves.toEqual({ id: 1, title: 'Todo 1' });
    expect(sent('/todos/1')).toEqual(['Bearer first']);
  });

  it("the cache's fetch refreshes the token once for concurrent 401s and sends each request again", async () => {
    const { token, resources, store } = await load();
    token.setToken('stale');
    const controller = store.cache.controller(store.store);
    const [one, two] = await Promise.all([
      controller.fetch(resources.TodoResource.get, { id: 1 }),
      controller.fetch(resources.TodoResource.get, { id: 2 }),
    ]);
    expect([one, two].map((todo) => (todo as unknown as { title: string }).title)).toEqual(['Todo 1', 'Todo 2']);
    expect(server.requests.filter((request) => request.url === '/auth/refresh')).toHaveLength(1);
    expect(sent('/todos/1')).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(token.currentToken()).toBe('fresh');
  });

  it('a second 401 reaches the caller as a NetworkError with status 401, without a loop', async () => {
    const { token, resources, store } = await load();
    server.route('POST', '/auth/refresh', () => ({ json: { token: 'still-bad' } }));
    token.setToken('stale');
    const controller = store.cache.controller(store.store);
    await expect(controller.fetch(resources.TodoResource.get, { id: 1 })).rejects.toMatchObject({ name: 'NetworkError', status: 401 });
    expect(sent('/todos/1')).toEqual(['Bearer stale', 'Bearer still-bad']);
  });

  it('prepareHeaders() reads the token from the auth slice of the store that sends the request', async () => {
    const { cache, store, loggedIn } = await runCode<{
      cache: { controller(store: unknown): { fetch(endpoint: unknown, ...args: unknown[]): Promise<unknown> } };
      store: { dispatch(action: unknown): unknown };
      loggedIn(token: string): unknown;
    }>(blockCode('docs/auth.md', 'auth.ts'), require);
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', name: 'todo' });
    const controller = cache.controller(store);
    await expect(controller.fetch(get, { id: 1 })).rejects.toMatchObject({ status: 401 });
    store.dispatch(loggedIn('first'));
    await expect(controller.fetch(get, { id: 2 })).resolves.toEqual({ id: 2, title: 'Todo 2' });
    expect([...sent('/todos/1'), ...sent('/todos/2')]).toEqual([undefined, 'Bearer first']);
  });
});
