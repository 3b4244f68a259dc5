// Error statuses as Data Client sets them, against real sockets: 400 for
// invalid JSON in a 2xx answer, 500 (soft) when the network fails.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RestEndpoint } from 'rest-slice';
import { setup, Todo } from '../store/helpers';

let server: Server;
let url: string;
let mode: 'json' | 'badJson' | 'reset' | 'cutOff' = 'json';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (mode === 'reset') {
      req.socket.destroy();
      return;
    }
    if (mode === 'cutOff') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      // Cut off once the start of the body is sent.
      res.write('{"id": 1, "title": "par', () => res.socket?.destroy());
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(mode === 'badJson' ? '{"id": 1,' : JSON.stringify({ id: 1, title: 'one' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  mode = 'json';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const getTodo = () => new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo, name: 'Todo.get' });

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error & { status?: number }) => error,
  );
}

describe('error statuses', () => {
  it('invalid JSON in a 2xx answer rejects with status 400 naming the endpoint, method and URL', async () => {
    mode = 'badJson';
    const error = await failure(getTodo()({ id: 1 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(new RegExp(`^\\[rest-slice\\] \`Todo\\.get\` \\(GET ${url}/todos/1\\) returned invalid JSON \\(.+\\): "\\{\\\\"id\\\\": 1,"$`));
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(getTodo().errorPolicy(error)).toBeUndefined();
  });

  it('a closed port rejects with status 500 (soft)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const get = new RestEndpoint({ urlPrefix: `http://127.0.0.1:${port}`, path: '/todos/:id', schema: Todo });
    const error = await failure(get({ id: 1 }));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(new RegExp(`^\\[rest-slice\\] GET http://127.0.0.1:${port}/todos/1 could not be reached \\(fetch failed: ECONNREFUSED\\)$`));
    expect(get.errorPolicy(error)).toBe('soft');
  });

  it('a connection reset before the answer rejects with status 500', async () => {
    mode = 'reset';
    const error = await failure(getTodo()({ id: 1 }));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(new RegExp(`^\\[rest-slice\\] \`Todo\\.get\` \\(GET ${url}/todos/1\\) could not be reached \\(fetch failed: .+\\)$`));
    expect(error.cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });

  it('a body cut off mid-stream rejects with status 500 naming the endpoint, method and URL, keeping the cause', async () => {
    mode = 'cutOff';
    const error = await failure(getTodo()({ id: 1 }));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(
      new RegExp(`^\\[rest-slice\\] \`Todo\\.get\` \\(GET ${url}/todos/1\\) answered 200 but the connection ended before the whole body arrived \\(terminated: .+\\)$`),
    );
    expect(error.cause).toMatchObject({ name: 'TypeError', message: 'terminated' });
  });

  it('in a store, a cut-off refetch is a soft error: the data stays readable', async () => {
    const { controller, store, clock } = setup();
    const get = getTodo();
    await controller.fetch(get, { id: 1 });
    mode = 'cutOff';
    clock.advance(120_000);
    await expect(controller.fetch(get, { id: 1 })).rejects.toMatchObject({ status: 500 });
    const response = controller.getResponse(get, { id: 1 }, store.getState());
    expect(response.data).toMatchObject({ id: 1, title: 'one' });
    expect(store.getState().rest.meta[`GET ${url}/todos/1`].error).toMatchObject({ status: 500 });
  });
});
