// Rows are copied one way in development (member by member: the store freezes them there, and a spread
// copy freezes into a shape of its own per row) and another in production (a spread, faster): both must
// store the same rows, member for member and in the same order.
import { Entity, normalize, schema } from 'rest-slice';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { BuildType, Project } from '../fixtures/Project';
import { inNodeEnv } from '../helpers/nodeEnv';

/** A response as a server sends it: `JSON.parse` makes `__proto__` an own member, and integer-like keys sort first. */
const response = () =>
  JSON.parse(
    '[{"id": "p1", "name": "one", "__proto__": {"polluted": true}, "2": "two", "buildTypes": {"buildType": [{"id": "b1", "name": "a"}], "__proto__": 1, "1": "x"}},' +
      ' {"id": "p2", "name": "two", "buildTypes": {"buildType": []}}]',
  ) as unknown;

/** An object's own members as [name, value] pairs in their order (a `__proto__` member read as data). */
const members = (object: object) => Object.getOwnPropertyNames(object).map((name) => [name, Object.getOwnPropertyDescriptor(object, name)?.value]);

/** Each row's members and prototype, and those of its nested `buildTypes`: what a reader of the rows can tell apart. */
function describeRows(tables: Record<string, Record<string, unknown>>) {
  return Object.entries(tables).map(([key, rows]) => [
    key,
    Object.entries(rows).map(([pk, row]) => {
      const nested = (row as { buildTypes?: object }).buildTypes;
      return {
        pk,
        members: members(row as object),
        prototype: Object.getPrototypeOf(row),
        nested: nested === undefined ? undefined : members(nested),
        nestedPrototype: nested === undefined ? undefined : Object.getPrototypeOf(nested),
      };
    }),
  ]);
}

describe('rows copied in development and in production', () => {
  it('normalize stores the same rows, members in the same order, `__proto__` kept as a member', () => {
    const development = inNodeEnv('development', () => normalize([Project], response()));
    const production = inNodeEnv('production', () => normalize([Project], response()));
    expect(describeRows(development.entities)).toEqual(describeRows(production.entities));
    const project = development.entities.Project.p1 as Record<string, unknown>;
    expect(Object.getPrototypeOf(project)).toBe(Object.prototype);
    expect(Object.keys(project)).toEqual(['2', 'id', 'name', '__proto__', 'buildTypes']);
    expect(Object.getOwnPropertyDescriptor(project, '__proto__')?.value).toEqual({ polluted: true });
    expect(members(project.buildTypes as object)).toEqual([['1', 'x'], ['buildType', ['b1']], ['__proto__', 1]]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a merge with stored rows gives the same row in both', () => {
    const stored = inNodeEnv('production', () => normalize([Project], response()).entities);
    const merge = (mode: string) =>
      inNodeEnv(mode, () =>
        normalizeIntoStore(
          [Project],
          [{ id: 'p1', name: 'renamed', buildTypes: { buildType: [] } }],
          [],
          { entities: stored, entitiesMeta: { Project: { p1: { fetchedAt: 1, date: 1, expiresAt: 2 } } } },
          { fetchedAt: 2, date: 2, expiresAt: 3 },
        ).entities,
      );
    const development = merge('development');
    expect(describeRows(development)).toEqual(describeRows(merge('production')));
    expect(Object.keys(development.Project.p1 as object)).toEqual(['2', 'id', 'name', '__proto__', 'buildTypes']);
    expect((development.Project.p1 as Record<string, unknown>).name).toBe('renamed');
  });

  it("Entity.merge and a schema.Object's members copy alike in both", () => {
    const existing = JSON.parse('{"a": 1, "__proto__": {"x": 1}, "b": 2}') as object;
    const incoming = JSON.parse('{"b": 3, "0": "zero"}') as object;
    const merged = (mode: string) => inNodeEnv(mode, () => Entity.merge(existing, incoming));
    expect(members(merged('development'))).toEqual(members(merged('production')));
    expect(members(merged('development'))).toEqual([['0', 'zero'], ['a', 1], ['__proto__', { x: 1 }], ['b', 3]]);

    const wrapped = new schema.Object({ build: BuildType });
    const input = () => JSON.parse('{"build": {"id": "b9", "name": "z"}, "__proto__": 5, "note": "n"}') as unknown;
    const result = (mode: string) => inNodeEnv(mode, () => normalize(wrapped, input()).result as object);
    expect(members(result('development'))).toEqual(members(result('production')));
    expect(members(result('development'))).toEqual([['build', 'b9'], ['__proto__', 5], ['note', 'n']]);
  });
});
