// `extend({ method })` makes the new endpoint a read or a mutation by its
// method, as a new endpoint with that method would be, unless `sideEffect` is
// given too; extending anything else keeps `sideEffect` as it was. The store
// shares concurrent identical reads, never mutations.
import { RestEndpoint } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';
import { setup } from '../store/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('extend recomputes sideEffect from a new method', () => {
  it('from a read: POST, PUT, PATCH and DELETE are mutations, GET and HEAD reads', () => {
    const read = new RestEndpoint({ path: '/todos/:id' });
    expect(['POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'HEAD'].map((method) => [method, read.extend({ method }).sideEffect])).toEqual([
      ['POST', true],
      ['PUT', true],
      ['PATCH', true],
      ['DELETE', true],
      ['GET', undefined],
      ['HEAD', undefined],
    ]);
  });

  it('a lower-case method counts the same', () => {
    const read = new RestEndpoint({ path: '/todos/:id' });
    expect([read.extend({ method: 'get' }).sideEffect, read.extend({ method: 'head' }).sideEffect, read.extend({ method: 'patch' }).sideEffect]).toEqual([
      undefined,
      undefined,
      true,
    ]);
  });

  it('from an endpoint made with `sideEffect: true`: a GET is a read again', () => {
    const create = new RestEndpoint({ path: '/todos', sideEffect: true });
    expect([create.method, create.sideEffect]).toEqual(['POST', true]);
    const list = create.extend({ method: 'GET' });
    expect([list.method, list.sideEffect]).toEqual(['GET', undefined]);
  });

  it('from an endpoint made with `sideEffect: false`: a new method decides again', () => {
    const quiet = new RestEndpoint({ path: '/todos', method: 'POST', sideEffect: false });
    expect(quiet.extend({ method: 'PUT' }).sideEffect).toBe(true);
  });

  it('`sideEffect` given with the method wins', () => {
    const read = new RestEndpoint({ path: '/todos' });
    const quietPost = read.extend({ method: 'POST', sideEffect: false });
    expect([quietPost.method, quietPost.sideEffect]).toEqual(['POST', false]);
  });

  it('extending other options keeps an explicit sideEffect', () => {
    const quiet = new RestEndpoint({ path: '/todos', method: 'POST', sideEffect: false });
    const renamed = quiet.extend({ name: 'quiet' });
    expect([renamed.name, renamed.method, renamed.sideEffect]).toEqual(['quiet', 'POST', false]);
    const create = new RestEndpoint({ path: '/todos', sideEffect: true });
    const elsewhere = create.extend({ path: '/notes' });
    expect([elsewhere.method, elsewhere.sideEffect]).toEqual(['POST', true]);
  });
});

describe('what the store does with the recomputed sideEffect', () => {
  it('a POST endpoint extended to GET: two identical concurrent fetches share one request', async () => {
    server.route('GET', '/todos', () => ({ json: [] }));
    const { controller } = setup();
    const create = new RestEndpoint({ urlPrefix: server.url, path: '/todos', sideEffect: true });
    const list = create.extend({ method: 'GET' });
    await Promise.all([controller.fetch(list), controller.fetch(list)]);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /todos']);
  });

  it('a GET endpoint extended to DELETE: two identical concurrent fetches are two requests', async () => {
    server.route('DELETE', '/todos/:id', () => ({ status: 204 }));
    const { controller } = setup();
    const remove = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id' }).extend({ method: 'DELETE' });
    await Promise.all([controller.fetch(remove, { id: 1 }), controller.fetch(remove, { id: 1 })]);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['DELETE /todos/1', 'DELETE /todos/1']);
  });
});
