import { Entity, denormalize, normalize, schema } from 'rest-slice';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Cat, Dog } from '../fixtures/Pets';
import { Todo } from '../fixtures/Todo';
import { present } from '../helpers/denormalized';

describe('Values', () => {
  describe('with a single schema', () => {
    it('normalizes every value with that schema and keeps the keys', () => {
      const input = deepFreeze({ first: { id: 1, title: 'a' }, second: { id: 2, title: 'b' } });
      const { result, entities } = normalize(new schema.Values(Todo), input);
      expect(result).toEqual({ first: '1', second: '2' });
      expect(entities).toEqual({ Todo: { '1': { id: 1, title: 'a' }, '2': { id: 2, title: 'b' } } });
    });

    it('stores numeric ids as string pks', () => {
      const { result, entities } = normalize<Record<string, string>>(new schema.Values(Todo), { x: { id: 10 } });
      expect(result).toEqual({ x: '10' });
      expect(Object.keys(entities.Todo)).toEqual(['10']);
      expect(typeof result.x).toBe('string');
    });

    it('denormalizes each value to an instance under its key', () => {
      const values = new schema.Values(Todo);
      const { result, entities } = normalize(values, { first: { id: 1, title: 'a' }, second: { id: 2, title: 'b' } });
      const out = present(denormalize(values, result, entities));
      expect(Object.keys(out)).toEqual(['first', 'second']);
      expect(out.first).toBeInstanceOf(Todo);
      expect(out.first.title).toBe('a');
      expect(out.second.pk()).toBe('2');
    });

    it('works with a nested structure as the value schema', () => {
      const values = new schema.Values({ todos: [Todo] });
      const { result, entities } = normalize(values, { u1: { todos: [{ id: 1 }], total: 1 } });
      expect(result).toEqual({ u1: { todos: ['1'], total: 1 } });
      const out = present(denormalize(values, result, entities));
      // `total` is outside the schema: kept as it came, absent from the type.
      expect((out.u1 as { total?: number }).total).toBe(1);
      expect(out.u1.todos[0]).toBeInstanceOf(Todo);
    });
  });

  describe('with a mapping and a string schemaAttribute', () => {
    const pets = new schema.Values({ cats: Cat, dogs: Dog }, 'type');

    it('normalizes each value with the schema its attribute names', () => {
      const input = deepFreeze({
        tom: { id: 1, type: 'cats', name: 'Tom' },
        rex: { id: 1, type: 'dogs', name: 'Rex' },
      });
      const { result, entities } = normalize(pets, input);
      expect(result).toEqual({ tom: { id: '1', schema: 'cats' }, rex: { id: '1', schema: 'dogs' } });
      expect(entities).toEqual({
        Cat: { '1': { id: 1, type: 'cats', name: 'Tom' } },
        Dog: { '1': { id: 1, type: 'dogs', name: 'Rex' } },
      });
      const out = present(denormalize(pets, result, entities));
      expect(out.tom).toBeInstanceOf(Cat);
      expect(out.rex).toBeInstanceOf(Dog);
      expect(out.rex.name).toBe('Rex');
    });

    it('keeps a value whose attribute has no mapping as the original object and makes no entity', () => {
      const fish = deepFreeze({ id: 3, type: 'fish', name: 'Nemo' });
      const { result, entities } = normalize<Record<string, unknown>>(pets, { tom: { id: 1, type: 'cats' }, nemo: fish });
      expect(result.nemo).toBe(fish);
      expect(entities).toEqual({ Cat: { '1': { id: 1, type: 'cats' } } });
      const out = present(denormalize(pets, result, entities));
      expect(out.nemo).toEqual({ id: 3, type: 'fish', name: 'Nemo' });
      expect(out.nemo).not.toBeInstanceOf(Entity);
    });

    it('does not take an inherited property (`constructor`) as a mapping entry', () => {
      const { result, entities } = normalize(pets, { odd: { id: 4, type: 'constructor' } });
      expect(result).toEqual({ odd: { id: 4, type: 'constructor' } });
      expect(entities).toEqual({});
    });
  });

  describe('with a mapping and a function schemaAttribute', () => {
    it('calls it with (value, parent, key) and uses the mapping key it returns', () => {
      const calls: unknown[] = [];
      const pets = new schema.Values({ cats: Cat, dogs: Dog }, (value, parent, key) => {
        calls.push([value, parent, key]);
        return key === 'rex' ? 'dogs' : value.barks ? 'dogs' : 'cats';
      });
      const input = deepFreeze({ rex: { id: 1 }, fido: { id: 2, barks: true }, tom: { id: 3 } });
      const { result, entities } = normalize(pets, input);
      expect(calls).toEqual([
        [input.rex, input, 'rex'],
        [input.fido, input, 'fido'],
        [input.tom, input, 'tom'],
      ]);
      expect(result).toEqual({
        rex: { id: '1', schema: 'dogs' },
        fido: { id: '2', schema: 'dogs' },
        tom: { id: '3', schema: 'cats' },
      });
      expect(Object.keys(entities.Dog)).toEqual(['1', '2']);
      expect(Object.keys(entities.Cat)).toEqual(['3']);
    });

    it('keeps a value whose returned key has no mapping as the original object', () => {
      const pets = new schema.Values({ cats: Cat }, () => 'birds');
      const bird = deepFreeze({ id: 9 });
      const { result, entities } = normalize<Record<string, unknown>>(pets, { tweety: bird });
      expect(result).toEqual({ tweety: bird });
      expect(result.tweety).toBe(bird);
      expect(entities).toEqual({});
      expect(denormalize(pets, result, entities)).toEqual({ tweety: { id: 9 } });
    });
  });

  describe('define', () => {
    it('merges a mapping into the original one', () => {
      const pets = new schema.Values({ cats: Cat } as Record<string, typeof Entity>, 'type');
      pets.define({ dogs: Dog });
      expect(Object.keys(pets.schema)).toEqual(['cats', 'dogs']);
      const { result } = normalize(pets, { a: { id: 1, type: 'cats' }, b: { id: 2, type: 'dogs' } });
      expect(result).toEqual({ a: { id: '1', schema: 'cats' }, b: { id: '2', schema: 'dogs' } });
    });

    it('allows circular references', () => {
      class Folder extends Entity {
        id = '';
        children: Record<string, Folder> = {};
        pk() {
          return this.id;
        }
      }
      const children = new schema.Values<unknown>(undefined);
      Folder.schema = { children };
      children.define(Folder);
      const input = deepFreeze({ id: 'root', children: { docs: { id: 'docs', children: { img: { id: 'img', children: {} } } } } });
      const { result, entities } = normalize(Folder, input);
      expect(entities).toEqual({
        Folder: {
          root: { id: 'root', children: { docs: 'docs' } },
          docs: { id: 'docs', children: { img: 'img' } },
          img: { id: 'img', children: {} },
        },
      });
      const root = present(denormalize(Folder, result, entities));
      expect(root.children.docs).toBeInstanceOf(Folder);
      expect(root.children.docs.children.img.pk()).toBe('img');
    });
  });

  it('drops missing and invalidated values on denormalize', () => {
    const values = new schema.Values(Todo);
    const out = present(denormalize(values, { a: '1', b: '2', c: '3' }, { Todo: { '1': { id: 1 }, '2': null } }));
    expect(Object.keys(out)).toEqual(['a']);
  });

  it('throws for a value that is not an object, naming what came', () => {
    expect(() => normalize(new schema.Values(Todo), [{ id: 1 }])).toThrow(
      '[rest-slice] `schema.Values` of Todo expected an object, got an array: [{"id":1}]',
    );
  });
});
