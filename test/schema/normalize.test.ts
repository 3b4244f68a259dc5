import { CycleA as A } from '../fixtures/Cycle';
import { Entity, normalize, schema } from 'rest-slice';
import { deepFreeze } from '../fixtures/deepFreeze';
import { Project, projectsInput, projectsSchema } from '../fixtures/Project';
import { Todo } from '../fixtures/Todo';

describe('normalize', () => {
  it('splits nested data into tables and replaces each entity by its pk', () => {
    const { result, entities } = normalize(projectsSchema, deepFreeze(projectsInput));
    expect(result).toEqual({ project: ['A', 'B', 'C'] });
    expect(entities.Project).toEqual({
      A: { id: 'A', name: 'Project A', parentProjectId: '_Root', buildTypes: { buildType: ['A_build'] } },
      B: { id: 'B', name: 'Project B', parentProjectId: '_Root', buildTypes: { buildType: ['B_build', 'B_test'] } },
      C: { id: 'C', name: 'Project C', parentProjectId: 'A', buildTypes: { buildType: [] } },
    });
    expect(Object.keys(entities.BuildType)).toEqual(['A_build', 'B_build', 'B_test']);
    expect(entities.BuildType.B_test).toEqual({ id: 'B_test', name: 'Test B', projectId: 'B', paused: true });
  });

  it('accepts schema.Array and schema.Object as well as the shorthands', () => {
    const long = new schema.Object({ project: new schema.Array(Project) });
    expect(normalize(long, projectsInput)).toEqual(normalize(projectsSchema, projectsInput));
  });

  it('keeps members of an object that have no schema', () => {
    const { result } = normalize({ todos: [Todo] }, { todos: [{ id: 1 }], nextPage: 2, meta: { total: 1 } });
    expect(result).toEqual({ todos: ['1'], nextPage: 2, meta: { total: 1 } });
  });

  it('keeps null members, and leaves out the undefined members the schema names (as Data Client); others stay', () => {
    const { result, entities } = normalize({ todo: Todo, list: [Todo] }, { todo: null, list: undefined, note: undefined });
    expect(result).toStrictEqual({ todo: null, note: undefined });
    expect(entities).toEqual({});
    const wrapped = normalize(new schema.Object({ todo: Todo }), { todo: undefined, page: 1 });
    expect(wrapped.result).toStrictEqual({ page: 1 });
  });

  it('keeps a pk given in place of a nested entity', () => {
    class Book extends Entity {
      id = 0;
      author: Todo | null = null;
      pk() {
        return String(this.id);
      }
      static override schema = { author: Todo };
    }
    const { entities } = normalize(Book, { id: 1, author: 5 });
    expect(entities).toEqual({ Book: { '1': { id: 1, author: '5' } } });
  });

  it('passes the args to pk() and process()', () => {
    class Scoped extends Entity {
      id = '';
      pk(parent?: unknown, key?: string, args?: readonly unknown[]) {
        return `${(args?.[0] as { org: string }).org}/${this.id}`;
      }
    }
    expect(normalize(Scoped, { id: 'x' }, [{ org: 'acme' }]).result).toBe('acme/x');
  });

  it('handles cycles in the data (A references B references A)', () => {
    const { entities } = normalize(A, { id: 'a1', b: { id: 'b1', a: { id: 'a1' } } });
    expect(entities).toEqual({ A: { a1: { id: 'a1', b: 'b1' } }, B: { b1: { id: 'b1', a: 'a1' } } });
  });

  it('never mutates its input', () => {
    const input = deepFreeze(JSON.parse(JSON.stringify(projectsInput)));
    const copy = JSON.parse(JSON.stringify(input));
    normalize(projectsSchema, input);
    expect(input).toEqual(copy);
  });

  it('returns plain JSON tables', () => {
    const out = normalize(projectsSchema, projectsInput);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});

describe('what process, pk and schemaAttribute see as parent and key (as Data Client)', () => {
  class Comment extends Entity {
    id = '';
    postId = '';
    seenKey = '';
    pk() {
      return this.id;
    }
    static override key = 'Comment';
    static override process(input: object, parent: unknown, key: string | undefined) {
      return { ...input, postId: (parent as { id?: string } | undefined)?.id, seenKey: key };
    }
  }
  class Post extends Entity {
    id = '';
    comments: Comment[] = [];
    pk() {
      return this.id;
    }
    static override key = 'Post';
    static override schema = { comments: [Comment] };
  }

  it('an item of a list sees the object holding the list and the list’s member name', () => {
    const { entities } = normalize(Post, deepFreeze({ id: 'p1', comments: [{ id: 'c1' }, { id: 'c2' }] }));
    expect(entities.Comment).toEqual({
      c1: { id: 'c1', postId: 'p1', seenKey: 'comments' },
      c2: { id: 'c2', postId: 'p1', seenKey: 'comments' },
    });
  });

  it('so does an item of schema.Array, also its schemaAttribute function', () => {
    const calls: unknown[] = [];
    const byKind = new schema.Array({ comment: Comment }, (value, parent, key) => {
      calls.push([(parent as { id: string }).id, key]);
      return 'comment';
    });
    class Thread extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'Thread';
      static override schema = { items: byKind, plain: new schema.Array(Comment) };
    }
    const { entities } = normalize(Thread, deepFreeze({ id: 't1', items: [{ id: 'c1' }], plain: [{ id: 'c2' }] }));
    expect(calls).toEqual([['t1', 'items']]);
    expect(entities.Comment).toEqual({
      c1: { id: 'c1', postId: 't1', seenKey: 'items' },
      c2: { id: 'c2', postId: 't1', seenKey: 'plain' },
    });
  });

  it('the entity at the root sees the input itself as its parent', () => {
    class Reading extends Entity {
      value = 0;
      pk(parent?: { user: { id: string } }) {
        return parent?.user.id;
      }
      static override key = 'Reading';
    }
    const { result, entities } = normalize(Reading, deepFreeze({ user: { id: '4' }, value: 7 }));
    expect(result).toBe('4');
    expect(entities.Reading).toEqual({ '4': { user: { id: '4' }, value: 7 } });
  });
});
