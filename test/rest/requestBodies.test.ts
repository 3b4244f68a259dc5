// What a RestEndpoint sends as the request body, as the server receives it:
// plain data as JSON, bodies that are already encoded (strings, binary,
// URLSearchParams) byte for byte, no body on GET/HEAD, and which single
// argument is the body and which the params.
import { RestEndpoint } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
beforeEach(() => {
  server.route('POST', /.*/, (req) => ({ json: { echo: req.body ?? null } }));
  server.route('PUT', /.*/, (req) => ({ json: { echo: req.body ?? null } }));
  server.route('DELETE', /.*/, () => ({ status: 204 }));
  server.route('GET', /.*/, () => ({ json: { ok: true } }));
  server.route('HEAD', /.*/, () => ({ status: 200 }));
});
afterEach(() => server.reset());
afterAll(() => server.close());

/** An endpoint called the way untyped code may call it (the types refuse these argument lists). */
const untyped = (endpoint: unknown) => endpoint as (...args: unknown[]) => Promise<unknown>;

/** The one request the server got: method, URL, its content type and raw body text. */
function sent() {
  expect(server.requests).toHaveLength(1);
  const [request] = server.requests;
  return {
    method: request.method,
    url: request.url,
    contentType: request.headers['content-type'],
    body: request.body,
  };
}

describe('a body that is already a string is sent as it is', () => {
  it('without a content type: the exact text, with fetch’s text/plain type, not JSON-quoted', async () => {
    const post = new RestEndpoint({ urlPrefix: server.url, path: '/notes', method: 'POST', body: '' as string });
    await expect(post('first line\nsecond "quoted" line')).resolves.toEqual({ echo: 'first line\nsecond "quoted" line' });
    expect(sent()).toEqual({
      method: 'POST',
      url: '/notes',
      contentType: 'text/plain;charset=UTF-8',
      body: 'first line\nsecond "quoted" line',
    });
  });

  it('with a JSON content type from getHeaders: a pre-encoded JSON string arrives as that JSON, not as a JSON string', async () => {
    const put = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id',
      method: 'PUT',
      body: '' as string,
      getHeaders: (headers: Record<string, string>) => ({ ...headers, 'Content-Type': 'application/json' }),
    });
    await expect(put({ id: 3 }, '{"title":"encoded by the caller"}')).resolves.toEqual({
      echo: { title: 'encoded by the caller' },
    });
    expect(sent()).toEqual({
      method: 'PUT',
      url: '/todos/3',
      contentType: 'application/json',
      body: { title: 'encoded by the caller' },
    });
  });

  it('with another content type from getHeaders: CSV text keeps its type and bytes', async () => {
    const upload = new RestEndpoint({
      urlPrefix: server.url,
      path: '/imports',
      method: 'POST',
      body: '' as string,
      getHeaders: (headers: Record<string, string>) => ({ ...headers, 'Content-Type': 'text/csv' }),
    });
    await upload('id,title\n1,one\n');
    expect(sent()).toEqual({ method: 'POST', url: '/imports', contentType: 'text/csv', body: 'id,title\n1,one\n' });
  });

  it('getRequestInit shows the string body untouched and no JSON content type', async () => {
    const post = new RestEndpoint({ path: '/notes', method: 'POST' });
    await expect(post.getRequestInit('"already a JSON string"')).resolves.toEqual({
      method: 'POST',
      headers: {},
      body: '"already a JSON string"',
    });
    await expect(post.getRequestInit({ title: 'data' })).resolves.toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"data"}',
    });
  });
});

describe('binary and form bodies are sent as they are', () => {
  it('a Blob: its bytes and its type', async () => {
    const post = new RestEndpoint({ urlPrefix: server.url, path: '/files', method: 'POST' });
    await post(new Blob(['hello blob'], { type: 'text/x-note' }));
    expect(sent()).toEqual({ method: 'POST', url: '/files', contentType: 'text/x-note', body: 'hello blob' });
  });

  it('an ArrayBuffer and a Uint8Array: their bytes', async () => {
    const post = new RestEndpoint({ urlPrefix: server.url, path: '/files', method: 'POST' });
    await post(new TextEncoder().encode('typed bytes').buffer);
    expect(server.requests.map((request) => request.body)).toEqual(['typed bytes']);
    server.requests.length = 0;
    await post(new TextEncoder().encode('view bytes'));
    expect(server.requests.map((request) => request.body)).toEqual(['view bytes']);
  });

  it('URLSearchParams: form-encoded with fetch’s form content type', async () => {
    const post = new RestEndpoint({ urlPrefix: server.url, path: '/login', method: 'POST' });
    await post(new URLSearchParams({ user: 'ann', note: 'a b&c' }));
    expect(sent()).toEqual({
      method: 'POST',
      url: '/login',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'user=ann&note=a+b%26c',
    });
  });
});

describe('GET and HEAD never carry a body', () => {
  // The types refuse a body for GET and HEAD; untyped callers may still pass one.
  it('a body passed to a GET or HEAD endpoint is dropped and the request succeeds', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id' });
    await expect(untyped(get)({ id: 1 }, { ignored: true })).resolves.toEqual({ ok: true });
    expect(sent()).toEqual({ method: 'GET', url: '/todos/1', contentType: undefined, body: undefined });
    server.requests.length = 0;
    const head = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'HEAD' });
    await expect(untyped(head)({ id: 1 }, 'ignored')).resolves.toBeNull();
    expect(sent()).toEqual({ method: 'HEAD', url: '/todos/1', contentType: undefined, body: undefined });
  });

  it('a lower-case method is recognized too', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'get' });
    await expect(get({ id: 2 }, { ignored: true })).resolves.toEqual({ ok: true });
    expect(sent()).toEqual({ method: 'GET', url: '/todos/2', contentType: undefined, body: undefined });
  });
});

describe('which single argument is the body', () => {
  it('POST to a path without required params: the one argument is the body', async () => {
    const create = new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'POST' });
    await create({ title: 'new' });
    expect(sent()).toEqual({ method: 'POST', url: '/todos', contentType: 'application/json', body: { title: 'new' } });
  });

  it('DELETE: the one argument is the params (search params here), never a body', async () => {
    const remove = new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'DELETE' });
    await expect(remove({ done: true })).resolves.toBeNull();
    expect(sent()).toEqual({ method: 'DELETE', url: '/todos?done=true', contentType: undefined, body: undefined });
    server.requests.length = 0;
    const lower = new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'delete' });
    await lower({ done: false });
    expect(sent()).toEqual({ method: 'DELETE', url: '/todos?done=false', contentType: undefined, body: undefined });
  });

  it('HEAD: the one argument is the params', async () => {
    const head = new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'HEAD' });
    await head({ page: 2 });
    expect(sent()).toEqual({ method: 'HEAD', url: '/todos?page=2', contentType: undefined, body: undefined });
  });

  it('a POST declared with `body: undefined`: the one argument is the params', async () => {
    const archive = new RestEndpoint({ urlPrefix: server.url, path: '/archive', method: 'POST', body: undefined });
    await expect(archive({ before: 2024 })).resolves.toEqual({ echo: null });
    expect(sent()).toEqual({ method: 'POST', url: '/archive?before=2024', contentType: undefined, body: undefined });
  });

  it('a POST to a path with a required param: the one argument is the params', async () => {
    const toggle = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id/toggle', method: 'POST' });
    // Typed, this POST takes a body; called (untyped) without one, the one argument still fills the path.
    await expect(untyped(toggle)({ id: 4 })).resolves.toEqual({ echo: null });
    expect(sent()).toEqual({ method: 'POST', url: '/todos/4/toggle', contentType: undefined, body: undefined });
  });
});
