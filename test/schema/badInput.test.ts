import { Entity, denormalize, normalize, schema } from 'rest-slice';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';
import { projectsInput, projectsSchema } from '../fixtures/Project';
import { Todo, TodoList } from '../fixtures/Todo';
import { Post, User } from '../fixtures/User';
import { present } from '../helpers/denormalized';

const DANGEROUS = ['__proto__', 'constructor', 'prototype'] as const;

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const originalNames = prototypeNames();

/** Nothing reached `Object.prototype`. */
function expectNoPollution() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(prototypeNames()).toEqual(originalNames);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

/** An own data property, read without going through accessors. */
const own = (obj: object, key: string) => Object.getOwnPropertyDescriptor(obj, key)?.value;

describe('normalize', () => {
  describe('with a wrong shape', () => {
    it('rejects an array where an Entity is expected, naming the schema, what was expected and what came', () => {
      expect(() => normalize(Todo, [{ id: 1 }])).toThrow(
        new TypeError('[rest-slice] schema `Todo` expected an object, got an array: [{"id":1}]'),
      );
    });

    it('rejects an array for a nested Entity', () => {
      expect(() => normalize(Post, { id: 'p', author: [{ id: 1 }] })).toThrow(
        new TypeError('[rest-slice] Entity `User` expected an object, got an array: [{"id":1}]'),
      );
    });

    it('rejects a string where an Entity is expected', () => {
      expect(() => normalize(Todo, '<html>Bad Gateway</html>')).toThrow(
        new TypeError('[rest-slice] schema `Todo` expected an object, got a string: "<html>Bad Gateway</html>"'),
      );
    });

    it('rejects a string where a list is expected', () => {
      expect(() => normalize([Todo], 'oops')).toThrow(
        new TypeError('[rest-slice] schema `[Todo]` expected an array, got a string: "oops"'),
      );
      expect(() => normalize(TodoList, 'oops')).toThrow(
        new TypeError('[rest-slice] schema `[Todo]` expected an array, got a string: "oops"'),
      );
    });

    it('reads an object where a list is expected as the list of its values (as Data Client)', () => {
      // `{ id: 'A' }` is one value, 'A': a reference to Project A, not a project.
      expect(normalize(projectsSchema, { project: { id: 'A' } })).toEqual({ result: { project: ['A'] }, entities: {} });
    });

    it('rejects null and undefined at the root', () => {
      expect(() => normalize(Todo, null)).toThrow(new TypeError('[rest-slice] schema `Todo` expected an object, got null: null'));
      expect(() => normalize([Todo], null)).toThrow(new TypeError('[rest-slice] schema `[Todo]` expected an array, got null: null'));
      expect(() => normalize(TodoList, undefined)).toThrow(
        new TypeError('[rest-slice] schema `[Todo]` expected an array, got undefined: undefined'),
      );
      expect(() => normalize(projectsSchema, null)).toThrow(
        new TypeError('[rest-slice] schema `object` expected an object, got null: null'),
      );
      expect(() => normalize(new schema.Values(Todo), null)).toThrow(
        new TypeError('[rest-slice] schema `Values(Todo)` expected an object, got null: null'),
      );
      expect(() => normalize(new schema.Invalidate(Todo), undefined)).toThrow(
        new TypeError('[rest-slice] schema `Todo` expected an object or a pk, got undefined: undefined'),
      );
    });

    it('rejects a primitive that is not a pk for an Entity', () => {
      expect(() => normalize({ todo: Todo }, { todo: true })).toThrow(
        new TypeError('[rest-slice] Entity `Todo` expected an object, got a boolean: true'),
      );
    });

    it('throws from normalizeIntoStore before returning any row', () => {
      const store = deepFreeze({ entities: {}, entitiesMeta: {} });
      expect(() =>
        normalizeIntoStore([Todo], [{ id: 1 }, 'fine', { title: 'no id' }], [], store, { fetchedAt: 1, date: 1, expiresAt: 2 }),
      ).toThrow('[rest-slice] Entity `Todo` has no usable primary key');
    });
  });

  describe('with an entity without a usable primary key', () => {
    it('throws quoting the value', () => {
      expect(() => normalize(Todo, { title: 'no id' })).toThrow(
        new TypeError('[rest-slice] Entity `Todo` has no usable primary key: pk() returned undefined for {"title":"no id"}'),
      );
    });

    it('throws for an empty string or NaN pk', () => {
      class Loose extends Entity {
        id: unknown = undefined;
        pk() {
          return this.id as string;
        }
      }
      expect(() => normalize(Loose, { id: '' })).toThrow(
        new TypeError('[rest-slice] Entity `Loose` has no usable primary key: pk() returned "" for {"id":""}'),
      );
      expect(() => normalize(Loose, { id: Number.NaN })).toThrow(
        new TypeError('[rest-slice] Entity `Loose` has no usable primary key: pk() returned NaN for {"id":null}'),
      );
    });

    it('throws for a nested entity inside a list', () => {
      expect(() => normalize({ list: [Todo] }, { list: [{ id: 1 }, { title: 'x' }] })).toThrow(
        '[rest-slice] Entity `Todo` has no usable primary key: pk() returned undefined for {"title":"x"}',
      );
    });
  });

  describe('with `__proto__`, `constructor` and `prototype`', () => {
    afterEach(expectNoPollution);

    it('as Values keys: kept as ordinary keys', () => {
      const input = deepFreeze(
        JSON.parse('{"__proto__":{"id":1,"polluted":true},"constructor":{"id":2},"prototype":{"id":3}}'),
      );
      const values = new schema.Values(Todo);
      const { result, entities } = normalize<Record<string, string>>(values, input);
      expect(Object.keys(result)).toEqual(DANGEROUS);
      expect(own(result, '__proto__')).toBe('1');
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(Object.keys(entities.Todo)).toEqual(['1', '2', '3']);
      const out = present(denormalize(values, result, entities));
      expect(Object.keys(out)).toEqual(DANGEROUS);
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(own(out, '__proto__')).toBeInstanceOf(Todo);
      expect(own(out, '__proto__').pk()).toBe('1');
      expect(own(out, 'constructor').pk()).toBe('2');
      expect(out.prototype.pk()).toBe('3');
    });

    it('as Values keys of a collection assigned to', () => {
      const collection = new schema.Collection(new schema.Values(Todo));
      const store = deepFreeze({ entities: { '{Todo}': { '{}': { a: '1' } }, Todo: { '1': { id: 1 } } }, entitiesMeta: {} });
      const out = normalizeIntoStore(collection.assign, JSON.parse('{"__proto__":{"id":2}}'), [{}], store, {
        fetchedAt: 1,
        date: 1,
        expiresAt: 2,
      });
      const row = out.entities['{Todo}']['{}'] as Record<string, unknown>;
      expect(Object.keys(row)).toEqual(['a', '__proto__']);
      expect(own(row, '__proto__')).toBe('2');
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    });

    it('as entity data: stored and denormalized as ordinary values', () => {
      const input = deepFreeze(JSON.parse('{"id":1,"title":"t","__proto__":{"polluted":true},"constructor":{"polluted":true},"prototype":{"polluted":true}}'));
      const { result, entities } = normalize(Todo, input);
      const row = entities.Todo['1'] as Record<string, unknown>;
      expect(Object.keys(row)).toEqual(['id', 'title', ...DANGEROUS]);
      expect(own(row, '__proto__')).toEqual({ polluted: true });
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(entities))).toEqual(entities);
      const todo = present(denormalize(Todo, result, entities));
      expect(todo).toBeInstanceOf(Todo);
      expect(Object.getPrototypeOf(todo)).toBe(Todo.prototype);
      expect(todo.pk()).toBe('1');
      expect(todo.title).toBe('t');
      expect((todo as unknown as Record<string, unknown>).polluted).toBeUndefined();
      expect(own(todo, '__proto__')).toEqual({ polluted: true });
      expect(own(todo, 'constructor')).toEqual({ polluted: true });
      expect(own(todo, 'prototype')).toEqual({ polluted: true });
    });

    it('as members of an object schema', () => {
      const input = deepFreeze(JSON.parse('{"todo":{"id":1},"__proto__":{"polluted":true}}'));
      const { result } = normalize<Record<string, unknown>>({ todo: Todo }, input);
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(own(result, '__proto__')).toEqual({ polluted: true });
      expect(result.todo).toBe('1');
    });

    it.each(DANGEROUS)('as a pk (%s)', (pk) => {
      class Named extends Entity {
        name = '';
        title = '';
        pk() {
          return this.name;
        }
        static override key = 'Named';
      }
      const { result, entities } = normalize([Named], deepFreeze([{ name: pk, title: `is ${pk}` }]));
      expect(result).toEqual([pk]);
      expect(Object.keys(entities.Named)).toEqual([pk]);
      expect(own(entities.Named, pk)).toEqual({ name: pk, title: `is ${pk}` });
      const [named] = present(denormalize([Named], result, entities));
      expect(named).toBeInstanceOf(Named);
      expect(named.pk()).toBe(pk);
      expect(named.title).toBe(`is ${pk}`);
      expect(JSON.parse(JSON.stringify(entities))).toEqual(entities);
    });

    it.each(DANGEROUS)('as a pk that is not stored (%s) is missing, not an inherited member', (pk) => {
      expect(denormalize(Todo, pk, { Todo: {} })).toBeUndefined();
      expect(denormalize(Todo, pk, {})).toBeUndefined();
      expect(denormalize([Todo], [pk], { Todo: { '1': { id: 1 } } })).toEqual([]);
    });

    it.each(DANGEROUS)('as an entity key of the tables (%s) is missing', (key) => {
      class Odd extends Entity {
        id = '';
        pk() {
          return this.id;
        }
        static override key = key;
      }
      expect(denormalize(Odd, 'toString', {})).toBeUndefined();
      expect(present(denormalize(Odd, 'x', JSON.parse(`{"${key}":{"x":{"id":"x"}}}`))).pk()).toBe('x');
    });

    it.each(DANGEROUS)('merged into a store row whose pk is %s', (pk) => {
      const store = deepFreeze({
        entities: JSON.parse(`{"Todo":{"${pk}":{"id":"${pk}","title":"old"}}}`),
        entitiesMeta: JSON.parse(`{"Todo":{"${pk}":{"fetchedAt":1,"date":1,"expiresAt":2}}}`),
      });
      class Keyed extends Todo {
        static override key = 'Todo';
        override pk() {
          return this.id as unknown as string;
        }
      }
      const out = normalizeIntoStore(Keyed, { id: pk, title: 'new' }, [], store, { fetchedAt: 2, date: 2, expiresAt: 3 });
      expect(own(out.entities.Todo, pk)).toEqual({ id: pk, title: 'new' });
    });

    it('as collection args', () => {
      const args = deepFreeze(JSON.parse('{"__proto__":"x","constructor":"y"}'));
      const { result } = normalize(TodoList, [], [args]);
      expect(JSON.parse(result as string)).toEqual(args);
      expect(result).not.toBe(normalize(TodoList, [], [{}]).result);
    });

    it('as a Union attribute value', () => {
      const union = new schema.Union({ user: User }, 'type');
      const value = deepFreeze({ id: 1, type: '__proto__' });
      expect(normalize(union, value)).toEqual({ result: value, entities: {} });
    });
  });

  describe('inputs', () => {
    it('are never mutated (deep-frozen inputs normalize fine)', () => {
      const input = deepFreeze(JSON.parse(JSON.stringify(projectsInput)));
      expect(() => normalize(projectsSchema, input)).not.toThrow();
      const post = deepFreeze({ id: 'p', author: { id: 1, createdAt: '2020-01-01' }, comments: [{ id: 'c', author: { id: 1 } }] });
      expect(() => normalize(Post, post)).not.toThrow();
      expect(post.author).toEqual({ id: 1, createdAt: '2020-01-01' });
    });
  });
});
