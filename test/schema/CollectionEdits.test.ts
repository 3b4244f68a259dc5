import { Entity, collectionEdits, type EntityMeta, denormalize, schema } from 'rest-slice';
import { type StoreTables, normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo, TodoList } from '../fixtures/Todo';
import { present } from '../helpers/denormalized';

// What `remove` and `move` do is the collectionEdits feature's; normalizing without a cache installs it by calling it once.
collectionEdits();

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });

/** Merges a normalize patch into store tables (what the store's reducer does). */
function apply(store: StoreTables, patch: { entities: Record<string, object>; entitiesMeta: Record<string, object> }): StoreTables {
  const entities: Record<string, object | undefined> = { ...store.entities };
  for (const key of Object.keys(patch.entities)) entities[key] = { ...entities[key], ...patch.entities[key] };
  const entitiesMeta: Record<string, object | undefined> = { ...store.entitiesMeta };
  for (const key of Object.keys(patch.entitiesMeta)) entitiesMeta[key] = { ...entitiesMeta[key], ...patch.entitiesMeta[key] };
  return deepFreeze({ entities, entitiesMeta }) as StoreTables;
}

const todos = [
  { id: 1, title: 'a', userId: 1 },
  { id: 2, title: 'b', userId: 1 },
  { id: 3, title: 'c', userId: 2 },
];

/** A store holding the unfiltered list, user 1's and user 2's. */
function storeWithLists(list = TodoList): StoreTables {
  let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
  store = apply(store, normalizeIntoStore(list, todos, [{}], store, meta(10)));
  store = apply(store, normalizeIntoStore(list, todos.slice(0, 2), [{ userId: 1 }], store, meta(10)));
  store = apply(store, normalizeIntoStore(list, todos.slice(2), [{ userId: 2 }], store, meta(10)));
  return store;
}

const lists = (store: StoreTables, key = TodoList.key) => store.entities[key];

describe('Collection.remove', () => {
  it('takes the entity out of every list matching the args, merges the response into it and does not invalidate it', () => {
    const store = storeWithLists();
    const patch = normalizeIntoStore(TodoList.remove, { id: 2, title: 'B' }, [{ userId: 1 }, { id: 2 }], store, meta(20));
    expect(patch.result).toBe('2');
    const next = apply(store, patch);
    expect(lists(next)).toEqual({ '{}': ['1', '3'], '{"userId":"1"}': ['1'], '{"userId":"2"}': ['3'] });
    expect(next.entities.Todo!['2']).toEqual({ id: 2, title: 'B', userId: 1 });
    expect(next.entitiesMeta.Todo!['2'].invalidated).toBeUndefined();
    // The untouched list keeps its row and its meta.
    expect(patch.entities['[Todo]']).not.toHaveProperty('{"userId":"2"}');
    expect(patch.entitiesMeta['[Todo]']).not.toHaveProperty('{"userId":"2"}');
  });

  it('leaves lists the args do not match: a remove with only the id reaches the unfiltered list alone (as Data Client)', () => {
    const next = apply(storeWithLists(), normalizeIntoStore(TodoList.remove, { id: 1 }, [{ id: 1 }], storeWithLists(), meta(20)));
    expect(lists(next)).toEqual({ '{}': ['2', '3'], '{"userId":"1"}': ['1', '2'], '{"userId":"2"}': ['3'] });
  });

  it('removes several entities given as an array and denormalizes to them', () => {
    const store = storeWithLists();
    const patch = normalizeIntoStore(TodoList.remove, [{ id: 1 }, { id: 3 }], [{}], store, meta(20));
    expect(patch.result).toEqual(['1', '3']);
    const next = apply(store, patch);
    expect(lists(next)!['{}']).toEqual(['2']);
    // The response was an array, so the read is one too (the type names one removed item).
    const read = present(denormalize(TodoList.remove, patch.result, next.entities, [{}])) as unknown as Todo[];
    expect(read.map((todo) => todo.title)).toEqual(['a', 'c']);
    expect(denormalize(TodoList.remove, '2', next.entities, [{}])).toBeInstanceOf(Todo);
  });

  it('removes Values members holding the entity', () => {
    const Map = new schema.Collection(new schema.Values(Todo));
    let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
    store = apply(store, normalizeIntoStore(Map, { a: todos[0], b: todos[1] }, [{}], store, meta(10)));
    const next = apply(store, normalizeIntoStore(Map.remove, { x: { id: 2 } }, [{}], store, meta(20)));
    expect(next.entities[Map.key]).toEqual({ '{}': { a: '1' } });
    expect(() => normalizeIntoStore(Map.remove, [{ id: 2 }], [{}], store, meta(20))).toThrow(
      '[rest-slice] `{Todo}.remove` expected an object, got an array',
    );
  });

  it('throws, writing nothing, for an entity without a usable pk', () => {
    const store = storeWithLists();
    expect(() => normalizeIntoStore(TodoList.remove, { title: 'no id' }, [{}], store, meta(20))).toThrow(
      /Entity `Todo` has no usable primary key/,
    );
  });
});

describe('Collection.move', () => {
  it('moves the entity from the lists matching its old values to those matching its new ones; the unfiltered list keeps it in place', () => {
    const store = storeWithLists();
    const patch = normalizeIntoStore(TodoList.move, { id: 1, title: 'a', userId: 2 }, [{ id: 1 }, { userId: 2 }], store, meta(20));
    expect(patch.result).toBe('1');
    const next = apply(store, patch);
    expect(lists(next)).toEqual({ '{}': ['1', '2', '3'], '{"userId":"1"}': ['2'], '{"userId":"2"}': ['3', '1'] });
    expect(next.entities.Todo!['1']).toEqual({ id: 1, title: 'a', userId: 2 });
    expect(patch.entities['[Todo]']).not.toHaveProperty('{}');
  });

  it('reads the new values from the response over the body: a server that refuses the move moves nothing', () => {
    const store = storeWithLists();
    const patch = normalizeIntoStore(TodoList.move, { id: 1, title: 'a', userId: 1 }, [{ id: 1 }, { userId: 2 }], store, meta(20));
    expect(patch.entities['[Todo]']).toBeUndefined();
  });

  it('adds an entity the store did not hold to the lists matching its values', () => {
    const store = storeWithLists();
    const next = apply(store, normalizeIntoStore(TodoList.move, { id: 9, userId: 2 }, [{ id: 9 }, { userId: 2 }], store, meta(20)));
    expect(lists(next)).toEqual({ '{}': ['1', '2', '3', '9'], '{"userId":"1"}': ['1', '2'], '{"userId":"2"}': ['3', '9'] });
  });

  it('moves each entity of an array by its own values', () => {
    const store = storeWithLists();
    const moved = [
      { id: 1, userId: 2 },
      { id: 3, userId: 1 },
    ];
    const patch = normalizeIntoStore(TodoList.move, moved, [{}, moved], store, meta(20));
    expect(patch.result).toEqual(['1', '3']);
    expect(lists(apply(store, patch))).toEqual({ '{}': ['1', '2', '3'], '{"userId":"1"}': ['2', '3'], '{"userId":"2"}': ['1'] });
  });

  it('uses path params the entity lacks for its old lists', () => {
    class Member extends Entity {
      id = 0;
      pk() {
        return String(this.id);
      }
      static override key = 'Member';
    }
    const Members = new schema.Collection([Member]);
    let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
    store = apply(store, normalizeIntoStore(Members, [{ id: 1 }], [{ group: 'five' }], store, meta(10)));
    store = apply(store, normalizeIntoStore(Members, [], [{ group: 'ten' }], store, meta(10)));
    const next = apply(store, normalizeIntoStore(Members.move, { id: 1 }, [{ group: 'five', id: 1 }, { group: 'ten' }], store, meta(20)));
    expect(next.entities[Members.key]).toEqual({ '{"group":"five"}': [], '{"group":"ten"}': ['1'] });
  });

  it('moves a Values member keyed by its pk', () => {
    const Map = new schema.Collection(new schema.Values(Todo));
    let store: StoreTables = deepFreeze({ entities: {}, entitiesMeta: {} });
    store = apply(store, normalizeIntoStore(Map, { '1': todos[0], '2': todos[1] }, [{ userId: 1 }], store, meta(10)));
    store = apply(store, normalizeIntoStore(Map, {}, [{ userId: 2 }], store, meta(10)));
    const next = apply(store, normalizeIntoStore(Map.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], store, meta(20)));
    expect(next.entities[Map.key]).toEqual({ '{"userId":"1"}': { '2': '2' }, '{"userId":"2"}': { '1': '1' } });
  });

  it('throws, writing nothing, for an entity without a usable pk', () => {
    const store = storeWithLists();
    expect(() => normalizeIntoStore(TodoList.move, { userId: 2 }, [{}, { userId: 2 }], store, meta(20))).toThrow(
      /Entity `Todo` has no usable primary key/,
    );
    expect(() => normalizeIntoStore(TodoList.move, [null], [{}], store, meta(20))).toThrow(
      '[rest-slice] `[Todo].move` expected an entity with a usable primary key, got null',
    );
  });

  it('is one schema per collection', () => {
    expect(TodoList.move).toBe(TodoList.move);
    expect(TodoList.remove).toBe(TodoList.remove);
    expect(TodoList.remove).toBeInstanceOf(schema.CollectionRemover);
    expect(TodoList.move).toBeInstanceOf(schema.CollectionMover);
  });
});
