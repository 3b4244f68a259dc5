// The memo notes the version of each table a value read: an update looks again only at rows
// of the tables it changed, and unchanged entities keep their objects.
import { type EntityTables, normalize } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import type { EntityReader } from '../../src/schema/memoEntries';
import { deepFreeze } from '../fixtures/deepFreeze';
import { projectsSchema } from '../fixtures/Project';
import { present } from '../helpers/denormalized';

const COUNT = 50;
let lastVersion = 0;

function projects(count: number) {
  const project = [];
  for (let i = 0; i < count; i++) {
    project.push({ id: `P${i}`, name: `Project ${i}`, buildTypes: { buildType: [{ id: `B${i}a`, name: 'a' }, { id: `B${i}b`, name: 'b' }] } });
  }
  return { project };
}

/** A reader over plain tables that counts row lookups by entity key; table versions by table object. */
function countingReader(entities: EntityTables, versions: WeakMap<object, number>) {
  const lookups: Record<string, number> = {};
  const reader: EntityReader = {
    getEntity: (key, pk) => {
      lookups[key] = (lookups[key] ?? 0) + 1;
      return entities[key]?.[pk];
    },
    tableVersion: (key) => {
      const table = entities[key];
      if (table === undefined) return 0;
      if (!versions.has(table)) versions.set(table, ++lastVersion);
      return versions.get(table);
    },
  };
  return { reader, lookups };
}

function replaceRow(entities: EntityTables, key: string, pk: string, row: Record<string, unknown>): EntityTables {
  return deepFreeze({ ...entities, [key]: { ...entities[key], [pk]: row } });
}

describe('memo table versions', () => {
  const normalized = normalize(projectsSchema, projects(COUNT));
  const tables = deepFreeze(normalized.entities) as EntityTables;

  it('reads nothing again when only a table it never read changed', () => {
    const memo = new MemoCache();
    const versions = new WeakMap<object, number>();
    const first = memo.denormalizeWith(projectsSchema, normalized.result, countingReader(tables, versions).reader);
    const other = deepFreeze({ ...tables, Other: { x: { id: 'x' } } });
    const counted = countingReader(other, versions);
    expect(memo.denormalizeWith(projectsSchema, normalized.result, counted.reader)).toBe(first);
    expect(counted.lookups).toEqual({});
  });

  it('after one project changes, looks up project rows once each and only its build types, and renews only that project', () => {
    const memo = new MemoCache();
    const versions = new WeakMap<object, number>();
    const before = present(memo.denormalizeWith(projectsSchema, normalized.result, countingReader(tables, versions).reader));
    const changed = replaceRow(tables, 'Project', 'P7', { ...(tables.Project!.P7 as object), name: 'renamed' });
    const counted = countingReader(changed, versions);
    const after = present(memo.denormalizeWith(projectsSchema, normalized.result, counted.reader));
    expect(after).not.toBe(before);
    expect(after.project[7].name).toBe('renamed');
    expect(after.project[7].buildTypes.buildType[0]).toBe(before.project[7].buildTypes.buildType[0]);
    for (let i = 0; i < COUNT; i++) if (i !== 7) expect(after.project[i]).toBe(before.project[i]);
    // Only the renamed project's own build types are read (to build it again).
    expect(counted.lookups.BuildType).toBe(2);
    // The failed check stops at the changed project (8 lookups), then the list is rebuilt (one per project).
    expect(counted.lookups.Project).toBeLessThanOrEqual(COUNT + 8);
    // Read again over the same tables: nothing is looked up.
    const again = countingReader(changed, versions);
    expect(memo.denormalizeWith(projectsSchema, normalized.result, again.reader)).toBe(after);
    expect(again.lookups).toEqual({});
  });

  it('a build type that changes renews its project and the list, and going back gives the old objects', () => {
    const memo = new MemoCache();
    const versions = new WeakMap<object, number>();
    const before = present(memo.denormalizeWith(projectsSchema, normalized.result, countingReader(tables, versions).reader));
    const changed = replaceRow(tables, 'BuildType', 'B3b', { id: 'B3b', name: 'changed' });
    const after = present(memo.denormalizeWith(projectsSchema, normalized.result, countingReader(changed, versions).reader));
    expect(after.project[3]).not.toBe(before.project[3]);
    expect(after.project[3].buildTypes.buildType[1].name).toBe('changed');
    expect(after.project[3].buildTypes.buildType[0]).toBe(before.project[3].buildTypes.buildType[0]);
    expect(after.project[4]).toBe(before.project[4]);
    // A rolled-back update: the tables before it give the list before it.
    expect(memo.denormalizeWith(projectsSchema, normalized.result, countingReader(tables, versions).reader)).toBe(before);
  });

  it('among projects without build types, a build type change renews only its project, and a renamed project without any only that one', () => {
    const builds = (count: number, i: number) => Array.from({ length: count }, (_, j) => ({ id: `M${i}${j}`, name: `build ${i}${j}` }));
    const mixed = normalize(projectsSchema, { project: [0, 1, 0, 2, 0].map((count, i) => ({ id: `M${i}`, name: `Mixed ${i}`, buildTypes: { buildType: builds(count, i) } })) });
    const mixedTables = deepFreeze(mixed.entities) as EntityTables;
    const memo = new MemoCache();
    const versions = new WeakMap<object, number>();
    const summary = (value: { project: { name: string; buildTypes: { buildType: { name: string }[] } }[] }) =>
      value.project.map((project) => [project.name, project.buildTypes.buildType.map((build) => build.name)]);
    const before = present(memo.denormalizeWith(projectsSchema, mixed.result, countingReader(mixedTables, versions).reader));
    expect(summary(before)).toEqual([['Mixed 0', []], ['Mixed 1', ['build 10']], ['Mixed 2', []], ['Mixed 3', ['build 30', 'build 31']], ['Mixed 4', []]]);
    const build = replaceRow(mixedTables, 'BuildType', 'M31', { id: 'M31', name: 'changed' });
    const afterBuild = present(memo.denormalizeWith(projectsSchema, mixed.result, countingReader(build, versions).reader));
    expect(summary(afterBuild)[3]).toEqual(['Mixed 3', ['build 30', 'changed']]);
    for (const i of [0, 1, 2, 4]) expect(afterBuild.project[i]).toBe(before.project[i]);
    expect(afterBuild.project[3]).not.toBe(before.project[3]);
    const renamed = replaceRow(build, 'Project', 'M2', { ...(build.Project!.M2 as object), name: 'renamed' });
    const counted = countingReader(renamed, versions);
    const afterRename = present(memo.denormalizeWith(projectsSchema, mixed.result, counted.reader));
    expect(summary(afterRename)).toEqual([['Mixed 0', []], ['Mixed 1', ['build 10']], ['renamed', []], ['Mixed 3', ['build 30', 'changed']], ['Mixed 4', []]]);
    for (const i of [0, 1, 3, 4]) expect(afterRename.project[i]).toBe(afterBuild.project[i]);
    const again = countingReader(renamed, versions);
    expect(memo.denormalizeWith(projectsSchema, mixed.result, again.reader)).toBe(afterRename);
    expect(again.lookups).toEqual({});
  });

  it('without table versions every row is checked and the same objects come back', () => {
    const memo = new MemoCache();
    const first = memo.denormalizeWith(projectsSchema, normalized.result, (key, pk) => tables[key]?.[pk]);
    let lookups = 0;
    const again = memo.denormalizeWith(projectsSchema, normalized.result, (key, pk) => {
      lookups++;
      return tables[key]?.[pk];
    });
    expect(again).toBe(first);
    expect(lookups).toBe(COUNT * 3);
  });
});
