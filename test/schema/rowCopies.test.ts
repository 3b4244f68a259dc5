// Rows are copied one way in development (member by member: the store freezes them there, and a spread
// copy freezes into a shape of its own per row) and another in production (a spread, faster): both must
// store the same rows, member for member and in the same order.
import { Entity, normalize, schema } from 'rest-slice';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { inNodeEnv } from '../helpers/nodeEnv';

class Tag extends Entity {
  id = '';
  label = '';
  pk() {
    return this.id;
  }
  static override key = 'Tag';
}

class Post extends Entity {
  id = '';
  title = '';
  tags: Tag[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { tags: [Tag], extra: { tag: Tag } };
}

/** A response as a server sends it: `JSON.parse` makes `__proto__` an own member, and integer-like keys sort first. */
const response = () =>
  JSON.parse(
    '[{"id": "p1", "title": "one", "__proto__": {"polluted": true}, "2": "two", "tags": [{"id": "t1", "label": "a"}], "extra": {"tag": {"id": "t2", "label": "b"}, "__proto__": 1, "1": "x"}},' +
      ' {"id": "p2", "title": "two", "tags": []}]',
  ) as unknown;

/** Each row's own members as [key, value] pairs in their order, and its prototype: what a reader of the row can tell apart. */
function describeRows(tables: Record<string, Record<string, unknown>>) {
  return Object.entries(tables).map(([key, rows]) => [
    key,
    Object.entries(rows).map(([pk, row]) => {
      const record = row as Record<string, unknown>;
      const nested = record.extra as object | undefined;
      return {
        pk,
        members: Object.getOwnPropertyNames(record).map((name) => [name, Object.getOwnPropertyDescriptor(record, name)?.value]),
        prototype: Object.getPrototypeOf(record),
        nested: nested === undefined ? undefined : Object.getOwnPropertyNames(nested).map((name) => [name, Object.getOwnPropertyDescriptor(nested, name)?.value]),
        nestedPrototype: nested === undefined ? undefined : Object.getPrototypeOf(nested),
      };
    }),
  ]);
}

describe('rows copied in development and in production', () => {
  it('normalize stores the same rows, members in the same order, `__proto__` kept as a member', () => {
    const development = inNodeEnv('development', () => normalize([Post], response()));
    const production = inNodeEnv('production', () => normalize([Post], response()));
    expect(describeRows(development.entities)).toEqual(describeRows(production.entities));
    const post = development.entities.Post.p1 as Record<string, unknown>;
    expect(Object.getPrototypeOf(post)).toBe(Object.prototype);
    expect(Object.keys(post)).toEqual(['2', 'id', 'title', '__proto__', 'tags', 'extra']);
    expect(Object.getOwnPropertyDescriptor(post, '__proto__')?.value).toEqual({ polluted: true });
    expect(post.extra).toEqual({ 1: 'x', tag: 't2', ['__proto__']: 1 });
    expect(Object.getOwnPropertyDescriptor(post.extra, '__proto__')?.value).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a merge with stored rows gives the same row in both', () => {
    const stored = inNodeEnv('production', () => normalize([Post], response()).entities);
    const merge = (mode: string) =>
      inNodeEnv(mode, () =>
        normalizeIntoStore(
          [Post],
          [{ id: 'p1', title: 'renamed', tags: [] }],
          [],
          { entities: stored, entitiesMeta: { Post: { p1: { fetchedAt: 1, date: 1, expiresAt: 2 } } } },
          { fetchedAt: 2, date: 2, expiresAt: 3 },
        ).entities,
      );
    const development = merge('development');
    expect(describeRows(development)).toEqual(describeRows(merge('production')));
    expect(Object.keys(development.Post.p1 as object)).toEqual(['2', 'id', 'title', '__proto__', 'tags', 'extra']);
    expect((development.Post.p1 as Record<string, unknown>).title).toBe('renamed');
  });

  it("Entity.merge and a schema.Object's members copy alike in both", () => {
    const existing = JSON.parse('{"a": 1, "__proto__": {"x": 1}, "b": 2}') as object;
    const incoming = JSON.parse('{"b": 3, "0": "zero"}') as object;
    const merged = (mode: string) => inNodeEnv(mode, () => Entity.merge(existing, incoming));
    const members = (row: object) => Object.getOwnPropertyNames(row).map((name) => [name, Object.getOwnPropertyDescriptor(row, name)?.value]);
    expect(members(merged('development'))).toEqual(members(merged('production')));
    expect(members(merged('development'))).toEqual([['0', 'zero'], ['a', 1], ['__proto__', { x: 1 }], ['b', 3]]);

    const wrapped = new schema.Object({ tag: Tag });
    const input = () => JSON.parse('{"tag": {"id": "t9", "label": "z"}, "__proto__": 5, "note": "n"}') as unknown;
    const result = (mode: string) => inNodeEnv(mode, () => normalize(wrapped, input()).result as object);
    expect(members(result('development'))).toEqual(members(result('production')));
    expect(members(result('development'))).toEqual([['tag', 't9'], ['__proto__', 5], ['note', 'n']]);
  });
});
