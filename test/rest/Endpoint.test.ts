import { Endpoint, RestEndpoint } from 'rest-slice';
import { setup, startStoreServer, Todo, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

function todoEndpoints(url: string) {
  const getTodo = new Endpoint(
    async function getTodo({ id }: { id: number }) {
      const response = await fetch(`${url}/todos/${id}`, { signal: this.signal });
      return response.json();
    },
    { schema: Todo },
  );
  const renameTodo = new Endpoint(
    async ({ id, title }: { id: number; title: string }) => {
      const response = await fetch(`${url}/todos/${id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title }),
      });
      if (!response.ok) throw Object.assign(new Error(`rename failed: ${response.status}`), { status: response.status });
      return response.json();
    },
    {
      name: 'renameTodo',
      schema: Todo,
      sideEffect: true,
      getOptimisticResponse(snap, { id, title }) {
        return { ...snap.getResponse(getTodo, { id }).data, id, title };
      },
    },
  );
  return { getTodo, renameTodo };
}

describe('Endpoint', () => {
  it('is callable with this = the endpoint; name, key and testKey as Data Client', async () => {
    const { getTodo } = todoEndpoints(server.url);
    expect(getTodo.name).toBe('getTodo');
    expect(getTodo.key({ id: 1 })).toBe('getTodo [{"id":1}]');
    expect(getTodo.testKey('getTodo [{"id":2}]')).toBe(true);
    expect(getTodo.testKey('getTodoList [{"id":2}]')).toBe(false);
    expect(getTodo.sideEffect).toBeUndefined();
    await expect(getTodo({ id: 1 })).resolves.toMatchObject({ id: 1, title: 'one' });
    const anonymous = new Endpoint(async () => 1);
    expect(() => anonymous.key()).toThrow('[rest-slice] `Endpoint` has no name');
    expect(new RestEndpoint({ path: '/x' })).toBeInstanceOf(Endpoint);
  });

  it('extend keeps the function and merges options; a new fetch replaces it', async () => {
    const { getTodo } = todoEndpoints(server.url);
    const long = getTodo.extend({ dataExpiryLength: 5 });
    expect([long.name, long.dataExpiryLength, long.schema]).toEqual(['getTodo', 5, Todo]);
    await expect(long({ id: 1 })).resolves.toMatchObject({ title: 'one' });
    const fake = getTodo.extend({ fetch: async ({ id }: { id: number }) => ({ id, title: 'fake' }) });
    await expect(fake({ id: 1 })).resolves.toEqual({ id: 1, title: 'fake' });
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('works with controller.fetch: stored, denormalized, and optimistic with rollback on failure', async () => {
    const { controller, store, cache } = setup();
    const { getTodo, renameTodo } = todoEndpoints(server.url);
    const todo = await controller.fetch(getTodo, { id: 1 });
    expect(todo).toBeInstanceOf(Todo);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');

    server.hold();
    const renamed = controller.fetch(renameTodo, { id: 1, title: 'two' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('two');
    await server.waitForHeld(1);
    await server.releaseAll();
    await expect(renamed).resolves.toMatchObject({ id: 1, title: 'two' });
    expect(server.todos.get(1)?.title).toBe('two');

    server.route('PATCH', '/todos/:id', () => ({ status: 409, json: { message: 'conflict' } }));
    const failed = controller.fetch(renameTodo, { id: 1, title: 'three' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('three');
    await server.waitForHeld(1);
    await server.releaseAll();
    await expect(failed).rejects.toThrow('rename failed: 409');
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('two');
    expect(store.getState().rest.optimistic).toEqual([]);
  });
});
