// One list per stored Collection row, as Data Client guarantees: a Collection nested in an entity
// (`user.todos`, keyed by `nestKey`) and the list endpoint's result for the same args are the same
// array, before and after pushes; a push to another user's list keeps both objects.
import { Entity, createResource, schema } from 'rest-slice';
import { setup, startStoreServer, Todo, type StoreServer } from '../store/helpers';

class User extends Entity {
  id = 0;
  name = '';
  todos: Todo[] = [];
  pk() {
    return String(this.id);
  }
  static override key = 'SharedListUser';
  static override schema = { todos: new schema.Collection([Todo], { nestKey: (user: { id: number }) => ({ userId: String(user.id) }) }) };
}

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 1 },
    { id: 2, title: 'two', userId: 2 },
  ]);
  server.route('GET', '/users/:id', () => ({ json: { id: 1, name: 'ada', todos: [{ id: 1, title: 'one', userId: 1 }] } }));
});
afterEach(() => server.close());

function resources() {
  const Todos = createResource({ urlPrefix: server.url, path: '/todos/:id', searchParams: {} as { userId?: string }, schema: Todo });
  const Users = createResource({ urlPrefix: server.url, path: '/users/:id', schema: User });
  return { Todos, Users };
}

const titles = (list: readonly Todo[] | undefined) => list?.map((todo) => todo.title);

describe('a nested Collection and the list endpoint of the same args', () => {
  it.each([
    ['the list read first', true],
    ['the user read first', false],
  ])('are one array (%s), and stay so through pushes', async (_, listFirst) => {
    const { store, controller } = setup();
    const { Todos, Users } = resources();
    await controller.fetch(Todos.getList);
    await controller.fetch(Todos.getList, { userId: '1' });
    await controller.fetch(Users.get, { id: 1 });
    const read = () => {
      const state = store.getState();
      if (listFirst) {
        const userTodos = controller.getResponse(Todos.getList, { userId: '1' }, state).data;
        return { userTodos, user: controller.getResponse(Users.get, { id: 1 }, state).data };
      }
      const user = controller.getResponse(Users.get, { id: 1 }, state).data;
      return { userTodos: controller.getResponse(Todos.getList, { userId: '1' }, state).data, user };
    };
    const first = read();
    expect(titles(first.userTodos)).toEqual(['one']);
    expect(first.user?.todos).toBe(first.userTodos);

    // Another user's list changes: neither object does.
    await controller.fetch(Todos.getList.push, { userId: '2' }, { title: 'theirs', userId: 2 });
    const afterOther = read();
    expect(titles(controller.getResponse(Todos.getList, store.getState()).data)).toEqual(['one', 'two', 'theirs']);
    expect(afterOther.userTodos).toBe(first.userTodos);
    expect(afterOther.user).toBe(first.user);

    // This user's list grows: the user and the list both show it, still as one array.
    await controller.fetch(Todos.getList.unshift, { userId: '1' }, { title: 'mine', userId: 1 });
    const afterOwn = read();
    expect(titles(afterOwn.userTodos)).toEqual(['mine', 'one']);
    expect(afterOwn.user?.todos).toBe(afterOwn.userTodos);
    expect(titles(controller.getResponse(Todos.getList, store.getState()).data)).toEqual(['mine', 'one', 'two', 'theirs']);

    // One item changes: the list is patched, and the user's list is that same patched array.
    await controller.fetch(Todos.partialUpdate, { id: 1 }, { title: 'ONE' });
    const afterEdit = read();
    expect(titles(afterEdit.userTodos)).toEqual(['mine', 'ONE']);
    expect(afterEdit.user?.todos).toBe(afterEdit.userTodos);
    expect(afterEdit.userTodos?.[0]).toBe(afterOwn.userTodos?.[0]);
  });

  it('two Collection schemas of one key share the list too', async () => {
    const { store, controller } = setup();
    const { Todos, Users } = resources();
    const Again = Todos.getList.extend({ schema: new schema.Collection([Todo]) });
    await controller.fetch(Users.get, { id: 1 });
    const state = store.getState();
    const user = controller.getResponse(Users.get, { id: 1 }, state).data;
    const list = controller.getResponse(Again, { userId: '1' }, state).data;
    expect(titles(list)).toEqual(['one']);
    expect(list).toBe(user?.todos);
  });
});
