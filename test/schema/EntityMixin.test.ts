import { Entity, INVALID, createResource, denormalize, isEntityClass, normalize, schema } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import { deepFreeze } from '../fixtures/deepFreeze';
import { setup, startStoreServer, type StoreServer } from '../store/helpers';
import { present } from '../helpers/denormalized';

/** Plain data classes, as a Data Client user writes them before the mixin. */
class TodoData {
  id = 0;
  title = '';
  completed = false;
  userId = 0;
  get label() {
    return `${this.id}: ${this.title}`;
  }
}

class UserData {
  username = '';
  name = '';
}

describe('schema.Entity(Class, options)', () => {
  it("makes an Entity class whose pk is 'id' and key the class name by default", () => {
    const Todo = schema.Entity(TodoData);
    expect(isEntityClass(Todo)).toBe(true);
    expect(Todo.key).toBe('TodoData');
    const { result, entities } = normalize([Todo], deepFreeze([{ id: 1, title: 'one' }]));
    expect(result).toEqual(['1']);
    expect(entities).toEqual({ TodoData: { '1': { id: 1, title: 'one' } } });
    const [todo] = present(denormalize([Todo], result, entities));
    expect(todo).toBeInstanceOf(Todo);
    expect(todo).toBeInstanceOf(TodoData);
    expect(todo.pk()).toBe(1);
    expect(todo.label).toBe('1: one');
    expect(todo.completed).toBe(false);
    expect(Todo.defaults).toEqual({ id: 0, title: '', completed: false, userId: 0 });
  });

  it('takes pk as a field name or a function, and key and schema options', () => {
    const User = schema.Entity(UserData, { pk: 'username', key: 'User' });
    const ByName = schema.Entity(UserData, { pk: (value) => value.name.toLowerCase(), key: 'ByName' });
    class PostData {
      id = '';
      author = User.fromJS();
    }
    const Post = schema.Entity(PostData, { key: 'Post', schema: { author: User } });
    const { result, entities } = normalize(Post, { id: 'p1', author: { username: 'ann', name: 'Ann' } });
    expect(entities).toEqual({ Post: { p1: { id: 'p1', author: 'ann' } }, User: { ann: { username: 'ann', name: 'Ann' } } });
    const post = present(denormalize(Post, result, entities));
    expect(post.author).toBeInstanceOf(User);
    expect(post.author.name).toBe('Ann');
    expect(normalize(ByName, { username: 'b', name: 'BOB' }).result).toBe('bob');
  });

  it('keeps the pk() and key a base class already has, and can be extended like an Entity', () => {
    class Keyed {
      slug = '';
      static key = 'Article';
      pk() {
        return this.slug;
      }
    }
    const Article = schema.Entity(Keyed);
    expect(Article.key).toBe('Article');
    expect(normalize(Article, { slug: 'hello' }).result).toBe('hello');
    class Todo extends schema.Entity(TodoData, { key: 'Todo' }) {
      static override validate(row: Record<string, unknown>) {
        return 'title' in row ? undefined : 'no title';
      }
    }
    expect(Todo.key).toBe('Todo');
    expect(() => normalize(Todo, { id: 1 })).toThrow('[rest-slice] Entity `Todo` (pk "1") failed validation: no title');
    expect(new MemoCache().denormalize(Todo, '1', { Todo: { '1': { id: 1 } } })).toBe(INVALID);
  });

  it('a subclass of a mixin class, with validate and no key of its own, reads a failing row as INVALID (as Data Client)', () => {
    class TacoData {
      id = '';
      name = '';
    }
    class Tacos extends schema.Entity(TacoData) {}
    class MyTacos extends Tacos {
      static override validate(row: Record<string, unknown>) {
        return Object.hasOwn(row, 'name') ? undefined : 'no name';
      }
    }
    const entities = { MyTacos: { '1': { id: '1' }, '2': { id: '2', name: 'al pastor' } } };
    expect(denormalize(MyTacos, '1', entities)).toBe(INVALID);
    expect(denormalize(MyTacos, '2', entities)).toEqual(Object.assign(new MyTacos(), { id: '2', name: 'al pastor' }));
  });

  it('reads back every field of a wide row in order, with nothing added, and passes constructor arguments to the base', () => {
    class ProfileData {
      id = 0;
      login = '';
      readonly origin: string;
      // As Data Client's `fromJS` (`new this(props)`), a read passes the row: a base class may take its own argument too.
      constructor(origin: unknown = 'default') {
        this.origin = typeof origin === 'string' ? origin : 'default';
      }
    }
    const Profile = schema.Entity(ProfileData, { key: 'Profile' });
    const wide: Record<string, unknown> = { login: 'ada', id: 7 };
    for (let i = 0; i < 40; i++) wide[`field${i}`] = i % 3 === 0 ? null : `value ${i}`;
    const { result, entities } = normalize(Profile, deepFreeze(wide));
    for (let read = 0; read < 20; read++) {
      const profile = present(denormalize(Profile, result, entities));
      expect(profile).toBeInstanceOf(ProfileData);
      expect(Object.keys(profile)).toEqual(['id', 'login', 'origin', ...Object.keys(wide).slice(2)]);
      expect({ ...profile }).toEqual({ ...wide, origin: 'default' });
    }
    const Built = Profile as unknown as new (origin: string) => ProfileData;
    expect({ ...new Built('given') }).toEqual({ id: 0, login: '', origin: 'given' });
  });

  it('takes the Entity hooks as options', () => {
    const Newest = schema.Entity(TodoData, {
      key: 'Newest',
      merge: (existing: object, incoming: object) => ({ ...incoming, ...existing }),
      process: (input: Record<string, unknown>) => ({ ...input, title: String(input.title).trim() }),
    });
    const { entities } = normalize([Newest], [{ id: 1, title: ' first ' }, { id: 1, title: 'second' }]);
    expect(entities.Newest['1']).toEqual({ id: 1, title: 'first' });
  });

  it('needs a key when the class has no usable name', () => {
    const Anonymous = schema.Entity([class { id = 0; }][0]);
    expect(() => normalize(Anonymous, { id: 1 })).toThrow(/an Entity class without a name needs a `static key`/);
    expect(() => schema.Entity(undefined as unknown as typeof TodoData)).toThrow(
      "[rest-slice] `schema.Entity(Class, options)` takes a class, like `schema.Entity(Todo, { pk: 'id' })`",
    );
  });

  it('is not the Entity base class, which stays the top-level export', () => {
    expect(schema.Entity).not.toBe(Entity);
  });

  describe('in the store', () => {
    let server: StoreServer;
    beforeEach(async () => {
      server = await startStoreServer();
      server.seedTodos([
        { id: 1, title: 'one' },
        { id: 2, title: 'two' },
      ]);
    });
    afterEach(() => server.close());

    it('fetches, reads and updates like an Entity subclass', async () => {
      const Todo = schema.Entity(TodoData, { key: 'Todo' });
      const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
      const { cache, store, controller } = setup();
      const list = await controller.fetch(TodoResource.getList, {});
      expect(list.map((todo) => todo.label)).toEqual(['1: one', '2: two']);
      await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'TWO' });
      const after = cache.selectResponse(store.getState(), TodoResource.getList, {}).data!;
      expect(after[1]).toBeInstanceOf(TodoData);
      expect(after[1].label).toBe('2: TWO');
      expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('TWO');
      expect(server.todos.get(2)?.title).toBe('TWO');
    });
  });
});
