import { AbortOptimistic, createResource, RestEndpoint, schema, type RestGenerics, type SnapshotInterface } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

function echo() {
  server.route('GET', '/todos', () => ({ json: [{ id: 1, title: 'a' }] }));
  server.route('GET', '/todos/:id', (req) => ({ json: { id: Number(req.params.id), title: 'a' } }));
  server.route('POST', '/todos', (req) => ({ status: 201, json: { id: 10, ...(req.body as object) } }));
  for (const method of ['PUT', 'PATCH']) {
    server.route(method, '/todos/:id', (req) => ({ json: { id: Number(req.params.id), ...(req.body as object) } }));
  }
  server.route('DELETE', '/todos/:id', () => ({ status: 204 }));
}

function makeTodoResource() {
  return createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
}

describe('createResource members (the seed member table)', () => {
  beforeEach(echo);

  it('get: GET path, schema, params only', async () => {
    const { get } = makeTodoResource();
    expect([get.method, get.path, get.schema, get.name, get.sideEffect]).toEqual(['GET', '/todos/:id', Todo, 'Todo.get', undefined]);
    await expect(get({ id: 1 })).resolves.toEqual({ id: 1, title: 'a' });
    expect(server.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/todos/1', body: undefined })]);
  });

  it('getList: GET shortenPath(path), Collection schema, extra params as search params', async () => {
    const { getList } = makeTodoResource();
    expect([getList.method, getList.path, getList.name]).toEqual(['GET', '/todos', 'Todo.getList']);
    expect(getList.schema).toBeInstanceOf(schema.Collection);
    await expect(getList({ userId: 2, completed: false } as never)).resolves.toEqual([{ id: 1, title: 'a' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/todos?completed=false&userId=2' });
  });

  it('getList.push / unshift / assign: POST to the list path with a JSON body', async () => {
    const { getList } = makeTodoResource();
    const collection = getList.schema as schema.Collection;
    expect([getList.push.method, getList.push.path, getList.push.name, getList.push.schema]).toEqual([
      'POST',
      '/todos',
      'Todo.getList.push',
      collection.push,
    ]);
    expect([getList.unshift.name, getList.unshift.schema]).toEqual(['Todo.getList.unshift', collection.unshift]);
    expect([getList.assign.name, getList.assign.schema]).toEqual(['Todo.getList.assign', collection.assign]);
    await expect(getList.push({ title: 'new' })).resolves.toEqual({ id: 10, title: 'new' });
    await expect(getList.unshift({ userId: 3 } as never, { title: 'first' })).resolves.toEqual({ id: 10, title: 'first' });
    expect(server.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/todos', body: { title: 'new' } }),
      expect.objectContaining({ method: 'POST', url: '/todos?userId=3', body: { title: 'first' } }),
    ]);
  });

  it('update: PUT path with a JSON body', async () => {
    const { update } = makeTodoResource();
    expect([update.method, update.schema, update.name, update.sideEffect]).toEqual(['PUT', Todo, 'Todo.update', true]);
    await expect(update({ id: 4 }, { title: 'b', completed: true })).resolves.toEqual({ id: 4, title: 'b', completed: true });
    expect(server.requests[0]).toMatchObject({
      method: 'PUT',
      url: '/todos/4',
      body: { title: 'b', completed: true },
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
  });

  it('partialUpdate: PATCH path with a partial JSON body', async () => {
    const { partialUpdate } = makeTodoResource();
    expect([partialUpdate.method, partialUpdate.schema, partialUpdate.name]).toEqual(['PATCH', Todo, 'Todo.partialUpdate']);
    await expect(partialUpdate({ id: 4 }, { completed: true })).resolves.toEqual({ id: 4, completed: true });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/todos/4', body: { completed: true } });
  });

  it('delete: DELETE path, Invalidate schema, params when the answer is empty', async () => {
    const resource = makeTodoResource();
    expect([resource.delete.method, resource.delete.name]).toEqual(['DELETE', 'Todo.delete']);
    expect(resource.delete.schema).toBeInstanceOf(schema.Invalidate);
    expect((resource.delete.schema as schema.Invalidate).entity).toBe(Todo);
    await expect(resource.delete({ id: 4 })).resolves.toEqual({ id: 4 });
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', url: '/todos/4', body: undefined });
  });

  it('delete: the server value when it is a non-empty object', async () => {
    server.route('DELETE', '/todos/:id', () => ({ json: { id: 4, title: 'gone' } }));
    await expect(makeTodoResource().delete({ id: 4 })).resolves.toEqual({ id: 4, title: 'gone' });
    server.route('DELETE', '/todos/:id', () => ({ json: {} }));
    await expect(makeTodoResource().delete({ id: 5 })).resolves.toEqual({ id: 5 });
    server.route('DELETE', '/todos/:id', () => ({ text: '' }));
    await expect(makeTodoResource().delete({ id: 6 })).resolves.toEqual({ id: 6 });
  });

  it('a nested path: getList keeps the parent param', async () => {
    server.route('GET', '/users/:userId/todos', (req) => ({ json: [{ id: 1, userId: Number(req.params.userId) }] }));
    const UserTodo = createResource({ urlPrefix: server.url, path: '/users/:userId/todos/:id', schema: Todo });
    expect(UserTodo.getList.path).toBe('/users/:userId/todos');
    await expect(UserTodo.getList({ userId: 2 })).resolves.toEqual([{ id: 1, userId: 2 }]);
    expect(UserTodo.get.url({ userId: 2, id: 3 })).toBe(`${server.url}/users/2/todos/3`);
    expect(() => UserTodo.getList.url({} as never)).toThrow("missing the param 'userId' of the path '/users/:userId/todos'");
  });
});

describe('createResource options', () => {
  it('rejects a path with no param', () => {
    expect(() => createResource({ path: '/todos', schema: Todo })).toThrow(
      "[rest-slice] `createResource` needs a path with at least one `:param`, got '/todos'",
    );
  });

  it('passes body to push/update/partialUpdate and searchParams to getList/push', () => {
    const body = {} as Partial<Todo>;
    const searchParams = {} as { userId?: number };
    const r = createResource({ path: '/todos/:id', schema: Todo, body, searchParams });
    expect([r.getList.push.body, r.update.body, r.partialUpdate.body]).toEqual([body, body, body]);
    expect('body' in r.get || 'body' in r.getList || 'body' in r.delete).toBe(false);
    expect([r.getList.searchParams, r.getList.push.searchParams]).toEqual([searchParams, searchParams]);
    expect('searchParams' in r.get || 'searchParams' in r.update).toBe(false);
  });

  it('passes extra endpoint options to every member', () => {
    const r = createResource({ path: '/todos/:id', schema: Todo, pollFrequency: 5000, dataExpiryLength: 60_000, invalidIfStale: true });
    for (const member of [r.get, r.getList, r.getList.push, r.getList.unshift, r.update, r.partialUpdate, r.delete]) {
      expect([member.pollFrequency, member.dataExpiryLength, member.invalidIfStale]).toEqual([5000, 60_000, true]);
    }
  });

  it('uses the Endpoint and Collection classes', () => {
    class MyEndpoint extends RestEndpoint {}
    class MyCollection extends schema.Collection {}
    const r = createResource({ path: '/todos/:id', schema: Todo, Endpoint: MyEndpoint, Collection: MyCollection as never });
    expect(r.get).toBeInstanceOf(MyEndpoint);
    expect(r.getList.push).toBeInstanceOf(MyEndpoint);
    expect(r.getList.schema).toBeInstanceOf(MyCollection);
  });

  it('paginationField gives getList.getPage, appending to the collection of the same args', async () => {
    server.route('GET', '/todos', (req) => ({ json: [{ id: Number(req.query.get('page') ?? 1) * 10 }] }));
    const r = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, paginationField: 'page' });
    expect(r.getList.getPage.name).toBe('Todo.getList.getPage');
    expect(r.getList.getPage.method).toBe('GET');
    expect(r.getList.getPage.url({ page: 2, userId: 1 } as never)).toBe(`${server.url}/todos?page=2&userId=1`);
    await expect(r.getList.getPage({ page: 3 })).resolves.toEqual([{ id: 30 }]);
    expect(server.requests[0].url).toBe('/todos?page=3');
    expect(() => r.getList.getPage.url({} as never)).toThrow("[rest-slice] `Todo.getList.getPage` needs the 'page' param");
    expect(() => createResource({ path: '/todos/:id', schema: Todo }).getList.getPage).toThrow(
      '[rest-slice] `getPage` needs the `paginationField` option',
    );
  });
});

describe('optimistic: true', () => {
  const cached = { id: 1, title: 'a' };
  function snapshot(data: unknown): SnapshotInterface {
    return {
      getResponse: () => ({ data: data as never, expiryStatus: 3, expiresAt: 0 }),
      getError: () => undefined,
      fetchedAt: 1000,
      abort: new AbortOptimistic(),
    };
  }
  const r = createResource({ path: '/todos/:id', schema: Todo, optimistic: true });

  it('update returns the params plus the body', () => {
    expect(r.update.getOptimisticResponse?.(snapshot(undefined), { id: 1 }, { title: 'b' })).toEqual({ id: 1, title: 'b' });
  });

  it('partialUpdate returns the params, the cached item, then the body when get is cached, else throws AbortOptimistic', () => {
    expect(r.partialUpdate.getOptimisticResponse?.(snapshot(cached), { id: 1 }, { completed: true })).toEqual({
      id: 1,
      title: 'a',
      completed: true,
    });
    expect(() => r.partialUpdate.getOptimisticResponse?.(snapshot(undefined), { id: 1 }, { completed: true })).toThrow(
      AbortOptimistic,
    );
  });

  it('getList.push/unshift/assign return the body', () => {
    const body = { id: 'temp-1', title: 'new' } as never;
    expect(r.getList.push.getOptimisticResponse?.(snapshot(undefined), body)).toBe(body);
    expect(r.getList.unshift.getOptimisticResponse?.(snapshot(undefined), { userId: 1 } as never, body)).toBe(body);
    expect(r.getList.assign.getOptimisticResponse?.(snapshot(undefined), body)).toBe(body);
  });

  it('delete returns the params', () => {
    expect(r.delete.getOptimisticResponse?.(snapshot(cached), { id: 1 })).toEqual({ id: 1 });
  });

  it('is off by default', () => {
    const plain = makeTodoResource();
    expect([plain.update, plain.partialUpdate, plain.delete, plain.getList.push].map((e) => e.getOptimisticResponse)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('resource.extend', () => {
  beforeEach(echo);

  it('batch form overrides known members', async () => {
    server.route('PATCH', '/v2/todos/:id', (req) => ({ json: { id: Number(req.params.id), v: 2, ...(req.body as object) } }));
    const base = makeTodoResource();
    const r = base.extend({ partialUpdate: { path: '/v2/todos/:id' }, getList: { searchParams: {} as { q?: string } } });
    expect(r.partialUpdate.name).toBe('Todo.partialUpdate');
    await expect(r.partialUpdate({ id: 3 }, { title: 'x' })).resolves.toEqual({ id: 3, v: 2, title: 'x' });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/v2/todos/3', body: { title: 'x' } });
    expect(r.get).toBe(base.get);
    expect(base.partialUpdate.path).toBe('/todos/:id');
    expect(r.getList.push.name).toBe('Todo.getList.push');
    expect(() => base.extend({ nope: {} } as never)).toThrow("[rest-slice] `extend` cannot override 'nope'");
  });

  it('(name, options) form adds a member', async () => {
    server.route('POST', '/todos/:id/toggle', (req) => ({ json: { id: Number(req.params.id), completed: true } }));
    const r = makeTodoResource().extend('toggle', { path: '/todos/:id/toggle', method: 'POST', body: undefined });
    expect([r.toggle.name, r.toggle.method, r.toggle.schema]).toEqual(['Todo.toggle', 'POST', Todo]);
    await expect(r.toggle({ id: 2 })).resolves.toEqual({ id: 2, completed: true });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/todos/2/toggle', body: undefined });
    expect(typeof r.extend).toBe('function');
  });

  it('(name, options) with an existing member extends that member, as Data Client does', async () => {
    server.route('GET', '/v2/todos', () => ({ json: [{ id: 7, title: 'from v2' }] }));
    const base = makeTodoResource();
    const r = base.extend('getList', { path: '/v2/todos' });
    expect(r.getList.path).toBe('/v2/todos');
    expect(r.getList.name).toBe(base.getList.name);
    expect(r.getList.schema).toBe(base.getList.schema);
    await expect(r.getList()).resolves.toEqual([{ id: 7, title: 'from v2' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v2/todos' });
    const renamed = base.extend('get', { path: '/v2/todos/:slug' });
    // The type follows the member too: `get` now takes the new path's params.
    expect(renamed.get.url({ slug: 'first' })).toBe(`${server.url}/v2/todos/first`);
  });

  it('function form derives members from the base, and the result is still extendable', async () => {
    server.route('GET', '/search/issues', (req) => ({ json: { q: req.query.get('q'), page: req.query.get('page') } }));
    const r = makeTodoResource()
      .extend((base) => ({
        search: base.getList.extend({
          path: '/search/issues\\?q=:q?%20repo\\::owner/:repo&page=:page?',
          schema: { q: '', page: '' },
          name: 'Todo.search',
        }),
      }))
      .extend('archive', { path: '/todos/:id/archive', method: 'POST' });
    await expect(r.search({ q: 'bug', owner: 'facebook', repo: 'react', page: 2 })).resolves.toEqual({
      q: 'bug repo:facebook/react',
      page: '2',
    });
    expect(server.requests[0].url).toBe('/search/issues?q=bug%20repo:facebook/react&page=2');
    expect(r.archive.name).toBe('Todo.archive');
    expect(r.search.name).toBe('Todo.search');
  });
});

describe('custom resource factories', () => {
  class StampedEndpoint<O extends RestGenerics = RestGenerics> extends RestEndpoint<O> {
    override async getRequestInit(body?: unknown): Promise<RequestInit> {
      const stamped =
        body && typeof body === 'object' && !(body instanceof FormData) ? { ...body, updatedAt: Date.now() } : body;
      const init = await super.getRequestInit(stamped);
      return { ...init, credentials: 'same-origin' };
    }
  }

  function createStampedResource<P extends string>(path: P, urlPrefix: string) {
    return createResource({ path, urlPrefix, schema: Todo, Endpoint: StampedEndpoint, optimistic: true }).extend({
      partialUpdate: {
        getOptimisticResponse(snap: SnapshotInterface, params: object, body: object) {
          return { ...params, ...body, updatedAt: snap.fetchedAt };
        },
      },
    });
  }

  it('stamps updatedAt into the body and sets credentials', async () => {
    echo();
    const seen: RequestInit[] = [];
    const spyFetch: typeof fetch = (input, init) => {
      seen.push(init ?? {});
      return fetch(input, init);
    };
    const r = createStampedResource('/todos/:id', server.url);
    const before = Date.now();
    const result = (await r.partialUpdate({ id: 1 }, { completed: true })) as { updatedAt: number };
    expect(result.updatedAt).toBeGreaterThanOrEqual(before);
    expect(server.requests[0].body).toEqual({ completed: true, updatedAt: result.updatedAt });
    await r.getList.push.fetchWith({ fetch: spyFetch }, { title: 'x' });
    expect(seen[0]).toMatchObject({ credentials: 'same-origin', method: 'POST' });
    expect(server.requests[1].body).toEqual({ title: 'x', updatedAt: expect.any(Number) });
    expect(r.partialUpdate).toBeInstanceOf(StampedEndpoint);
    expect(
      r.partialUpdate.getOptimisticResponse?.(
        { fetchedAt: 42 } as SnapshotInterface,
        { id: 1 },
        { completed: true },
      ),
    ).toEqual({ id: 1, completed: true, updatedAt: 42 });
  });
});
