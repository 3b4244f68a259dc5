import { Entity, INVALID, denormalize, normalize, schema } from 'rest-slice';
import { deepFreeze } from '../fixtures/deepFreeze';
import { BuildType, Project, projectsInput, projectsSchema } from '../fixtures/Project';
import { Todo } from '../fixtures/Todo';
import { Comment, Post, User } from '../fixtures/User';
import { present } from '../helpers/denormalized';

class A extends Entity {
  id = '';
  b: B | null = null;
  pk() {
    return this.id;
  }
}
class B extends Entity {
  id = '';
  a: A | null = null;
  pk() {
    return this.id;
  }
}
A.schema = { b: B };
B.schema = { a: A };

describe('denormalize', () => {
  it('rebuilds nested data with instances of the entity classes', () => {
    const { result, entities } = normalize(projectsSchema, projectsInput);
    const out = present(denormalize(projectsSchema, result, deepFreeze(entities)));
    expect(out.project).toHaveLength(3);
    const [a, b] = out.project;
    expect(a).toBeInstanceOf(Project);
    expect(a.pk()).toBe('A');
    expect(b.buildTypes.buildType.map((bt: BuildType) => bt.pk())).toEqual(['B_build', 'B_test']);
    expect(b.buildTypes.buildType[1]).toBeInstanceOf(BuildType);
    expect(b.buildTypes.buildType[1].paused).toBe(true);
  });

  it('returns the same instance for an entity referenced twice', () => {
    const { result, entities } = normalize(Post, { id: 'p', author: { id: 1 }, comments: [{ id: 'c', author: { id: 1 } }] });
    const post = present(denormalize(Post, result, entities));
    expect(post.comments[0]).toBeInstanceOf(Comment);
    expect(post.comments[0].author).toBe(post.author);
  });

  it('gives undefined for a missing entity and drops it from lists', () => {
    expect(denormalize(Todo, '1', {})).toBeUndefined();
    expect(denormalize(Todo, '1', { Todo: {} })).toBeUndefined();
    const todos = present(denormalize([Todo], ['1', '2'], { Todo: { '2': { id: 2 } } }));
    expect(todos).toHaveLength(1);
    expect(todos[0].pk()).toBe('2');
  });

  it('leaves a missing nested entity undefined', () => {
    const comment = present(denormalize(Comment, 'c', { Comment: { c: { id: 'c', author: '9' } } }));
    expect(comment).toBeInstanceOf(Comment);
    expect(comment.author).toBeUndefined();
  });

  it('passes through undefined results and a missing schema', () => {
    expect(denormalize(Todo, undefined, {})).toBeUndefined();
    expect(denormalize(undefined, { a: 1 }, {})).toEqual({ a: 1 });
  });

  it('builds entities given inline (not normalized)', () => {
    const user = present(denormalize(User, { id: 1, name: 'Ann', createdAt: '2020-01-01T00:00:00.000Z' }, {}));
    expect(user).toBeInstanceOf(User);
    expect(user.createdAt).toBeInstanceOf(Date);
  });

  it('does not mutate the tables', () => {
    const { result, entities } = normalize(User, { id: 1, createdAt: '2020-01-01T00:00:00.000Z' });
    const frozen = deepFreeze(entities);
    const user = present(denormalize(User, result, frozen));
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(frozen.User['1']).toEqual({ id: 1, createdAt: '2020-01-01T00:00:00.000Z' });
  });

  it('terminates on cycles (A ↔ B) and links the same instances', () => {
    const entities = { A: { a1: { id: 'a1', b: 'b1' } }, B: { b1: { id: 'b1', a: 'a1' } } };
    const a = present(denormalize(A, 'a1', entities));
    expect(a).toBeInstanceOf(A);
    expect(a.b).toBeInstanceOf(B);
    expect(a.b?.a).toBe(a);
  });

  it('terminates on a self-reference', () => {
    class Node extends Entity {
      id = '';
      next: Node | null = null;
      pk() {
        return this.id;
      }
    }
    Node.schema = { next: Node };
    const node = present(denormalize([Node], ['n'], { Node: { n: { id: 'n', next: 'n' } } }))[0];
    expect(node.next).toBe(node);
  });

  it('reads a row written as `INVALID` (tables built by hand the Data Client way) as a deleted one, as `null`', () => {
    const entities = { Todo: { '1': { id: 1, title: 'one' }, '2': INVALID as never } };
    expect(denormalize(Todo, '2', entities)).toBe(INVALID);
    expect(denormalize(Todo, '2', { Todo: { '2': null } })).toBe(INVALID);
    expect((present(denormalize([Todo], ['1', '2'], entities)) as Todo[]).map((todo) => todo.id)).toEqual([1]);
    expect(denormalize({ todo: Todo }, { todo: '2' }, entities)).toBe(INVALID);
    // Any symbol marks a deleted row, as Data Client's tests write them (`Symbol('ENTITY WAS DELETED')`).
    expect(denormalize(Todo, '3', { Todo: { '3': Symbol('ENTITY WAS DELETED') as never } })).toBe(INVALID);
  });

  it('reads `[Entity]` and `schema.Array(Entity)` lists alike: missing, null and invalidated items dropped, inline ones built', () => {
    const entities = { Todo: { '1': { id: 1, title: 'one' }, '2': null, '3': { id: 3, title: 'three' } } };
    const items = ['1', null, '2', undefined, '9', 3, { id: 4, title: 'inline' }];
    for (const list of [[Todo], new schema.Array(Todo)]) {
      const todos = present(denormalize(list, items, entities)) as Todo[];
      expect(todos.map((todo) => [todo instanceof Todo, todo.id, todo.title])).toEqual([
        [true, 1, 'one'],
        [true, 3, 'three'],
        [true, 4, 'inline'],
      ]);
      expect(denormalize(list, 'not a list', entities)).toBe('not a list');
    }
    // Items of other schemas still go through the schema's own rules: a list of lists, and of plain values.
    expect(denormalize([[Todo]], [['1', '2'], ['3']], entities)).toEqual([[expect.any(Todo)], [expect.any(Todo)]]);
    expect(denormalize([Date], ['2020-01-01T00:00:00.000Z', null], {})).toEqual([new Date('2020-01-01T00:00:00.000Z')]);
    expect(denormalize({ todo: Todo }, { todo: '2' }, entities)).toBe(INVALID);
  });
});
