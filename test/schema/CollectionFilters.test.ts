// Which stored lists a push reaches: nonFilterArgumentKeys (option and override),
// createCollectionFilter (option and override), and FormData bodies.
import { type EntityMeta, createResource, schema } from 'rest-slice';
import { type StoreTables, normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo } from '../fixtures/Todo';
import { setup, startStoreServer, type StoreServer } from '../store/helpers';

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });

function apply(store: StoreTables, patch: { entities: Record<string, object>; entitiesMeta: Record<string, object> }): StoreTables {
  const entities: Record<string, object | undefined> = { ...store.entities };
  for (const key of Object.keys(patch.entities)) entities[key] = { ...entities[key], ...patch.entities[key] };
  const entitiesMeta: Record<string, object | undefined> = { ...store.entitiesMeta };
  for (const key of Object.keys(patch.entitiesMeta)) entitiesMeta[key] = { ...entitiesMeta[key], ...patch.entitiesMeta[key] };
  return deepFreeze({ entities, entitiesMeta }) as StoreTables;
}

const LISTS = [{ userId: 1 }, { userId: 1, sort: 'title' }, { userId: 2, sort: 'title' }, { userId: 1, orderBy: 'id' }, {}];

/** The lists (by their args) that receive a todo pushed with `args`. */
function reached(list: schema.Collection<(typeof Todo)[]>, ...args: unknown[]): string[] {
  let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
  LISTS.forEach((listArgs, i) => {
    store = apply(store, normalizeIntoStore(list, [{ id: 100 + i }], [listArgs], store, meta(10)));
  });
  const out = normalizeIntoStore(list.push, { id: 1, userId: 1 }, args, store, meta(20));
  return Object.keys(out.entities[list.key] ?? {}).sort();
}

describe('Collection filters', () => {
  it('by default every key but order* filters', () => {
    expect(reached(new schema.Collection([Todo]), { userId: 1 })).toEqual(['{"orderBy":"id","userId":"1"}', '{"userId":"1"}', '{}']);
  });

  it.each([
    ['a RegExp', /^(sort|order)/],
    ['a list of names', ['sort', 'orderBy']],
    ['a function', (key: string) => key === 'sort' || key.startsWith('order')],
  ])('nonFilterArgumentKeys as %s decides which keys do not filter', (_, nonFilterArgumentKeys) => {
    const list = new schema.Collection([Todo], { nonFilterArgumentKeys });
    expect(reached(list, { userId: 1 })).toEqual([
      '{"orderBy":"id","userId":"1"}',
      '{"sort":"title","userId":"1"}',
      '{"userId":"1"}',
      '{}',
    ]);
  });

  it('nonFilterArgumentKeys replaces the order* default', () => {
    const list = new schema.Collection([Todo], { nonFilterArgumentKeys: ['sort'] });
    expect(reached(list, { userId: 1 })).toEqual(['{"sort":"title","userId":"1"}', '{"userId":"1"}', '{}']);
  });

  it('a subclass can override nonFilterArgumentKeys', () => {
    class SortedCollection<S> extends schema.Collection<S> {
      override nonFilterArgumentKeys(key: string) {
        return key === 'sort';
      }
    }
    expect(reached(new SortedCollection([Todo]), { userId: 1 })).toEqual(['{"sort":"title","userId":"1"}', '{"userId":"1"}', '{}']);
  });

  it('a subclass can override createCollectionFilter, and the option works as well', () => {
    // Only lists of the pushing user, whatever else they are keyed by.
    class UserCollection<S> extends schema.Collection<S> {
      override createCollectionFilter(params: { userId?: number }) {
        return (collectionArgs: Record<string, string>) => collectionArgs.userId === String(params.userId);
      }
    }
    const expected = ['{"orderBy":"id","userId":"1"}', '{"sort":"title","userId":"1"}', '{"userId":"1"}'];
    expect(reached(new UserCollection([Todo]), { userId: 1 })).toEqual(expected);
    const withOption = new schema.Collection([Todo], {
      createCollectionFilter: (params: { userId?: number }) => (collectionArgs) => collectionArgs.userId === String(params.userId),
    });
    expect(reached(withOption, { userId: 1 })).toEqual(expected);
  });

  // Data Client's "push should add only to collections matching filterArgumentKeys": of the lists
  // {userId:1}, {userId:1, ignoredMe:5}, {userId:2} and {}, a push for user 1 reaches the first, the
  // second (its ignored key does not filter) and {} (three lists), whichever form says which keys are ignored.
  it.each([
    ['a function option', new schema.Collection([Todo], { nonFilterArgumentKeys: (key: string) => key.startsWith('ignored') })],
    ['a RegExp option', new schema.Collection([Todo], { nonFilterArgumentKeys: /ignored/ })],
    ['a list option', new schema.Collection([Todo], { nonFilterArgumentKeys: ['ignoredMe'] })],
    [
      'a createCollectionFilter option',
      new schema.Collection([Todo], {
        createCollectionFilter:
          (...args: Record<string, unknown>[]) =>
          (collectionArgs) =>
            Object.entries(collectionArgs).every(([name, value]) => name.startsWith('ignored') || args.some((arg) => `${arg?.[name]}` === value)),
      }),
    ],
    [
      'a createCollectionFilter override',
      new (class IgnoringCollection<S> extends schema.Collection<S> {
        override createCollectionFilter(...args: Record<string, unknown>[]) {
          return (collectionArgs: Record<string, string>) =>
            Object.entries(collectionArgs).every(([name, value]) => name.startsWith('ignored') || args.some((arg) => `${arg?.[name]}` === value));
        }
      })([Todo]),
    ],
  ])('with %s, a push reaches the lists Data Client reaches', (_, list) => {
    let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
    const lists: [object, number[]][] = [
      [{ userId: '1' }, [10]],
      [{ userId: '1', ignoredMe: '5' }, [10]],
      [{ userId: '2' }, [20]],
      [{}, [10, 20]],
    ];
    for (const [listArgs, ids] of lists) {
      store = apply(store, normalizeIntoStore(new schema.Collection([Todo]), ids.map((id) => ({ id })), [listArgs], store, meta(10)));
    }
    const pushed = normalizeIntoStore(list.push, [{ id: 30 }], [{ userId: '1' }], store, meta(20));
    expect(pushed.entities[list.key]).toEqual({
      '{"userId":"1"}': ['10', '30'],
      '{"ignoredMe":"5","userId":"1"}': ['10', '30'],
      '{}': ['10', '20', '30'],
    });
  });

  it('reads the members of a FormData body', () => {
    const body = new FormData();
    body.set('userId', '2');
    body.set('sort', 'title');
    expect(reached(new schema.Collection([Todo]), {}, body)).toEqual(['{"sort":"title","userId":"2"}', '{}']);
  });

  describe('with the store and a FormData body', () => {
    let server: StoreServer;
    beforeEach(async () => {
      server = await startStoreServer();
      server.seedTodos([
        { id: 1, title: 'one', userId: 1 },
        { id: 2, title: 'two', userId: 2 },
      ]);
      // The default routes read JSON; these read the multipart form.
      const readForm = async (request: { rawBody: string; headers: Record<string, unknown> }) =>
        new Request('http://form.local/', {
          method: 'POST',
          body: request.rawBody,
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      server.route('PUT', '/todos/:id', async (request) => {
        const form = await readForm(request);
        const id = Number(request.params.id);
        const todo = { ...server.todos.get(id)!, title: String(form.get('title')) };
        server.todos.set(id, todo);
        return { json: todo };
      });
      server.route('POST', '/todos', async (request) => {
        const form = await readForm(request);
        const todo = { id: 3, title: String(form.get('title')), completed: false, userId: Number(form.get('userId')), updatedAt: 0 };
        server.todos.set(3, todo);
        return { status: 201, json: todo };
      });
    });
    afterEach(() => server.close());

    it('the optimistic update shows the FormData fields before the server answers', async () => {
      const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
      const { cache, store, controller } = setup();
      await controller.fetch(TodoResource.getList, { userId: 1 });
      server.hold();
      const body = new FormData();
      body.set('title', 'renamed');
      const done = controller.fetch(TodoResource.update, { id: 1 }, body);
      await server.waitForHeld(1);
      expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 1 }).data?.map((todo) => todo.title)).toEqual(['renamed']);
      await server.releaseAll();
      expect((await done).title).toBe('renamed');
      expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('renamed');
    });

    it('a push with a FormData body reaches the lists its fields match', async () => {
      const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
      const { cache, store, controller } = setup();
      await controller.fetch(TodoResource.getList, { userId: 1 });
      await controller.fetch(TodoResource.getList, { userId: 2 });
      const body = new FormData();
      body.set('title', 'three');
      body.set('userId', '2');
      await controller.fetch(TodoResource.getList.push, body);
      const titles = (userId: number) =>
        cache.selectResponse(store.getState(), TodoResource.getList, { userId }).data?.map((todo) => todo.title);
      expect(titles(1)).toEqual(['one']);
      expect(titles(2)).toEqual(['two', 'three']);
    });
  });
});
