// Result inference through an object schema (`{ data: Todo, extra: '' }`, an API that wraps each item in
// an envelope), and `getResponse(endpoint, null, state)`, as Data Client's Controller.getResponse tests have
// them: a detail already in the cache from a list is read without a request, with the earliest expiry
// of the row it names; `null` args read nothing from the state.
import { ExpiryStatus, RestEndpoint, schema } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { User } from '../fixtures/User';
import { setup, startStoreServer, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.route('GET', '/todos', () => ({ json: { data: [{ id: 1, title: 'from the list' }, { id: 2, title: 'second' }] } }));
  server.route('GET', '/todos/:id', (request) => ({ json: { data: { id: Number(request.params.id), title: 'from the detail' }, extra: 'x' } }));
  server.route('GET', '/users', () => ({ json: [{ id: 1, name: 'Ann' }] }));
});
afterEach(() => server.close());

function endpoints() {
  const getList = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: { data: [Todo] }, dataExpiryLength: 60_000 });
  const getTodo = new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos/:id',
    schema: { data: Todo, extra: '', page: { first: null, third: 0, complex: { next: false } } },
  });
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User], dataExpiryLength: 10_000 });
  return { getList, getTodo, getUsers };
}

it('a wrapped detail the list brought is read without a request, valid until its row expires', async () => {
  const { getList, getTodo } = endpoints();
  const { clock, store, controller } = setup();
  await controller.fetch(getList);

  const response = controller.getResponse(getTodo, { id: 1 }, store.getState());
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid);
  expect(response.expiresAt).toBe(clock.now() + 60_000);
  expect(response.data?.data).toBeInstanceOf(Todo);
  expect(response.data).toEqual({
    data: Object.assign(new Todo(), { id: 1, title: 'from the list' }),
    extra: '',
    page: { first: null, third: 0, complex: { next: false } },
  });
  // The same data object on the next state: readers do not re-render for a change elsewhere.
  await controller.setResponse(getList, { data: [{ id: 1, title: 'from the list' }, { id: 3, title: 'new' }] });
  expect(controller.getResponse(getTodo, { id: 1 }, store.getState()).data).toBe(response.data);

  await expect(controller.fetchIfStale(getTodo, { id: 1 })).resolves.toBe(response.data);
  expect(server.requests.map((request) => request.path)).toEqual(['/todos']);
});

it('a schema.Object envelope is inferred as its object literal is', async () => {
  const { getList } = endpoints();
  const { store, controller } = setup();
  await controller.fetch(getList);
  const wrapped = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: new schema.Object({ data: Todo, extra: '' }) });
  const response = controller.getResponse(wrapped, { id: 2 }, store.getState());
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid);
  expect(response.data).toEqual({ data: Object.assign(new Todo(), { id: 2, title: 'second' }), extra: '' });
});

it('nothing is inferred when a row it names is missing: the detail is fetched', async () => {
  const { getList, getTodo } = endpoints();
  const { store, controller } = setup();
  await controller.fetch(getList);
  expect(controller.getResponse(getTodo, { id: 9 }, store.getState())).toEqual({ data: undefined, expiryStatus: ExpiryStatus.Invalid, expiresAt: 0 });
  const fetched = await controller.fetchIfStale(getTodo, { id: 9 });
  expect(fetched.data).toEqual(Object.assign(new Todo(), { id: 9, title: 'from the detail' }));
  expect(server.requests.map((request) => request.path)).toEqual(['/todos', '/todos/9']);
});

it('an object schema with a list member, or with no entity, infers nothing', async () => {
  const { getList, getUsers } = endpoints();
  const { store, controller } = setup();
  await controller.fetch(getList);
  await controller.fetch(getUsers);
  const withList = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id/users', schema: { data: Todo, users: [User] } });
  const plain = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id/count', schema: { count: 0 } });
  expect(controller.getResponse(withList, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
  expect(controller.getResponse(plain, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
});

it('an envelope of two entities is not inferred: the same params would pick both rows by one id', async () => {
  const { getList, getUsers } = endpoints();
  const { store, controller } = setup();
  await controller.fetch(getList);
  await controller.fetch(getUsers);
  const both = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id/owner', schema: { todo: Todo, owner: User } });
  expect(controller.getResponse(both, { id: 1 }, store.getState())).toEqual({ data: undefined, expiryStatus: ExpiryStatus.Invalid, expiresAt: 0 });
});

it('a nested envelope of one entity is inferred, and expires with its row', async () => {
  const { getUsers } = endpoints();
  const { clock, store, controller } = setup();
  await controller.fetch(getUsers);
  const nested = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: { result: { user: User, version: 2 } } });
  const response = controller.getResponse(nested, { id: 1 }, store.getState());
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid);
  expect(response.expiresAt).toBe(clock.now() + 10_000);
  expect(response.data).toEqual({ result: { user: Object.assign(new User(), { id: 1, name: 'Ann' }), version: 2 } });
});

it('invalidateAll reaches a request answered by inference through an object schema', async () => {
  const { getList, getTodo } = endpoints();
  const { store, controller } = setup();
  await controller.fetch(getList);
  expect(controller.getResponse(getTodo, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Valid);
  await controller.invalidateAll({ testKey: (key) => key.includes('/todos/1') });
  expect(controller.getResponse(getTodo, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid);
});

it('null args: the schema with nothing filled in, valid, never stale, and no error', async () => {
  const { getList, getTodo } = endpoints();
  const { store, controller } = setup();
  await controller.fetch(getList);
  const state = store.getState();
  const response = controller.getResponse(getTodo, null, state);
  expect(response).toEqual({
    data: { data: undefined, extra: '', page: { first: null, third: 0, complex: { next: false } } },
    expiryStatus: ExpiryStatus.Valid,
    expiresAt: Infinity,
  });
  expect(controller.getResponse(getTodo, null, state)).toBe(response);
  // A list endpoint's stored result is not read for `null`.
  expect(controller.getResponse(getList, null, state).data).toEqual({ data: undefined });
  expect(controller.getError(getTodo, null, state)).toBeUndefined();
});
