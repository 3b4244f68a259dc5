import { type EntityMeta, denormalize, normalize, schema } from 'rest-slice';
import { type StoreTables, normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo, TodoList } from '../fixtures/Todo';
import { present } from '../helpers/denormalized';

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });

/** Merges a normalize patch into store tables (what the store's reducer does). */
function apply(store: StoreTables, patch: { entities: Record<string, object>; entitiesMeta: Record<string, object> }): StoreTables {
  const entities: Record<string, object | undefined> = { ...store.entities };
  for (const key of Object.keys(patch.entities)) entities[key] = { ...entities[key], ...patch.entities[key] };
  const entitiesMeta: Record<string, object | undefined> = { ...store.entitiesMeta };
  for (const key of Object.keys(patch.entitiesMeta)) entitiesMeta[key] = { ...entitiesMeta[key], ...patch.entitiesMeta[key] };
  return deepFreeze({ entities, entitiesMeta }) as StoreTables;
}

/** A store holding the todo lists fetched for each of `argsList`. */
function storeWithLists(argsList: Record<string, unknown>[]): StoreTables {
  let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
  argsList.forEach((args, i) => {
    store = apply(store, normalizeIntoStore(TodoList, [{ id: 100 + i, userId: args.userId ?? 0 }], [args], store, meta(10)));
  });
  return store;
}

const listPks = (store: StoreTables, key = TodoList.key) => store.entities[key] ?? {};

describe('Collection', () => {
  describe('of an array', () => {
    it('stores the list as a row keyed by the request args and returns its pk', () => {
      const { result, entities } = normalize(TodoList, deepFreeze([{ id: 1 }, { id: 2 }]), [{ userId: 1 }]);
      expect(result).toBe('{"userId":"1"}');
      expect(entities).toEqual({
        Todo: { '1': { id: 1 }, '2': { id: 2 } },
        '[Todo]': { '{"userId":"1"}': ['1', '2'] },
      });
    });

    it('denormalizes to a list of instances', () => {
      const { result, entities } = normalize(TodoList, [{ id: 1 }, { id: 2 }], [{ userId: 1 }]);
      const todos = present(denormalize(TodoList, result, entities, [{ userId: 1 }]));
      expect(todos).toHaveLength(2);
      expect(todos[0]).toBeInstanceOf(Todo);
      expect(todos.map((todo: Todo) => todo.pk())).toEqual(['1', '2']);
    });

    it('stores different args as different collections', () => {
      const one = normalize(TodoList, [{ id: 1 }], [{ userId: 1 }]);
      const two = normalize(TodoList, [{ id: 2 }], [{ userId: 2 }]);
      expect(one.result).not.toBe(two.result);
      const tables = { Todo: { ...one.entities.Todo, ...two.entities.Todo }, '[Todo]': { ...one.entities['[Todo]'], ...two.entities['[Todo]'] } };
      expect(present(denormalize(TodoList, one.result, tables)).map((todo: Todo) => todo.pk())).toEqual(['1']);
      expect(present(denormalize(TodoList, two.result, tables)).map((todo: Todo) => todo.pk())).toEqual(['2']);
    });

    it('ignores undefined and null args, and the order of the args', () => {
      const plain = normalize(TodoList, [], [{ userId: 1, done: false }]).result;
      expect(normalize(TodoList, [], [{ done: false, userId: 1, page: undefined, q: null }]).result).toBe(plain);
      expect(normalize(TodoList, [], [{}]).result).toBe('{}');
      expect(normalize(TodoList, [], []).result).toBe('{}');
      expect(normalize(TodoList, [], [{ q: undefined }]).result).toBe('{}');
    });

    it('treats numbers and their strings as the same args', () => {
      expect(normalize(TodoList, [], [{ userId: 1 }]).result).toBe(normalize(TodoList, [], [{ userId: '1' }]).result);
    });

    it('replaces the stored list on refetch with newer data, and keeps it when the data is older', () => {
      const store = storeWithLists([{}]);
      const newer = normalizeIntoStore(TodoList, [{ id: 5 }], [{}], store, meta(20));
      expect(newer.entities['[Todo]']).toEqual({ '{}': ['5'] });
      const older = normalizeIntoStore(TodoList, [{ id: 5 }], [{}], store, meta(5));
      expect(older.entities['[Todo]']).toBeUndefined();
    });

    it('takes its key from the options', () => {
      const list = new schema.Collection([Todo], { key: 'todoList' });
      expect(Object.keys(normalize(list, [{ id: 1 }]).entities)).toEqual(['Todo', 'todoList']);
    });

    it('uses argsKey to choose the args a collection is keyed by', () => {
      const list = new schema.Collection([Todo], { argsKey: (params: { userId?: number }) => ({ userId: params.userId }) });
      expect(normalize(list, [], [{ userId: 1, page: 2 }]).result).toBe('{"userId":"1"}');
    });

    it('uses nestKey inside an entity', () => {
      class Owner extends Todo {
        static override key = 'Owner';
        todos: Todo[] = [];
        static override schema = {
          todos: new schema.Collection([Todo], { nestKey: (parent: { id: number }) => ({ userId: parent.id }) }),
        };
      }
      const { result, entities } = normalize(Owner, { id: 3, todos: [{ id: 1 }] });
      expect(entities.Owner['3']).toEqual({ id: 3, todos: '{"userId":"3"}' });
      expect(entities['[Todo]']).toEqual({ '{"userId":"3"}': ['1'] });
      const owner = present(denormalize(Owner, result, entities));
      expect(owner.todos.map((todo: Todo) => todo.pk())).toEqual(['1']);
    });

    it('is missing (undefined) when its row is not stored', () => {
      expect(denormalize(TodoList, '{"userId":"9"}', {})).toBeUndefined();
    });

    it('rejects a schema it cannot wrap', () => {
      expect(() => new schema.Collection(Todo as never)).toThrow(
        '[rest-slice] `schema.Collection` wraps `[Item]`, `schema.Array` or `schema.Values`, got Todo',
      );
    });
  });

  describe('of Values', () => {
    const TodoMap = new schema.Collection(new schema.Values(Todo));

    it('stores the map keyed by args and denormalizes it with its keys', () => {
      const { result, entities } = normalize(TodoMap, deepFreeze({ a: { id: 1 }, b: { id: 2 } }), [{ userId: 1 }]);
      expect(TodoMap.key).toBe('{Todo}');
      expect(entities['{Todo}']).toEqual({ '{"userId":"1"}': { a: '1', b: '2' } });
      const out = present(denormalize(TodoMap, result, entities));
      expect(Object.keys(out)).toEqual(['a', 'b']);
      expect(out.b).toBeInstanceOf(Todo);
    });

    it('assign merges the new members into every matching collection', () => {
      let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
      store = apply(store, normalizeIntoStore(TodoMap, { a: { id: 1 } }, [{ userId: 1 }], store, meta(10)));
      store = apply(store, normalizeIntoStore(TodoMap, { z: { id: 9 } }, [{ userId: 2 }], store, meta(10)));
      const out = normalizeIntoStore(TodoMap.assign, deepFreeze({ b: { id: 2 } }), [{ userId: 1 }], store, meta(20));
      expect(out.result).toEqual({ b: '2' });
      expect(out.entities['{Todo}']).toEqual({ '{"userId":"1"}': { a: '1', b: '2' } });
      const after = apply(store, out);
      const map = present(denormalize(TodoMap, '{"userId":"1"}', after.entities));
      expect(Object.keys(map)).toEqual(['a', 'b']);
      expect(present(denormalize(TodoMap.assign, out.result, after.entities)).b).toBeInstanceOf(Todo);
    });

    it('assign rejects a non-object', () => {
      expect(() => normalize(TodoMap.assign, [{ id: 1 }])).toThrow(
        '[rest-slice] `{Todo}.assign` expected an object, got an array: [{"id":1}]',
      );
    });
  });

  describe('push', () => {
    it('adds to every stored collection whose args match, and to no other', () => {
      const store = storeWithLists([{}, { userId: 1 }, { userId: 2 }]);
      const out = normalizeIntoStore(TodoList.push, deepFreeze({ id: 7, userId: 1 }), [{ userId: 1 }], store, meta(20));
      expect(out.result).toBe('7');
      expect(out.entities).toEqual({
        Todo: { '7': { id: 7, userId: 1 } },
        '[Todo]': { '{}': ['100', '7'], '{"userId":"1"}': ['101', '7'] },
      });
    });

    it('matches on the body as well as the params', () => {
      const store = storeWithLists([{}, { userId: 1 }, { userId: 2 }]);
      const out = normalizeIntoStore(TodoList.push, { id: 7, userId: 1 }, [{}, { userId: 1 }], store, meta(20));
      expect(Object.keys(out.entities['[Todo]']).sort()).toEqual(['{"userId":"1"}', '{}']);
    });

    it('ignores the `order…` args of a collection when matching', () => {
      const store = storeWithLists([{ userId: 1, orderBy: 'title' }, { userId: 2, orderBy: 'title' }]);
      const out = normalizeIntoStore(TodoList.push, { id: 7, userId: 1 }, [{ userId: 1 }], store, meta(20));
      expect(out.entities['[Todo]']).toEqual({ '{"orderBy":"title","userId":"1"}': ['100', '7'] });
    });

    it('adds no duplicate when the same item is pushed again', () => {
      let store = storeWithLists([{}]);
      store = apply(store, normalizeIntoStore(TodoList.push, { id: 7 }, [{}], store, meta(20)));
      const again = normalizeIntoStore(TodoList.push, { id: 7 }, [{}], store, meta(30));
      expect(again.entities['[Todo]']).toBeUndefined();
      expect(listPks(apply(store, again))).toEqual({ '{}': ['100', '7'] });
    });

    it('adds each item of an array', () => {
      const store = storeWithLists([{}]);
      const out = normalizeIntoStore(TodoList.push, [{ id: 7 }, { id: 8 }], [{}], store, meta(20));
      expect(out.result).toEqual(['7', '8']);
      expect(out.entities['[Todo]']).toEqual({ '{}': ['100', '7', '8'] });
    });

    it('skips invalidated collections', () => {
      const store = deepFreeze({
        entities: { '[Todo]': { '{}': null } },
        entitiesMeta: { '[Todo]': { '{}': { ...meta(10), invalidated: true } } },
      });
      const out = normalizeIntoStore(TodoList.push, { id: 7 }, [{}], store, meta(20));
      expect(out.entities['[Todo]']).toBeUndefined();
    });

    it('denormalizes the pushed item to an instance', () => {
      const store = storeWithLists([{}]);
      const out = normalizeIntoStore(TodoList.push, { id: 7, title: 'new' }, [{}], store, meta(20));
      const after = apply(store, out);
      const todo = present(denormalize(TodoList.push, out.result, after.entities));
      expect(todo).toBeInstanceOf(Todo);
      expect(todo.title).toBe('new');
      expect(present(denormalize(TodoList, '{}', after.entities)).map((t: Todo) => t.pk())).toEqual(['100', '7']);
    });
  });

  describe('unshift', () => {
    it('adds to the start of every matching collection', () => {
      const store = storeWithLists([{}, { userId: 1 }, { userId: 2 }]);
      const out = normalizeIntoStore(TodoList.unshift, { id: 7, userId: 2 }, [{ userId: 2 }], store, meta(20));
      expect(out.entities['[Todo]']).toEqual({ '{}': ['7', '100'], '{"userId":"2"}': ['7', '102'] });
    });

    it('adds no duplicate', () => {
      const store = storeWithLists([{}]);
      const out = normalizeIntoStore(TodoList.unshift, { id: 100 }, [{}], store, meta(20));
      expect(out.entities['[Todo]']).toBeUndefined();
    });
  });

  describe('addWith', () => {
    it('adds only to the collections its match function accepts', () => {
      const store = storeWithLists([{}, { userId: 1 }, { userId: 2 }]);
      const exact = TodoList.addWith('push', (collectionArgs, args) => {
        const params = args[0] as Record<string, unknown>;
        const keys = Object.keys(collectionArgs);
        return keys.length === Object.keys(params).length && keys.every((k) => collectionArgs[k] === String(params[k]));
      });
      const out = normalizeIntoStore(exact, { id: 7, userId: 1 }, [{ userId: 1 }], store, meta(20));
      expect(out.entities['[Todo]']).toEqual({ '{"userId":"1"}': ['101', '7'] });
    });
  });

  describe('createCollectionFilter', () => {
    it('replaces the default matching rule', () => {
      const list = new schema.Collection([Todo], {
        key: 'filtered',
        createCollectionFilter: () => (collectionArgs) => collectionArgs.userId === '2',
      });
      let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
      for (const args of [{}, { userId: 1 }, { userId: 2 }]) {
        store = apply(store, normalizeIntoStore(list, [], [args], store, meta(10)));
      }
      const out = normalizeIntoStore(list.push, { id: 7 }, [{}], store, meta(20));
      expect(out.entities.filtered).toEqual({ '{"userId":"2"}': ['7'] });
    });
  });

  it("pk takes Data Client's four-argument form (value, parent, key, args) as well as (parent, key, args)", () => {
    const byUser = new schema.Collection([Todo], { key: 'byUser' });
    const args = [{ userId: 1, orderBy: 'title' }];
    expect(byUser.pk(undefined, undefined, args)).toBe('{"orderBy":"title","userId":"1"}');
    expect(byUser.pk(undefined, undefined, '', args)).toBe(byUser.pk(undefined, undefined, args));
    const nested = new schema.Collection([Todo], { nestKey: (parent: { id: number }) => ({ userId: parent.id }) });
    expect(nested.pk(['ignored'], { id: 5 }, 'todos', [])).toBe('{"userId":"5"}');
  });
});
