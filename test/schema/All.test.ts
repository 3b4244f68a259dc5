import { Entity, type EntityTables, denormalize, normalize, schema } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo } from '../fixtures/Todo';
import { present } from '../helpers/denormalized';

class Cat extends Entity {
  id = 0;
  type = 'cat';
  pk() {
    return String(this.id);
  }
  static override key = 'Cat';
}

class Dog extends Entity {
  id = 0;
  type = 'dog';
  pk() {
    return String(this.id);
  }
  static override key = 'Dog';
}

/** What the store hands a query: the rows and the pks of each table. */
function readerOf(entities: EntityTables) {
  return {
    getEntity: (key: string, pk: string) => entities[key]?.[pk],
    getPks: (key: string) => Object.keys(entities[key] ?? {}),
  };
}

describe('schema.All', () => {
  const allTodos = new schema.All(Todo);

  it('normalizes a list (or an object of items) like [Todo]', () => {
    const { result, entities } = normalize(allTodos, deepFreeze([{ id: 1, title: 'one' }, { id: 2, title: 'two' }]));
    expect(result).toEqual(['1', '2']);
    expect(entities).toEqual({ Todo: { '1': { id: 1, title: 'one' }, '2': { id: 2, title: 'two' } } });
    expect(normalize({ todos: allTodos }, { todos: { a: { id: 3 } } }).result).toEqual({ todos: ['3'] });
  });

  it('finds every stored row of the type, leaving invalidated ones out', () => {
    const entities = deepFreeze({ Todo: { '1': { id: 1, title: 'one' }, '2': null, '3': { id: 3, title: 'three' } } });
    const memo = new MemoCache();
    const result = allTodos.infer([], readerOf(entities));
    expect(result).toEqual(['1', '2', '3']);
    const todos = present(memo.denormalize(allTodos, result, entities));
    expect(todos.map((todo: Todo) => todo.title)).toEqual(['one', 'three']);
    expect(todos[0]).toBeInstanceOf(Todo);
    // The same rows give the same list object, and the same result.
    const again = allTodos.infer([], readerOf({ ...entities }));
    expect(again).toBe(result);
    expect(memo.denormalize(allTodos, again, entities)).toBe(todos);
  });

  it('gives a new list when a row is added, and nothing while the table is empty', () => {
    const before = allTodos.infer([], readerOf({ Todo: { '1': { id: 1 } } }));
    const after = allTodos.infer([], readerOf({ Todo: { '1': { id: 1 }, '2': { id: 2 } } }));
    expect(after).toEqual(['1', '2']);
    expect(after).not.toBe(before);
    expect(allTodos.infer([], readerOf({}))).toBeUndefined();
  });

  it('reads several types with a schemaAttribute', () => {
    const pets = new schema.All({ cat: Cat, dog: Dog }, 'type');
    const entities = deepFreeze({ Cat: { '1': { id: 1, type: 'cat' } }, Dog: { '1': { id: 1, type: 'dog' }, '2': { id: 2, type: 'dog' } } });
    const result = pets.infer([], readerOf(entities));
    expect(result).toEqual([
      { id: '1', schema: 'cat' },
      { id: '1', schema: 'dog' },
      { id: '2', schema: 'dog' },
    ]);
    const list = present(denormalize(pets, result, entities));
    expect(list.map((pet: Cat | Dog) => `${pet.type} ${pet.id}`)).toEqual(['cat 1', 'dog 1', 'dog 2']);
    expect(list[0]).toBeInstanceOf(Cat);
    expect(list[2]).toBeInstanceOf(Dog);
  });

  it("over a Union reads the Union's members, as Data Client does", () => {
    const pet = new schema.Union({ cat: Cat, dog: Dog }, 'type');
    const pets = new schema.All(pet);
    const entities = deepFreeze({ Cat: { '1': { id: 1, type: 'cat' } }, Dog: { '2': { id: 2, type: 'dog' } } });
    const result = pets.infer([], readerOf(entities));
    expect(result).toEqual([
      { id: '1', schema: 'cat' },
      { id: '2', schema: 'dog' },
    ]);
    const list = present(denormalize(pets, result, entities));
    expect(list.map((one: Cat | Dog) => `${one.constructor.name} ${one.id}`)).toEqual(['Cat 1', 'Dog 2']);
    expect(pets.infer([], readerOf({}))).toBeUndefined();
  });
});
