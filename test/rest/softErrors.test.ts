// Which failures keep stale data shown ('soft') and which are hard errors:
// status 500 and above is soft, 4xx (and anything without a numeric status)
// is hard — for an Endpoint and a RestEndpoint, and as the store records it.
import { Endpoint, RestEndpoint } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';
import { setup, slice, Todo } from '../store/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('the default errorPolicy', () => {
  const endpoint = new Endpoint(async () => 'x', { name: 'any' });
  const policyOf = (error: unknown) => endpoint.errorPolicy(error as Error & { status?: number });

  it('is soft from status 500 up, hard below', () => {
    const statuses = [400, 401, 404, 409, 422, 499, 500, 502, 503, 504, 599];
    expect(statuses.map((status) => [status, policyOf(Object.assign(new Error('x'), { status }))])).toEqual([
      [400, undefined],
      [401, undefined],
      [404, undefined],
      [409, undefined],
      [422, undefined],
      [499, undefined],
      [500, 'soft'],
      [502, 'soft'],
      [503, 'soft'],
      [504, 'soft'],
      [599, 'soft'],
    ]);
  });

  it('is hard for an error without a status, and for a rejection that is not an object', () => {
    expect(policyOf(new Error('no status'))).toBeUndefined();
    expect(policyOf(undefined)).toBeUndefined();
    expect(policyOf(null)).toBeUndefined();
    expect(policyOf('failed')).toBeUndefined();
  });
});

describe('through the store, against a real server', () => {
  async function failWith(status: number) {
    server.route('GET', '/todos/:id', () => ({ status, json: { message: `status ${status}` } }));
    const { cache, store, controller } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'Todo.get' });
    const error = await controller.fetch(get, { id: 1 }).then(
      () => undefined,
      (failure: Error & { status?: number }) => failure,
    );
    return { error, meta: slice(cache, store).meta[`GET ${server.url}/todos/1`] };
  }

  it.each([400, 404, 499])('a %i answer is recorded as a hard error', async (status) => {
    const { error, meta } = await failWith(status);
    expect(error?.status).toBe(status);
    expect(meta.errorPolicy).toBeUndefined();
    expect(meta.error).toMatchObject({ status });
  });

  it.each([500, 503])('a %i answer is recorded as a soft error', async (status) => {
    const { error, meta } = await failWith(status);
    expect(error?.status).toBe(status);
    expect(meta.errorPolicy).toBe('soft');
    expect(meta.error).toMatchObject({ status });
  });

  it('an Endpoint rejecting with undefined is recorded as a hard error, and the caller gets undefined', async () => {
    const { cache, store, controller } = setup();
    const broken = new Endpoint(async (_id: number): Promise<string> => Promise.reject(undefined), { name: 'broken' });
    await expect(controller.fetch(broken, 1)).rejects.toBeUndefined();
    const meta = slice(cache, store).meta['broken [1]'];
    expect(meta.errorPolicy).toBeUndefined();
    expect(meta.error).toEqual({ name: 'Error', message: 'undefined' });
  });
});
