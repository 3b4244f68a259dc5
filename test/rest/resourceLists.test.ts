// Lists of an entity share one Collection table keyed by the item (`[Todo]`), as in Data Client: a nested
// Collection and another resource's lists see a push; a Collection of its own keeps a resource's lists apart.
import { Entity, ExpiryStatus, createResource, schema } from 'rest-slice';
import { setup, startStoreServer, Todo, type StoreServer } from '../store/helpers';

let server: StoreServer;
let archived: { id: number; title: string }[];
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one' },
    { id: 2, title: 'two' },
  ]);
  archived = [{ id: 9, title: 'old' }];
  server.route('GET', '/archived/todos', () => ({ json: archived }));
  server.route('POST', '/archived/todos', (request) => {
    const row = { id: 50, ...(request.body as { title: string }) };
    archived.push(row);
    return { status: 201, json: row };
  });
});
afterEach(() => server.close());

const titles = (list: readonly Todo[] | undefined) => list?.map((todo) => todo.title);

function resources() {
  const Todos = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const Archived = createResource({ urlPrefix: server.url, path: '/archived/todos/:id', schema: Todo });
  return { Todos, Archived };
}

describe('two resources over one entity with different paths', () => {
  it('share the entity\'s lists as Data Client does (the Collection key is `[Todo]`): a nested Collection sees getList.push', async () => {
    class Owner extends Entity {
      id = 0;
      name = '';
      todos: Todo[] = [];
      pk() {
        return String(this.id);
      }
      static override key = 'ListOwner';
      static override schema = { todos: new schema.Collection([Todo], { nestKey: (owner: { id: number }) => ({ userId: owner.id }) }) };
    }
    server.route('GET', '/owners/:id', () => ({ json: { id: 1, name: 'ada', todos: [{ id: 1, title: 'one', userId: 1 }] } }));
    const { store, controller } = setup();
    const { Todos } = resources();
    const Owners = createResource({ urlPrefix: server.url, path: '/owners/:id', schema: Owner });
    expect((Todos.getList.schema as schema.Collection).key).toBe('[Todo]');
    await controller.fetch(Owners.get, { id: 1 });
    await controller.fetch(Todos.getList.push, { title: 'fresh', userId: 1 });
    expect(titles(controller.getResponse(Owners.get, { id: 1 }, store.getState()).data?.todos)).toEqual(['one', 'fresh']);
    // The owner's list is the one `getList({ userId: 1 })` reads, with no request.
    const requests = server.requests.length;
    expect(titles(controller.getResponse(Todos.getList, { userId: 1 }, store.getState()).data)).toEqual(['one', 'fresh']);
    expect(server.requests.length).toBe(requests);
  });

  it('a resource given a Collection of its own keeps its lists apart: fetches and pushes reach only them', async () => {
    const { store, controller } = setup();
    const { Todos, Archived } = resources();
    const Apart = Archived.extend('getList', { schema: new schema.Collection([Todo], { key: '[Todo] archived' }) });
    await controller.fetch(Todos.getList);
    await controller.fetch(Apart.getList);
    await controller.fetch(Apart.getList.push, { title: 'archived now' });
    await controller.fetch(Todos.create, { title: 'fresh' });
    expect(titles(controller.getResponse(Todos.getList, store.getState()).data)).toEqual(['one', 'two', 'fresh']);
    expect(titles(controller.getResponse(Apart.getList, store.getState()).data)).toEqual(['old', 'archived now']);
    // The entity is one table: an update through either resource shows in both lists.
    await controller.fetch(Todos.partialUpdate, { id: 1 }, { title: 'ONE' });
    expect(titles(controller.getResponse(Todos.getList, store.getState()).data)).toEqual(['ONE', 'two', 'fresh']);
  });

  it('resources that pass the same Collection instance share one list on purpose', async () => {
    const { store, controller } = setup();
    const shared = new schema.Collection([Todo], { key: 'AllTodos' });
    const { Todos, Archived } = resources();
    const A = Todos.extend({ getList: { schema: shared } });
    const B = Archived.extend({ getList: { schema: shared } });
    await controller.fetch(A.getList);
    await controller.fetch(B.getList.push, { title: 'both' });
    expect(titles(controller.getResponse(A.getList, store.getState()).data)).toEqual(['one', 'two', 'both']);
    // One list: fetching it through the other resource replaces it for both.
    await controller.fetch(B.getList);
    expect(titles(controller.getResponse(A.getList, store.getState()).data)).toEqual(['old', 'both']);
  });
});

describe('an endpoint extended from getList', () => {
  it('keeps its Collection, as in Data Client; given a Collection of its own, it keeps its own list and push', async () => {
    const { store, controller } = setup();
    const { Todos } = resources();
    expect(Todos.getList.extend({ path: '/archived/todos', name: 'Todo.archived' }).schema).toBe(Todos.getList.schema);
    const Archived = Todos.getList.extend({
      path: '/archived/todos',
      name: 'Todo.archived',
      schema: new schema.Collection([Todo], { key: '[Todo] archived' }),
    });
    await controller.fetch(Todos.getList);
    await controller.fetch(Archived);
    await controller.fetch(Archived.push, { title: 'archived now' });
    expect(titles(controller.getResponse(Todos.getList, store.getState()).data)).toEqual(['one', 'two']);
    expect(titles(controller.getResponse(Archived, store.getState()).data)).toEqual(['old', 'archived now']);
  });

  it('a list one of them stored for some args is read by the other for the same args, without a request (as Data Client infers it)', async () => {
    server.route('GET', '/users/:userId/todos', () => ({ json: [...server.todos.values()] }));
    const { store, controller } = setup();
    const Todos = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
    const UserTodos = Todos.getList.extend({ path: '/users/:userId/todos', name: 'Todo.byUser' });
    await controller.fetch(UserTodos, { userId: 1 });
    const requests = server.requests.length;
    const read = controller.getResponse(Todos.getList, { userId: 1 }, store.getState());
    expect(titles(read.data)).toEqual(['one', 'two']);
    expect(read.expiryStatus).toBe(ExpiryStatus.Valid);
    // Other args have no stored list: nothing to read.
    expect(controller.getResponse(Todos.getList, { userId: 2 }, store.getState()).data).toBeUndefined();
    expect(server.requests.length).toBe(requests);
  });
});
