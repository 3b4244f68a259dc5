import { Entity, denormalize, normalize, schema, validateRequired } from 'rest-slice';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo } from '../fixtures/Todo';
import { User } from '../fixtures/User';
import { present } from '../helpers/denormalized';

describe('Entity', () => {
  describe('fields and defaults', () => {
    it('keeps the defaults of the fields a row lacks', () => {
      const { result, entities } = normalize(Todo, deepFreeze({ id: 1, title: 'one' }));
      expect(entities).toEqual({ Todo: { '1': { id: 1, title: 'one' } } });
      const todo = present(denormalize(Todo, result, entities));
      expect(todo).toBeInstanceOf(Todo);
      expect({ ...todo }).toEqual({ id: 1, title: 'one', completed: false, userId: 0, updatedAt: 0 });
    });

    it('reads back every field of a wide row (past those declared) in order, with nothing added, on every read', () => {
      class Profile extends Entity {
        id = 0;
        login = '';
        name = '';
        pk() {
          return String(this.id);
        }
        static override key = 'Profile';
      }
      const wide: Record<string, unknown> = { login: 'ada', id: 7 };
      for (let i = 0; i < 40; i++) wide[`field${i}`] = i % 3 === 0 ? null : `value ${i}`;
      const { result, entities } = normalize(Profile, deepFreeze(wide));
      // Many reads: the first instances of a class are laid out differently from the later ones.
      const reads = Array.from({ length: 20 }, () => present(denormalize(Profile, result, entities)));
      for (const profile of reads) {
        expect(profile).toBeInstanceOf(Profile);
        expect(Object.keys(profile)).toEqual(['id', 'login', 'name', ...Object.keys(wide).slice(2)]);
        expect({ ...profile }).toEqual({ ...wide, name: '' });
      }
      expect(Object.keys(new (Profile as unknown as new () => Profile)())).toEqual(['id', 'login', 'name']);
      expect(Object.keys(Profile.fromJS())).toEqual(['id', 'login', 'name']);
    });

    it('exposes the defaults', () => {
      expect(Todo.defaults).toEqual({ id: undefined, title: '', completed: false, userId: 0, updatedAt: 0 });
    });
  });

  describe('pk', () => {
    it('is called with the data as `this`, and a numeric id is stored as a string pk', () => {
      expect(Todo.pk({ id: 5 })).toBe('5');
      const { result, entities } = normalize(Todo, { id: 5, title: 'five' });
      expect(result).toBe('5');
      expect(Object.keys(entities.Todo)).toEqual(['5']);
    });

    it('returns a pk that denormalized instances answer too', () => {
      const { result, entities } = normalize([Todo], [{ id: 1 }, { id: 2 }]);
      const todos = present(denormalize([Todo], result, entities));
      expect(todos.map((todo: Todo) => todo.pk())).toEqual(['1', '2']);
    });

    it('accepts a pk() returning a number', () => {
      class Counter extends Entity {
        id = 0;
        pk() {
          return this.id;
        }
      }
      const { result, entities } = normalize(Counter, { id: 7 });
      expect(result).toBe('7');
      expect(entities).toEqual({ Counter: { '7': { id: 7 } } });
    });
  });

  describe('key', () => {
    it('is the static key when one is given', () => {
      expect(Todo.key).toBe('Todo');
    });

    it('defaults to the class name', () => {
      class Article extends Entity {
        id = '';
        pk() {
          return this.id;
        }
      }
      expect(Article.key).toBe('Article');
      expect(Object.keys(normalize(Article, { id: 'a' }).entities)).toEqual(['Article']);
    });

    it('defaults to its own name in a subclass read after its parent, and gives way to a key set later', () => {
      class Post extends Entity {
        id = '';
        pk() {
          return this.id;
        }
      }
      class Draft extends Post {}
      // The parent's key is read (and remembered) first: the subclass still gets its own name.
      expect(Post.key).toBe('Post');
      expect(Draft.key).toBe('Draft');
      expect(Object.keys(normalize([Draft], [{ id: 'a' }]).entities)).toEqual(['Draft']);
      Draft.key = 'PostDraft';
      expect(Draft.key).toBe('PostDraft');
      expect(Post.key).toBe('Post');
    });

    it('of a subclass with its own key does not change the parent', () => {
      class Base extends Entity {
        id = '';
        pk() {
          return this.id;
        }
      }
      class Special extends Base {
        static override key = 'Special';
      }
      expect(Base.key).toBe('Base');
      expect(Special.key).toBe('Special');
    });
  });

  describe('fromJS', () => {
    it('builds an instance with the defaults overwritten by the props', () => {
      const todo = Todo.fromJS({ id: 3, title: 'three' });
      expect(todo).toBeInstanceOf(Todo);
      expect(todo.pk()).toBe('3');
      expect(todo.title).toBe('three');
      expect(todo.completed).toBe(false);
    });

    it('with no props gives the defaults', () => {
      const todo = Todo.fromJS();
      expect(todo.pk()).toBeUndefined();
      expect(todo.title).toBe('');
    });

    it('passes the props to the constructor too, as Data Client does', () => {
      class Labelled extends Entity {
        id = 0;
        label: string;
        constructor(props?: { id?: number }) {
          super();
          this.label = `made for ${props?.id ?? 'nothing'}`;
        }
        pk() {
          return String(this.id);
        }
        static override key = 'Labelled';
      }
      expect(Labelled.fromJS({ id: 3 })).toMatchObject({ id: 3, label: 'made for 3' });
      expect(denormalize(Labelled, '4', { Labelled: { '4': { id: 4 } } })).toMatchObject({ id: 4, label: 'made for 4' });
    });
  });

  describe('merge', () => {
    it('defaults to a shallow merge where the incoming row wins', () => {
      expect(Todo.merge({ id: 1, title: 'old', completed: true }, { id: 1, title: 'new' })).toEqual({
        id: 1,
        title: 'new',
        completed: true,
      });
    });

    it('combines two copies of one entity in one response', () => {
      const { entities } = normalize([Todo], [{ id: 1, title: 'first' }, { id: 1, completed: true }]);
      expect(entities.Todo['1']).toEqual({ id: 1, title: 'first', completed: true });
    });

    it('is overridable', () => {
      class Tagged extends Entity {
        id = 0;
        tags: string[] = [];
        pk() {
          return String(this.id);
        }
        static override merge(existing: { tags: string[] }, incoming: { tags: string[] }) {
          return { ...existing, ...incoming, tags: [...existing.tags, ...incoming.tags] };
        }
      }
      const { entities } = normalize([Tagged], [{ id: 1, tags: ['a'] }, { id: 1, tags: ['b'] }]);
      expect(entities.Tagged['1']).toEqual({ id: 1, tags: ['a', 'b'] });
    });
  });

  describe('process', () => {
    it('prepares the input before its pk is read, with parent, key and args', () => {
      const seen: unknown[] = [];
      class Wrapped extends Entity {
        id = '';
        label = '';
        pk() {
          return this.id;
        }
        static override process(input: { uuid: string; label: string }, parent: unknown, key: string | undefined, args: readonly unknown[]) {
          seen.push([parent, key, args]);
          return { id: input.uuid, label: input.label.toUpperCase() };
        }
      }
      const input = deepFreeze({ item: { uuid: 'u1', label: 'hi' } });
      const { result, entities } = normalize({ item: Wrapped }, input, [{ page: 1 }]);
      expect(result).toEqual({ item: 'u1' });
      expect(entities).toEqual({ Wrapped: { u1: { id: 'u1', label: 'HI' } } });
      expect(seen).toEqual([[input, 'item', [{ page: 1 }]]]);
    });

    it('by default copies each row, for any number of entity classes and row shapes', () => {
      // More classes than the copy has code sites, so later classes share them: every row is still its own copy.
      const classes = Array.from({ length: 12 }, (_, n) => {
        const Kind = class extends Entity {
          id = 0;
          pk() {
            return `${this.id}`;
          }
          static override key = `Kind${n}`;
        };
        return Kind;
      });
      classes.forEach((Kind, n) => {
        const input = deepFreeze({ id: n, [`only${n}`]: n, nested: { n } });
        const row = Kind.process(input, undefined, undefined, []);
        expect(row).toEqual({ id: n, [`only${n}`]: n, nested: { n } });
        expect(row).not.toBe(input);
        expect(Object.isFrozen(row)).toBe(false);
        expect(row.nested).toBe(input.nested);
        expect(normalize(Kind, input).entities).toEqual({ [`Kind${n}`]: { [`${n}`]: { id: n, [`only${n}`]: n, nested: { n } } } });
      });
    });
  });

  describe('validate', () => {
    class Strict extends Entity {
      id = 0;
      title = '';
      pk() {
        return String(this.id);
      }
      static override key = 'Strict';
      static override validate(processed: { title?: unknown }) {
        return typeof processed.title === 'string' ? undefined : 'title must be a string';
      }
    }

    it('throws the message it returns, naming the entity and pk', () => {
      expect(() => normalize(Strict, { id: 4, title: 4 })).toThrow(
        new TypeError('[rest-slice] Entity `Strict` (pk "4") failed validation: title must be a string'),
      );
    });

    it('lets valid data through', () => {
      expect(normalize(Strict, { id: 4, title: 'ok' }).entities).toEqual({ Strict: { '4': { id: 4, title: 'ok' } } });
    });

    it('validateRequired names the first field of the defaults the data lacks (Data Client’s helper)', () => {
      class Complete extends Entity {
        id = 0;
        title = '';
        body = '';
        pk() {
          return String(this.id);
        }
        static override key = 'Complete';
        static override validate(processed: object) {
          return validateRequired(processed, this.defaults);
        }
      }
      expect(() => normalize(Complete, { id: 2, title: 'no body' })).toThrow(
        new TypeError('[rest-slice] Entity `Complete` (pk "2") failed validation: missing the required member "body"'),
      );
      expect(normalize(Complete, { id: 2, title: 't', body: 'b' }).result).toBe('2');
      // Inherited members do not count: `constructor` is missing from data like any other name.
      expect(validateRequired({}, { constructor: 0 })).toBe('missing the required member "constructor"');
      expect(validateRequired({ a: undefined }, { a: 1 })).toBeUndefined();
      // Defaults that are not an object: a clear error, not a failure inside Object.keys.
      expect(() => validateRequired({}, undefined as unknown as object)).toThrow(
        new TypeError("[rest-slice] `validateRequired` takes the entity's defaults (an object, e.g. `this.defaults`) as its second argument, got undefined"),
      );
    });
  });

  describe('static schema', () => {
    it('converts a member with a class (`Date`) on denormalize while the table keeps the JSON string', () => {
      const input = deepFreeze({ id: 1, name: 'Ada', createdAt: '2024-01-02T03:04:05.000Z' });
      const { result, entities } = normalize(User, input);
      expect(entities.User['1']).toEqual({ id: 1, name: 'Ada', createdAt: '2024-01-02T03:04:05.000Z' });
      const user = present(denormalize(User, result, entities));
      expect(user).toBeInstanceOf(User);
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(user.createdAt.getTime()).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
      expect(JSON.parse(JSON.stringify(entities))).toEqual(entities);
    });

    it('calls a member that is a plain function', () => {
      const cents = (value: unknown) => ({ cents: Math.round(Number(value) * 100) });
      function upper(value: unknown) {
        return String(value).toUpperCase();
      }
      class Price extends Entity {
        id = '';
        amount = { cents: 0 };
        currency = '';
        pk() {
          return this.id;
        }
        static override schema = { amount: cents, currency: upper };
      }
      const { result, entities } = normalize(Price, { id: 'p', amount: 1.25, currency: 'eur' });
      expect(entities.Price.p).toEqual({ id: 'p', amount: 1.25, currency: 'eur' });
      const price = present(denormalize(Price, result, entities));
      expect(price.amount).toEqual({ cents: 125 });
      expect(price.currency).toBe('EUR');
    });

    it('normalizes nested entities into their own tables and denormalizes them to instances', () => {
      class Author extends Entity {
        id = 0;
        name = '';
        pk() {
          return String(this.id);
        }
      }
      class Book extends Entity {
        id = 0;
        author: Author | null = null;
        pk() {
          return String(this.id);
        }
        static override schema = { author: Author };
      }
      const { result, entities } = normalize(Book, deepFreeze({ id: 1, author: { id: 2, name: 'Le Guin' } }));
      expect(entities).toEqual({ Author: { '2': { id: 2, name: 'Le Guin' } }, Book: { '1': { id: 1, author: '2' } } });
      const book = present(denormalize(Book, result, entities));
      expect(book).toBeInstanceOf(Book);
      expect(book.author).toBeInstanceOf(Author);
      expect(book.author?.name).toBe('Le Guin');
      expect(book.author?.pk()).toBe('2');
    });
  });

  describe('printed', () => {
    it('prints as its key, as Data Client does; JSON leaves the class out, as for any function', () => {
      class Article extends Entity {
        id = 0;
        author = '';
        pk() {
          return String(this.id);
        }
        static override key = 'Post';
        static override schema = { author: User };
      }
      expect(String(Article)).toBe('Post');
      expect(`${Todo}`).toBe('Todo');
      // A schema that refers to itself (a tree) must not send JSON.stringify round in circles.
      class Node extends Entity {
        id = 0;
        pk() {
          return String(this.id);
        }
        static override schema: Record<string, unknown> = {};
      }
      Node.schema = { children: [Node] };
      expect(JSON.stringify({ schema: Node, endpoint: { schema: [Article] } })).toBe('{"endpoint":{"schema":[null]}}');
      const Mixed = schema.Entity(class Comment {
        id = 0;
      }, { pk: 'id' });
      expect(String(Mixed)).toBe('Comment');
    });

    it('prints its source when it has no usable key, instead of throwing', () => {
      const Unnamed = (() => class extends Entity {
        pk() {
          return '1';
        }
      })();
      expect(() => Unnamed.key).toThrow(/needs a `static key`/);
      expect(String(Unnamed)).toContain('class extends');
    });
  });
});
