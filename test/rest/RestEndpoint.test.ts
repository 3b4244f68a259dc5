import { Entity, NetworkError, RestEndpoint, schema } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { startServer, deferred, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('RestEndpoint', () => {
  it('GETs with path params and sorted search params, resolving plain JSON', async () => {
    server.route('GET', '/users/:userId/todos', (req) => ({ json: [{ id: 1, title: req.params.userId }] }));
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/users/:userId/todos', schema: [Todo] });
    await expect(list({ userId: 7, z: 'last', a: 'first', skip: undefined, none: null } as never)).resolves.toEqual([
      { id: 1, title: '7' },
    ]);
    expect(server.requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/users/7/todos?a=first&z=last', body: undefined }),
    ]);
  });

  it('has a stable key, url, name, method and sideEffect', () => {
    const get = new RestEndpoint({ urlPrefix: 'http://x.test', path: '/todos/:id', schema: Todo });
    expect(get.key({ id: 1, b: 2, a: 1 } as never)).toBe('GET http://x.test/todos/1?a=1&b=2');
    expect(get.key({ a: 1, id: 1, b: 2 } as never)).toBe(get.key({ id: 1, b: 2, a: 1 } as never));
    expect(get.url({ id: 5 })).toBe('http://x.test/todos/5');
    expect(get.name).toBe('http://x.test/todos/:id');
    expect(get.method).toBe('GET');
    expect(get.sideEffect).toBeUndefined();
    expect(typeof get).toBe('function');
    expect(get).toBeInstanceOf(RestEndpoint);
  });

  it('recomputes sideEffect when extend changes the method; the default name is urlPrefix + path', () => {
    const get = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    const put = get.extend({ method: 'PUT' });
    expect(put.sideEffect).toBe(true);
    expect(put.name).toBe('/todos/:id');
    expect(put.extend({ method: 'GET' }).sideEffect).toBeUndefined();
    expect(get.extend({ name: 'custom' }).name).toBe('custom');
  });

  it('infers POST from sideEffect: true, and GET with sideEffect undefined otherwise (as Data Client)', () => {
    const create = new RestEndpoint({ path: '/todos', sideEffect: true });
    expect([create.method, create.sideEffect]).toEqual(['POST', true]);
    const read = new RestEndpoint({ path: '/todos' });
    expect([read.method, read.sideEffect, 'sideEffect' in read]).toEqual(['GET', undefined, true]);
    expect(new RestEndpoint({ path: '/todos', method: 'DELETE' }).sideEffect).toBe(true);
    expect(new RestEndpoint({ path: '/todos', method: 'HEAD' }).sideEffect).toBeUndefined();
    const quiet = new RestEndpoint({ path: '/todos', method: 'POST', sideEffect: false });
    expect([quiet.method, quiet.sideEffect]).toEqual(['POST', false]);
    class Creator extends RestEndpoint {
      override sideEffect = true as never;
    }
    expect(new Creator({ path: '/todos' }).method).toBe('POST');
    class Putter extends RestEndpoint {
      override method = 'PUT' as never;
    }
    expect(new Putter({ path: '/todos/:id' }).sideEffect).toBe(true);
  });

  it('sends a JSON body with Content-Type, and a body alone when the path has no params', async () => {
    server.route('POST', '/todos', (req) => ({ status: 201, json: { id: 9, ...(req.body as object) } }));
    const create = new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'POST', schema: Todo });
    await expect(create({ title: 'a' })).resolves.toEqual({ id: 9, title: 'a' });
    await expect(create({ list: 2 } as never, [1, 2])).resolves.toEqual({ id: 9, 0: 1, 1: 2 });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/todos',
      body: { title: 'a' },
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
    expect(server.requests[1]).toMatchObject({ url: '/todos?list=2', body: [1, 2] });
  });

  it('passes FormData through', async () => {
    server.route('POST', '/upload', () => ({ json: { ok: true } }));
    const upload = new RestEndpoint({ urlPrefix: server.url, path: '/upload', method: 'POST' });
    const form = new FormData();
    form.append('name', 'file.txt');
    await expect(upload(form)).resolves.toEqual({ ok: true });
    expect(String(server.requests[0].headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.requests[0].body).toContain('file.txt');
  });

  it('getHeaders can add headers', async () => {
    server.route('GET', '/me', (req) => ({ json: { auth: req.headers.authorization } }));
    class AuthEndpoint extends RestEndpoint {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, Authorization: 'Bearer t' };
      }
    }
    const me = new AuthEndpoint({ urlPrefix: server.url, path: '/me' });
    await expect(me.fetchWith({})).resolves.toEqual({ auth: 'Bearer t' });
  });

  it('throws NetworkError with status, response and a message for 404 with JSON', async () => {
    server.route('GET', '/todos/:id', () => ({ status: 404, json: { message: 'no such todo' } }));
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const error = await get({ id: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(404);
    expect((error as NetworkError).message).toBe(`[rest-slice] GET ${server.url}/todos/5 failed: 404 Not Found`);
    // The body already read, as RTK Query's `error.data`; the response itself stays unread for Data Client's way.
    expect((error as NetworkError).data).toEqual({ message: 'no such todo' });
    await expect((error as NetworkError).response.json()).resolves.toEqual({ message: 'no such todo' });
    expect(get.errorPolicy(error as NetworkError)).toBeUndefined();
  });

  it('throws a soft NetworkError for 500 with an HTML page', async () => {
    server.route('GET', '/todos/:id', () => ({ status: 500, text: '<html>Oops</html>', headers: { 'Content-Type': 'text/html' } }));
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const error = (await get({ id: 1 }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(`[rest-slice] GET ${server.url}/todos/1 failed: 500 Internal Server Error`);
    expect(get.errorPolicy(error)).toBe('soft');
    expect(error.data).toBe('<html>Oops</html>');
  });

  it("gives an error response's body as `data`: undefined when empty, the text when mislabeled JSON", async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    server.route('GET', '/todos/:id', () => ({ status: 401, text: '' }));
    const empty = (await get({ id: 1 }).catch((e: unknown) => e)) as NetworkError;
    expect([empty.status, empty.data]).toEqual([401, undefined]);
    server.route('GET', '/todos/:id', () => ({ status: 422, text: 'not json {', headers: { 'Content-Type': 'application/json' } }));
    const mislabeled = (await get({ id: 1 }).catch((e: unknown) => e)) as NetworkError;
    expect([mislabeled.status, mislabeled.data]).toEqual([422, 'not json {']);
    // One made by hand has none.
    expect(new NetworkError(new Response('x', { status: 400 })).data).toBeUndefined();
  });

  it('rejects an HTML body where the schema needs JSON, quoting its start', async () => {
    server.route('GET', '/todos/:id', () => ({ text: '<!doctype html><title>App</title>', headers: { 'Content-Type': 'text/html' } }));
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    await expect(get({ id: 1 })).rejects.toThrow(
      `[rest-slice] GET ${server.url}/todos/1 returned text/html where its schema needs JSON; the body starts "<!doctype html><title>App</title>"`,
    );
    const text = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id' });
    await expect(text({ id: 1 })).resolves.toBe('<!doctype html><title>App</title>');
  });

  it('rejects invalid JSON naming the URL', async () => {
    server.route('GET', '/todos/:id', () => ({ text: '{"id": 1,', headers: { 'Content-Type': 'application/json' } }));
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    await expect(get({ id: 1 })).rejects.toThrow(`[rest-slice] GET ${server.url}/todos/1 returned invalid JSON`);
  });

  it('resolves null for 204 and for an empty body', async () => {
    server.route('DELETE', '/things/:id', () => ({ status: 204 }));
    server.route('POST', '/things/:id', () => ({ status: 200, text: '' }));
    const del = new RestEndpoint({ urlPrefix: server.url, path: '/things/:id', method: 'DELETE', schema: Todo });
    const post = new RestEndpoint({ urlPrefix: server.url, path: '/things/:id', method: 'POST', schema: Todo });
    await expect(del({ id: 1 })).resolves.toBeNull();
    await expect(post({ id: 1 }, {})).resolves.toBeNull();
  });

  it('throws an error naming the URL when the server cannot be reached', async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const get = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo });
    const error = (await get({ id: 1 }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(new RegExp(`^\\[rest-slice\\] GET ${url}/todos/1 could not be reached \\(.*ECONNREFUSED\\)$`));
    expect(error.cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });

  it('fetchWith injects a fetch implementation and an AbortSignal', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      seen.push(`${init?.method} ${String(input)} ${init?.signal?.aborted}`);
      return fetch(input, init);
    };
    server.route('GET', '/todos/:id', () => ({ json: { id: 1 } }));
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const controller = new AbortController();
    await expect(get.fetchWith({ fetch: fakeFetch, signal: controller.signal }, { id: 1 })).resolves.toEqual({ id: 1 });
    expect(seen).toEqual([`GET ${server.url}/todos/1 false`]);
  });

  it('an aborted request rejects with the AbortError', async () => {
    const hold = deferred();
    server.route('GET', '/slow', async () => {
      await hold.promise;
      return { json: {} };
    });
    const slow = new RestEndpoint({ urlPrefix: server.url, path: '/slow' });
    const controller = new AbortController();
    const pending = slow.fetchWith({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    hold.resolve();
  });

  it('process receives the parsed value and the call arguments', async () => {
    server.route('GET', '/todos/:id', () => ({ json: { id: 1, title: 'a' } }));
    const get = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id',
      schema: Todo,
      process(value: { title: string }, params) {
        return { ...value, title: `${value.title}!`, asked: params.id };
      },
    });
    await expect(get({ id: 1 })).resolves.toEqual({ id: 1, title: 'a!', asked: 1 });
  });

  it('push, unshift and assign are POST endpoints with adder schemas', () => {
    const list = new RestEndpoint({ path: '/todos', schema: new schema.Collection([Todo]) });
    expect(list.push.method).toBe('POST');
    expect(list.push.sideEffect).toBe(true);
    expect(list.push.name).toBe('/todos.push');
    expect(list.push.schema).toBe((list.schema as schema.Collection).push);
    expect(list.unshift.schema).toBe((list.schema as schema.Collection).unshift);
    expect(list.assign.schema).toBe((list.schema as schema.Collection).assign);
    expect(list.push).toBe(list.push);
    expect(() => new RestEndpoint({ path: '/todos/:id', schema: Todo }).push).toThrow(
      '[rest-slice] `/todos/:id.push` needs an endpoint whose schema is a `schema.Collection`',
    );
    // Named by the endpoint's own name when it has one.
    expect(() => new RestEndpoint({ path: '/todos/:id', schema: [Todo], name: 'plain' }).push).toThrow(
      '[rest-slice] `plain.push` needs an endpoint whose schema is a `schema.Collection` or holds one in an object, got [Todo]',
    );
  });

  it('class fields of a subclass are defaults that options passed to extend override', async () => {
    server.route('GET', '/v2/todos/:id', () => ({ json: { id: 2 } }));
    class V1Endpoint extends RestEndpoint {
      override urlPrefix = 'http://127.0.0.1:1';
    }
    const get = new V1Endpoint({ path: '/todos/:id', schema: Todo });
    expect(get.url({ id: 1 } as never)).toBe('http://127.0.0.1:1/todos/1');
    const moved = get.extend({ urlPrefix: `${server.url}/v2` });
    expect(moved).toBeInstanceOf(V1Endpoint);
    await expect(moved({ id: 2 })).resolves.toEqual({ id: 2 });
  });

  it('requires a path', () => {
    expect(() => new RestEndpoint({} as never)).toThrow('[rest-slice] `RestEndpoint` needs a `path` option');
  });

  it('an Entity subclass response is plain JSON, not an instance', async () => {
    server.route('GET', '/todos/:id', () => ({ json: { id: 3 } }));
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const value = await get({ id: 3 });
    expect(value).not.toBeInstanceOf(Entity);
  });
});
