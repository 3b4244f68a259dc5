// The `prepareHeaders()` feature: request headers from the store that runs the request (an auth
// slice's token), as RTK Query's `prepareHeaders(headers, { getState })`, against the real server.
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { RestEndpoint, createRestCache, infinitePages, prepareHeaders, retry, schema, type PrepareHeadersApi, type RestCache } from 'rest-slice';
import { jsonCheckMiddleware } from '../helpers/jsonCheck';
import { makeClock, startStoreServer, Todo, todoResource, until, type StoreServer } from '../store/helpers';

// configureStore's development checks on, with the thresholds of the store helpers (a loaded machine is slow).
const CHECKS = { serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } };

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

const auth = createSlice({
  name: 'auth',
  initialState: { token: null as string | null },
  reducers: {
    setToken: (state, action: PayloadAction<string | null>) => {
      state.token = action.payload;
    },
  },
});

function makeAuthStore(cache: RestCache<'rest'>) {
  return configureStore({
    reducer: { auth: auth.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault(CHECKS).prepend(jsonCheckMiddleware()).concat(cache.middleware),
  });
}
type RootState = ReturnType<ReturnType<typeof makeAuthStore>['getState']>;

const authorizations = () => server.requests.map((request) => request.headers.authorization ?? null);

describe('prepareHeaders()', () => {
  it('reads the token from an auth slice of the store that runs the request, at each request', async () => {
    const cache = createRestCache({
      features: [
        prepareHeaders((headers, { getState }) => {
          const token = (getState() as RootState).auth.token;
          if (token !== null) headers.set('Authorization', `Bearer ${token}`);
        }),
      ],
    });
    const store = makeAuthStore(cache);
    const controller = cache.controller(store);
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    store.dispatch(auth.actions.setToken('first'));
    await controller.fetch(TodoResource.get, { id: 1 });
    store.dispatch(auth.actions.setToken('second'));
    const saved = await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
    expect(saved).toBeInstanceOf(Todo);
    expect(saved.title).toBe('saved');
    expect(authorizations()).toEqual([null, 'Bearer first', 'Bearer second']);
  });

  it('gets the endpoint, the request key, the args and the request type, and the endpoint\'s own headers', async () => {
    const seen: { headers: Record<string, string>; api: Omit<PrepareHeadersApi, 'getState'> }[] = [];
    const cache = createRestCache({
      features: [
        prepareHeaders((headers, { getState, ...api }) => {
          seen.push({ headers: Object.fromEntries(headers.entries()), api });
          // Other headers may replace the ones given.
          return { 'x-tenant': 'acme' };
        }),
      ],
    });
    const store = makeAuthStore(cache);
    const controller = cache.controller(store);
    const TodoResource = todoResource(server.url);
    const tagged = TodoResource.partialUpdate.extend({ getHeaders: (headers) => ({ ...headers, 'x-from-endpoint': 'yes' }) });
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(tagged, { id: 1 }, { completed: true });
    expect(seen).toEqual([
      { headers: {}, api: { endpoint: 'Todo.get', key: `GET ${server.url}/todos/1`, args: [{ id: 1 }], type: 'query' } },
      {
        headers: { 'content-type': 'application/json', 'x-from-endpoint': 'yes' },
        api: { endpoint: 'Todo.partialUpdate', key: `PATCH ${server.url}/todos/1`, args: [{ id: 1 }, { completed: true }], type: 'mutation' },
      },
    ]);
    expect(server.requests.map((request) => [request.headers['x-tenant'], request.headers['x-from-endpoint']])).toEqual([
      ['acme', undefined],
      ['acme', undefined],
    ]);
    // The JSON body is still sent as JSON: the returned headers named no Content-Type.
    expect(server.requests[1].headers['content-type']).toBe('application/json');
    expect(server.requests[1].body).toEqual({ completed: true });
  });

  it('returned headers that name a Content-Type keep theirs', async () => {
    const cache = createRestCache({ features: [prepareHeaders(() => ({ 'Content-Type': 'application/merge-patch+json' }))] });
    const controller = cache.controller(makeAuthStore(cache));
    await controller.fetch(todoResource(server.url).partialUpdate, { id: 1 }, { completed: true });
    expect(server.requests[0].headers['content-type']).toBe('application/merge-patch+json');
  });

  it('may be async; one cache serving two stores reads the store of each request', async () => {
    const cache = createRestCache({
      features: [
        prepareHeaders(async (headers, { getState }) => {
          await Promise.resolve();
          headers.set('Authorization', `Bearer ${(getState() as RootState).auth.token}`);
        }),
      ],
    });
    const alice = makeAuthStore(cache);
    const bob = makeAuthStore(cache);
    alice.dispatch(auth.actions.setToken('alice'));
    bob.dispatch(auth.actions.setToken('bob'));
    const TodoResource = todoResource(server.url);
    await cache.controller(bob).fetch(TodoResource.get, { id: 1 });
    await cache.controller(alice).fetch(TodoResource.get, { id: 1 });
    expect(authorizations()).toEqual(['Bearer bob', 'Bearer alice']);
  });

  it('one that throws fails that request, naming the cache and the request, and keeps what was stored', async () => {
    let fail = false;
    const cause = new Error('token store locked');
    const cache = createRestCache({
      features: [
        prepareHeaders(() => {
          if (fail) throw cause;
        }),
      ],
    });
    const store = makeAuthStore(cache);
    const controller = cache.controller(store);
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    fail = true;
    const error = await controller.fetch(TodoResource.get, { id: 1 }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toBe(
      `[rest-slice] \`prepareHeaders\` of the cache at \`rest\` threw for \`Todo.get\` (GET ${server.url}/todos/1), so the request was not sent: token store locked`,
    );
    expect(error?.cause).toBe(cause);
    expect(server.requests).toHaveLength(1);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('one');
  });

  it('is not used by an endpoint called directly, which has no store', async () => {
    const calls: string[] = [];
    createRestCache({ features: [prepareHeaders((_headers, api) => void calls.push(api.endpoint))] });
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', name: 'direct' });
    expect(await get({ id: 1 })).toEqual({ id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 });
    expect(calls).toEqual([]);
  });

  it('runs again at each retry, so a retry sends the token as the store has it then', async () => {
    const clock = makeClock();
    const cache = createRestCache({
      now: clock.now,
      scheduler: clock,
      gcInterval: Infinity,
      features: [
        retry({ retry: 1, retryDelay: 5 }),
        prepareHeaders((headers, { getState }) => void headers.set('Authorization', `Bearer ${(getState() as RootState).auth.token}`)),
      ],
    });
    const store = makeAuthStore(cache);
    store.dispatch(auth.actions.setToken('expired'));
    let calls = 0;
    server.route('GET', '/todos/:id', () => (++calls === 1 ? { status: 503, json: { message: 'busy' } } : { json: { id: 1, title: 'one' } }));
    const TodoResource = todoResource(server.url);
    const done = cache.controller(store).fetch(TodoResource.get, { id: 1 });
    await until(() => clock.delays.length > 0, 'the retry delay');
    store.dispatch(auth.actions.setToken('refreshed'));
    clock.advance(5);
    expect((await done).title).toBe('one');
    expect(authorizations()).toEqual(['Bearer expired', 'Bearer refreshed']);
  });

  it('takes a function, and says so naming what it got', () => {
    expect(() => prepareHeaders('Bearer x' as never)).toThrow(
      new TypeError('[rest-slice] `prepareHeaders(prepare)` takes a function `(headers, { getState }) => headers`, got string.'),
    );
  });

  it.each([
    ['before infinitePages()', () => [prepareHeaders(tenant), infinitePages()]],
    ['after infinitePages()', () => [infinitePages(), prepareHeaders(tenant)]],
  ])('sets the headers of every page of an infinite list, installed %s', async (_, features) => {
    server.route('GET', '/paged', (request) => {
      const page = Number(request.query.get('page') ?? '1');
      return { json: page <= 2 ? [{ id: page, title: `todo ${page}` }] : [] };
    });
    const cache = createRestCache({ features: features() });
    const controller = cache.controller(makeAuthStore(cache));
    const paged = new RestEndpoint({ urlPrefix: server.url, path: '/paged', name: 'paged', searchParams: {} as { page?: number }, schema: new schema.Collection([Todo]), paginationField: 'page' });
    await controller.fetchNextPage(paged, {});
    await controller.fetchNextPage(paged, {});
    const list = await controller.fetch(paged, {});
    expect(list.map((todo) => todo.title)).toEqual(['todo 1', 'todo 2']);
    expect(server.requests.map((request) => [request.query.toString(), request.headers['x-tenant']])).toEqual([
      ['', 'acme'],
      ['page=2', 'acme'],
      // The refetch of the list reloads each page loaded.
      ['', 'acme'],
      ['page=2', 'acme'],
    ]);
  });
});

function tenant(headers: Headers) {
  headers.set('x-tenant', 'acme');
}
