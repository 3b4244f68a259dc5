import { INVALID, type EntityMeta, denormalize, normalize, schema } from 'rest-slice';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Todo, TodoList } from '../fixtures/Todo';
import { Comment, Post, User } from '../fixtures/User';
import { present } from '../helpers/denormalized';

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });

describe('Invalidate', () => {
  describe('normalize', () => {
    it('marks one entity invalid, found from the response object', () => {
      const { result, entities } = normalize(new schema.Invalidate(Todo), deepFreeze({ id: 1, title: 'gone' }));
      expect(result).toBe('1');
      expect(entities).toEqual({ Todo: { '1': null } });
    });

    it('marks one entity invalid, found from a pk', () => {
      expect(normalize(new schema.Invalidate(Todo), 5).entities).toEqual({ Todo: { '5': null } });
      expect(normalize(new schema.Invalidate(Todo), '6').entities).toEqual({ Todo: { '6': null } });
    });

    it('marks each item of a list invalid with `[new Invalidate(E)]`', () => {
      const { result, entities } = normalize([new schema.Invalidate(Todo)], deepFreeze([{ id: 1 }, { id: 2 }, 3]));
      expect(result).toEqual(['1', '2', '3']);
      expect(entities).toEqual({ Todo: { '1': null, '2': null, '3': null } });
    });

    it('uses the entity\'s process to find the pk', () => {
      class Wrapped extends Todo {
        static override key = 'Wrapped';
        static override process(input: { todo: { id: number } }) {
          return { ...input.todo };
        }
      }
      expect(normalize(new schema.Invalidate(Wrapped), { todo: { id: 8 } }).entities).toEqual({ Wrapped: { '8': null } });
    });

    it('keeps the tables plain JSON: invalid rows are `null` and the meta says `invalidated`', () => {
      const store = deepFreeze({ entities: { Todo: { '1': { id: 1 } } }, entitiesMeta: { Todo: { '1': meta(100) } } });
      const out = normalizeIntoStore(new schema.Invalidate(Todo), { id: 1 }, [], store, meta(200));
      expect(out.entities).toEqual({ Todo: { '1': null } });
      expect(out.entitiesMeta).toEqual({ Todo: { '1': { ...meta(200), invalidated: true } } });
      const roundTrip = JSON.parse(JSON.stringify(out));
      expect(roundTrip).toEqual(out);
      expect(roundTrip.entities.Todo['1']).toBeNull();
    });

    it('does not invalidate a row fetched after the invalidating request', () => {
      const store = deepFreeze({ entities: { Todo: { '1': { id: 1 } } }, entitiesMeta: { Todo: { '1': meta(300) } } });
      const out = normalizeIntoStore(new schema.Invalidate(Todo), { id: 1 }, [], store, meta(200));
      expect(out.entities).toEqual({});
      expect(out.entitiesMeta).toEqual({});
    });

    it('throws for an input without a usable pk', () => {
      expect(() => normalize(new schema.Invalidate(Todo), { title: 'no id' })).toThrow(
        '[rest-slice] `schema.Invalidate(Todo)` has no usable primary key: pk() returned undefined for {"title":"no id"}',
      );
      expect(() => normalize(new schema.Invalidate(Todo), true)).toThrow(
        '[rest-slice] `schema.Invalidate(Todo)` expected an object or a pk, got a boolean: true',
      );
    });

    it('takes only Entity classes', () => {
      expect(() => new schema.Invalidate({} as typeof Todo)).toThrow('`schema.Invalidate` takes an Entity class');
    });
  });

  describe('denormalize', () => {
    it('returns INVALID for an invalidated entity at the root', () => {
      expect(denormalize(Todo, '1', { Todo: { '1': null } })).toBe(INVALID);
      expect(denormalize(new schema.Invalidate(Todo), '1', { Todo: { '1': null } })).toBe(INVALID);
    });

    it('removes invalidated entities from arrays', () => {
      const entities = { Todo: { '1': { id: 1 }, '2': null, '3': { id: 3 } } };
      const todos = present(denormalize([Todo], ['1', '2', '3'], entities));
      expect(todos.map((todo: Todo) => todo.pk())).toEqual(['1', '3']);
    });

    it('removes invalidated entities from collections', () => {
      const { result, entities } = normalize(TodoList, [{ id: 1 }, { id: 2 }], [{ userId: 1 }]);
      const { entities: invalidated } = normalize(new schema.Invalidate(Todo), { id: 1 });
      const tables = { ...entities, Todo: { ...entities.Todo, ...invalidated.Todo } };
      const list = present(denormalize(TodoList, result, tables, [{ userId: 1 }]));
      expect(list.map((todo: Todo) => todo.pk())).toEqual(['2']);
    });

    it('removes invalidated entities from a collection of Values', () => {
      const collection = new schema.Collection(new schema.Values(Todo));
      const { result, entities } = normalize(collection, { a: { id: 1 }, b: { id: 2 } });
      const out = present(denormalize(collection, result, { ...entities, Todo: { ...entities.Todo, '2': null } }));
      expect(Object.keys(out)).toEqual(['a']);
      expect(out.a).toBeInstanceOf(Todo);
    });

    it('drops an invalidated optional member (default null) to undefined, as Data Client', () => {
      const { result, entities } = normalize(Comment, { id: 'c1', text: 'hi', author: { id: 7, name: 'Ann' } });
      const tables = { ...entities, User: { '7': null } };
      const comment = present(denormalize(Comment, result, tables));
      expect(comment).toBeInstanceOf(Comment);
      expect(comment.author).toBeUndefined();
      expect(comment.text).toBe('hi');
    });

    it('drops an invalidated optional member (default undefined) to undefined', () => {
      class Note extends Todo {
        static override key = 'Note';
        owner: User | undefined = undefined;
        static override schema = { owner: User };
      }
      const note = present(denormalize(Note, '1', { Note: { '1': { id: 1, owner: '7' } }, User: { '7': null } }));
      expect(note).toBeInstanceOf(Note);
      expect(note.owner).toBeUndefined();
    });

    it('makes the whole result INVALID when a required member (truthy default) is invalidated', () => {
      const input = { id: 'p1', title: 'post', author: { id: 7 }, comments: [{ id: 'c1', author: { id: 7 } }] };
      const { result, entities } = normalize(Post, input);
      const tables = { ...entities, User: { '7': null } };
      expect(denormalize(Post, result, tables)).toBe(INVALID);
      // Inside a list, the invalid post is dropped.
      expect(denormalize([Post], [result], tables)).toEqual([]);
      // Inside an object literal, the whole object is invalid.
      expect(denormalize({ post: Post }, { post: result }, tables)).toBe(INVALID);
    });

    it('keeps the same post valid while its required member is present', () => {
      const { result, entities } = normalize(Post, { id: 'p1', author: { id: 7 }, comments: [{ id: 'c1' }] });
      const post = present(denormalize(Post, result, { ...entities, Comment: { c1: null } }));
      expect(post).toBeInstanceOf(Post);
      expect(post.author).toBeInstanceOf(User);
      expect(post.comments).toEqual([]);
    });
  });
});
