import { RestEndpoint, createResource } from 'rest-slice';
import { setup, startStoreServer, Todo, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

describe('RestEndpoint#fetch', () => {
  it('is what a call runs: url, init, response, parse, process', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    await expect(get.fetch({ id: 1 })).resolves.toMatchObject({ id: 1, title: 'one' });
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('extend({ fetch }) is honored by a direct call and by the store; the real request does not go out', async () => {
    const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const offline = TodoResource.get.extend({
      async fetch(params: { id: string | number }) {
        return { id: Number(params.id), title: `offline ${this.url(params)}`, completed: false, userId: 0, updatedAt: 0 };
      },
    });
    await expect(offline({ id: 1 })).resolves.toMatchObject({ title: `offline ${server.url}/todos/1` });
    const { controller, store } = setup();
    const stored = await controller.fetch(offline, { id: 1 });
    expect(stored).toBeInstanceOf(Todo);
    expect(stored.title).toBe(`offline ${server.url}/todos/1`);
    expect(controller.getResponse(offline, { id: 1 }, store.getState()).data?.title).toBe(`offline ${server.url}/todos/1`);
    expect(server.requests).toEqual([]);
  });

  it('a subclass overriding fetch can change the real request, and sees the store-injected signal', async () => {
    const signals: boolean[] = [];
    class Versioned extends RestEndpoint {
      override fetch(this: RestEndpoint<any>, ...args: any[]) {
        signals.push(this.signal instanceof AbortSignal);
        return super.fetch.call(this.extend({ urlPrefix: `${this.urlPrefix}/v2` }), ...args);
      }
    }
    server.route('GET', '/v2/todos/:id', (request) => ({ json: { id: Number(request.params.id), title: 'v2' } }));
    const get = new Versioned({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'Versioned.get' });
    await expect(get({ id: 1 })).resolves.toMatchObject({ title: 'v2' });
    const { controller } = setup();
    await expect(controller.fetch(get, { id: 1 })).resolves.toMatchObject({ id: 1, title: 'v2' });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v2/todos/1', 'GET /v2/todos/1']);
    expect(signals).toEqual([false, true]);
  });
});
