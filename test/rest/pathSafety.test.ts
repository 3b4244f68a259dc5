import { RestEndpoint, buildPath, createResource } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { startServer, type TestServer } from '../helpers/server';
import { setup } from '../store/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

function resources() {
  const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const UserTodos = createResource({ urlPrefix: server.url, path: '/users/:userId/todos/:id', schema: Todo });
  return { TodoResource, UserTodos };
}

describe('path params cannot leave the path', () => {
  it("rejects '.' and '..' naming the endpoint and the param, and sends nothing", async () => {
    const { TodoResource, UserTodos } = resources();
    server.route('GET', /.*/, () => ({ json: { id: 1 } }));
    server.route('DELETE', /.*/, () => ({ status: 204 }));
    await expect(UserTodos.get({ userId: '..', id: 1 })).rejects.toThrow(
      `[rest-slice] \`Todo.get\` (GET ${server.url}/users/:userId/todos/:id) param 'userId' is '..', which would change the path '/users/:userId/todos/:id'`,
    );
    await expect(TodoResource.delete({ id: '..' })).rejects.toThrow(
      `[rest-slice] \`Todo.delete\` (DELETE ${server.url}/todos/:id) param 'id' is '..', which would change the path '/todos/:id'`,
    );
    await expect(TodoResource.delete({ id: '.' })).rejects.toThrow("param 'id' is '.', which would change the path");
    expect(server.requests).toEqual([]);
  });

  it('through a store: controller.fetch rejects and nothing is sent or stored', async () => {
    const { TodoResource } = resources();
    const { controller, store } = setup();
    const before = store.getState();
    await expect(controller.fetch(TodoResource.delete, { id: '..' })).rejects.toThrow("param 'id' is '..'");
    await expect(controller.fetch(TodoResource.get, { id: '' })).rejects.toThrow("param 'id' is ''");
    expect(store.getState()).toBe(before);
    expect(server.requests).toEqual([]);
  });

  it("rejects '' for a required param and treats it as absent for an optional one", async () => {
    const { TodoResource } = resources();
    await expect(TodoResource.delete({ id: '' })).rejects.toThrow(
      `[rest-slice] \`Todo.delete\` (DELETE ${server.url}/todos/:id) param 'id' is '', which would request a different path than '/todos/:id'; pass a non-empty value`,
    );
    const optional = new RestEndpoint({ path: '/todos/:id?' });
    expect(optional.url({ id: '' })).toBe('/todos');
    expect(server.requests).toEqual([]);
  });

  it("allows '.' and '..' inside a longer segment or in the query part of a template", () => {
    expect(buildPath('/files/:name.json', { name: '..' })).toBe('/files/...json');
    expect(buildPath('/search\\?q=:q', { q: '..' })).toBe('/search?q=..');
    expect(() => buildPath('/a/:x-:y', { x: '.', y: '.' })).not.toThrow();
    expect(() => buildPath('/a/:x/b', { x: '..' })).toThrow("[rest-slice] `url` param 'x' is '..'");
  });

  it("'../admin' stays one segment: the server sees the exact path", async () => {
    server.route('GET', /.*/, () => ({ json: { id: 1 } }));
    const { TodoResource } = resources();
    for (const id of ['../admin', '..\\admin', '%2e%2e', '..%2F', '?x=1', '#top', '.. ', ' ..']) {
      const url = TodoResource.get.url({ id });
      expect(new URL(url).pathname.split('/')).toHaveLength(3);
      await TodoResource.get({ id });
    }
    expect(server.requests.map((request) => request.url)).toEqual([
      '/todos/..%2Fadmin',
      '/todos/..%5Cadmin',
      '/todos/%252e%252e',
      '/todos/..%252F',
      '/todos/%3Fx%3D1',
      '/todos/%23top',
      '/todos/..%20',
      '/todos/%20..',
    ]);
  });

  it('a lone surrogate, a Symbol or a throwing toString is an error naming the endpoint and the param', async () => {
    const { TodoResource } = resources();
    const hostile = {
      toString() {
        throw new Error('no string for you');
      },
    };
    await expect(TodoResource.get({ id: '\uD800' })).rejects.toThrow(
      `[rest-slice] \`Todo.get\` (GET ${server.url}/todos/:id) param 'id' contains a lone surrogate`,
    );
    await expect(TodoResource.get({ id: Symbol('x') as never })).rejects.toThrow(
      `[rest-slice] \`Todo.get\` (GET ${server.url}/todos/:id) param 'id' is a Symbol`,
    );
    const error = (await TodoResource.get({ id: hostile as never }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `[rest-slice] \`Todo.get\` (GET ${server.url}/todos/:id) param 'id' cannot be turned into a string (no string for you); pass a string or a number`,
    );
    expect(error.cause).toEqual(new Error('no string for you'));
    expect(server.requests).toEqual([]);
  });

  it('search params get the same checks', () => {
    const list = new RestEndpoint({ path: '/todos', searchParams: {} as { q?: unknown } });
    expect(() => list.url({ q: 'a\uDC00b' })).toThrow("[rest-slice] `GET /todos` search param 'q' contains a lone surrogate");
    expect(() => list.url({ q: [1, Symbol('s')] })).toThrow("[rest-slice] `GET /todos` search param 'q' is a Symbol");
    expect(() =>
      list.url({
        q: {
          toString() {
            throw new Error('nope');
          },
        },
      }),
    ).toThrow("[rest-slice] `GET /todos` search param 'q' cannot be turned into a string (nope)");
    expect(list.url({ q: '\uD83D\uDE00' })).toBe('/todos?q=%F0%9F%98%80');
  });

  it('a param named after an Object.prototype member is read from the params only', () => {
    expect(buildPath('/things/:constructor/:toString', { constructor: 'a', toString: 'b' })).toBe('/things/a/b');
    expect(() => buildPath('/things/:constructor', {})).toThrow(
      "[rest-slice] `url` is missing the param 'constructor' of the path '/things/:constructor'",
    );
    expect(() => buildPath('/things/:hasOwnProperty', {})).toThrow("is missing the param 'hasOwnProperty'");
  });
});
