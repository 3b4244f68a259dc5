import { Entity, INVALID, denormalize, normalize, schema } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo } from '../fixtures/Todo';
import { Comment } from '../fixtures/User';
import { allowConsole } from '../setup';
import { present } from '../helpers/denormalized';

class Cat extends Entity {
  id = 0;
  type = 'cat';
  lives = 9;
  pk() {
    return String(this.id);
  }
  static override key = 'Cat';
}

class Dog extends Entity {
  id = 0;
  type = 'dog';
  good = true;
  pk() {
    return String(this.id);
  }
  static override key = 'Dog';
}

/** A todo that is only usable with its title (a response with fewer fields is partial). */
class FullTodo extends Todo {
  static override key = 'FullTodo';
  static override validate(row: Record<string, unknown>) {
    return typeof row.title === 'string' ? undefined : 'a todo needs its `title`';
  }
}

describe('schema edge cases (as @data-client/endpoint)', () => {
  describe('Entity.validate on denormalize', () => {
    it('reads a stored row that fails validate as invalid', () => {
      const entities = deepFreeze({ FullTodo: { '1': { id: 1, title: 'one' }, '2': { id: 2 } } });
      expect(denormalize(FullTodo, '1', entities)).toBeInstanceOf(FullTodo);
      expect(denormalize(FullTodo, '2', entities)).toBe(INVALID);
      // In a list the partial one is left out.
      expect(present(denormalize([FullTodo], ['1', '2'], entities)).map((todo: FullTodo) => todo.id)).toEqual([1]);
    });

    it('makes a result that requires the partial entity invalid, also through the memo', () => {
      class Holder extends Entity {
        id = '';
        todo: FullTodo = FullTodo.fromJS({ title: 'x' });
        pk() {
          return this.id;
        }
        static override key = 'Holder';
        static override schema = { todo: FullTodo };
      }
      const entities = deepFreeze({ Holder: { h: { id: 'h', todo: '2' } }, FullTodo: { '2': { id: 2 } } });
      const memo = new MemoCache();
      expect(memo.denormalize(Holder, 'h', entities)).toBe(INVALID);
      expect(memo.denormalize({ todos: [FullTodo] }, { todos: ['2'] }, entities)).toEqual({ todos: [] });
      const fixed = { ...entities, FullTodo: { '2': { id: 2, title: 'now whole' } } };
      expect(present(memo.denormalize(Holder, 'h', fixed)).todo.title).toBe('now whole');
    });
  });

  describe('unusable primary keys', () => {
    it.each([['undefined'], [''], [undefined]])('rejects pk() returning %p with the same error, storing nothing', (id) => {
      class Odd extends Entity {
        id = '';
        pk() {
          return id;
        }
        static override key = 'Odd';
      }
      expect(() => normalize({ odd: Odd }, { odd: { id: 1 } })).toThrow(
        new TypeError(`[rest-slice] Entity \`Odd\` has no usable primary key: pk() returned ${id === undefined ? 'undefined' : JSON.stringify(id)} for {"id":1}`),
      );
    });

    it("treats an invalidation whose pk is 'undefined' as having none", () => {
      expect(() => normalize(new schema.Invalidate(Todo), { id: 'undefined' })).toThrow(
        '[rest-slice] `schema.Invalidate(Todo)` has no usable primary key: pk() returned "undefined" for {"id":"undefined"}',
      );
    });
  });

  describe('polymorphic schema.Array', () => {
    const pets = new schema.Array({ cat: Cat, dog: Dog }, 'type');

    it('stores each item in the table its attribute names and reads them back as instances', () => {
      const input = deepFreeze([
        { id: 1, type: 'cat', lives: 7 },
        { id: 1, type: 'dog' },
        { id: 3, type: 'fish' },
      ]);
      const { result, entities } = normalize(pets, input);
      expect(result).toEqual([{ id: '1', schema: 'cat' }, { id: '1', schema: 'dog' }, { id: 3, type: 'fish' }]);
      expect(entities).toEqual({ Cat: { '1': { id: 1, type: 'cat', lives: 7 } }, Dog: { '1': { id: 1, type: 'dog' } } });
      const [cat, dog, fish] = present(denormalize(pets, result, entities));
      expect(cat).toBeInstanceOf(Cat);
      expect((cat as Cat).lives).toBe(7);
      expect(dog).toBeInstanceOf(Dog);
      expect((dog as Dog).good).toBe(true);
      // An item whose attribute has no schema stays as it came.
      expect(fish).toEqual({ id: 3, type: 'fish' });
    });

    it('takes a function as the attribute', () => {
      const byShape = new schema.Array({ cat: Cat, dog: Dog }, (value: { lives?: number }) => (value.lives ? 'cat' : 'dog'));
      const { result, entities } = normalize(byShape, [{ id: 5, lives: 3 }, { id: 6 }]);
      expect(result).toEqual([{ id: '5', schema: 'cat' }, { id: '6', schema: 'dog' }]);
      expect(Object.keys(entities)).toEqual(['Cat', 'Dog']);
    });

    it('leaves invalidated members out', () => {
      const entities = deepFreeze({ Cat: { '1': null }, Dog: { '2': { id: 2, type: 'dog' } } });
      const pets2 = present(denormalize(pets, [{ id: '1', schema: 'cat' }, { id: '2', schema: 'dog' }], entities));
      expect(pets2.map((pet) => pet.pk())).toEqual(['2']);
    });
  });

  describe('lists', () => {
    it('normalizes the values of an object given to [Todo]', () => {
      const { result, entities } = normalize([Todo], deepFreeze({ a: { id: 1, title: 'one' }, b: { id: 2, title: 'two' } }));
      expect(result).toEqual(['1', '2']);
      expect(Object.keys(entities.Todo)).toEqual(['1', '2']);
      expect(normalize(new schema.Array(Todo), { x: { id: 3 } }).result).toEqual(['3']);
    });

    it('leaves null and undefined members out, on normalize and on denormalize', () => {
      const { result, entities } = normalize([Todo], deepFreeze([{ id: 1 }, null, undefined, { id: 2 }]));
      expect(result).toEqual(['1', '2']);
      expect(present(denormalize([Todo], ['1', null, undefined, '2'], entities)).map((todo: Todo) => todo.id)).toEqual([1, 2]);
      expect(normalize(new schema.Array({ cat: Cat }, 'type'), [null, { id: 1, type: 'cat' }]).result).toEqual([{ id: '1', schema: 'cat' }]);
    });

    it('takes an empty [] as a schema that passes values through', () => {
      const shape = { todo: Todo, tags: [] };
      const { result, entities } = normalize(shape, deepFreeze({ todo: { id: 1 }, tags: ['a', { b: 1 }] }));
      expect(result).toEqual({ todo: '1', tags: ['a', { b: 1 }] });
      expect(present(denormalize(shape, result, entities)).tags).toEqual(['a', { b: 1 }]);
    });
  });

  it('reads an optional member whose entity was invalidated as undefined, not its default', () => {
    const entities = deepFreeze({ Comment: { c: { id: 'c', text: 'hi', author: '1' } }, User: { '1': null } });
    const comment = present(denormalize(Comment, 'c', entities));
    expect(comment).toBeInstanceOf(Comment);
    expect(comment.author).toBeUndefined();
    expect(present(new MemoCache().denormalize(Comment, 'c', entities)).author).toBeUndefined();
  });

  describe('Entity classes without a usable key', () => {
    it('rejects an anonymous class at first use, naming the fix', () => {
      const Anonymous = [class extends Entity {
        id = 0;
        pk() {
          return String(this.id);
        }
      }][0];
      expect(Anonymous.name).toBe('');
      const message =
        "[rest-slice] an Entity class without a name needs a `static key`: the key names its table and must stay the same in every build, e.g. `static key = 'Todo'`";
      expect(() => Anonymous.key).toThrow(new TypeError(message));
      expect(() => normalize(Anonymous, { id: 1 })).toThrow(new TypeError(message));
    });

    it('rejects a minified class name', () => {
      class t extends Entity {
        id = 0;
        pk() {
          return String(this.id);
        }
      }
      expect(() => normalize([t], [{ id: 1 }])).toThrow(/an Entity class named `t` \(which looks minified\) needs a `static key`/);
    });

    it('accepts the same classes once they set a key', () => {
      class e extends Entity {
        id = 0;
        pk() {
          return String(this.id);
        }
        static override key = 'Event';
      }
      expect(normalize(e, { id: 1 }).entities).toEqual({ Event: { '1': { id: 1 } } });
    });
  });

  describe('static automaticValidation', () => {
    class Pair extends Entity {
      '0' = '';
      pk() {
        return this[0];
      }
      static override key = 'Pair';
    }

    it('throws by default for an array where the entity expects an object', () => {
      expect(() => normalize({ pair: Pair }, { pair: ['a', 'b'] })).toThrow(
        new TypeError('[rest-slice] Entity `Pair` expected an object, got an array: ["a","b"]'),
      );
    });

    it("'warn' warns and reads the array as an object", () => {
      class WarnPair extends Pair {
        static override key = 'WarnPair';
        static override automaticValidation = 'warn' as const;
      }
      const logged = allowConsole();
      const { result, entities } = normalize(WarnPair, ['a', 'b']);
      expect(result).toBe('a');
      expect(entities).toEqual({ WarnPair: { a: { '0': 'a', '1': 'b' } } });
      expect(logged).toEqual([
        "console.warn: [rest-slice] Entity `WarnPair` expected an object, got an array: [\"a\",\"b\"]; reading it as an object (`static automaticValidation = 'warn'`)",
      ]);
    });

    it("'silent' turns the check off", () => {
      class SilentPair extends Pair {
        static override key = 'SilentPair';
        static override automaticValidation = 'silent' as const;
      }
      expect(normalize({ pair: SilentPair }, { pair: ['x'] }).entities).toEqual({ SilentPair: { x: { '0': 'x' } } });
      // Values that are neither objects nor pks are still rejected.
      expect(() => normalize({ pair: SilentPair }, { pair: true })).toThrow('[rest-slice] Entity `SilentPair` expected an object, got a boolean: true');
    });
  });
});

describe('a pk() that throws', () => {
  class Fragile extends Entity {
    id: unknown = undefined;
    pk() {
      return (this.id as { toString(): string }).toString();
    }
    static override key = 'Fragile';
  }

  it('is a clear error naming the entity and the data, with the thrown error as cause', () => {
    let caught: unknown;
    try {
      normalize(Fragile, { id: [{ toString: 0 }] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as Error).message).toMatch(/^\[rest-slice\] Entity `Fragile` has no usable primary key: pk\(\) threw \(.+\) for \{"id":\[\{"toString":0\}\]\}$/);
    expect((caught as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe('lists of an Array subclass', () => {
  /** An array class of the app's own (as some state libraries hand out): its `slice` and `map` make more of it. */
  class TaggedList<T> extends Array<T> {}

  it('normalize stores a plain array of pks, and denormalize reads a plain array of instances, with the dropped items left out', () => {
    const input = TaggedList.from([{ id: 1, title: 'one' }, null, { id: 3, title: 'three' }]);
    const { result, entities } = normalize([Todo], input);
    expect(result).toEqual(['1', '3']);
    expect(Object.getPrototypeOf(result)).toBe(Array.prototype);

    const read = present(denormalize([Todo], TaggedList.from(['1', '2', '3']), entities));
    expect(Object.getPrototypeOf(read)).toBe(Array.prototype);
    expect(read.map((todo) => todo.title)).toEqual(['one', 'three']);
    expect(read[0]).toBeInstanceOf(Todo);
  });

  it('a polymorphic schema.Array keeps the order of what it keeps, in a plain array', () => {
    const pets = new schema.Array({ cat: Cat, dog: Dog }, 'type');
    const { result, entities } = normalize(pets, TaggedList.from([{ id: 1, type: 'cat' }, undefined, { id: 2, type: 'dog' }]));
    expect(Object.getPrototypeOf(result)).toBe(Array.prototype);
    const read = present(denormalize(pets, TaggedList.from([...(result as unknown[]), { id: '9', schema: 'cat' }]), entities)) as (Cat | Dog)[];
    expect(Object.getPrototypeOf(read)).toBe(Array.prototype);
    expect(read.map((pet) => [pet.constructor, pet.id])).toEqual([
      [Cat, 1],
      [Dog, 2],
    ]);
  });
});
