import { CycleA as A } from '../fixtures/Cycle';
import { Entity, INVALID, type EntityTables, normalize, schema } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import { deepFreeze } from '../fixtures/deepFreeze';
import { BuildType, Project, projectsInput, projectsSchema } from '../fixtures/Project';
import { Todo, TodoList } from '../fixtures/Todo';
import { Post } from '../fixtures/User';
import { present } from '../helpers/denormalized';

/** New tables where only one row is replaced, as a reducer would produce. */
function replaceRow(entities: EntityTables, key: string, pk: string, row: Record<string, unknown>): EntityTables {
  return deepFreeze({ ...entities, [key]: { ...entities[key], [pk]: row } });
}

describe('MemoCache', () => {
  const todos = normalize([Todo], [
    { id: 1, title: 'a' },
    { id: 2, title: 'b' },
    { id: 3, title: 'c' },
  ]);
  const entities = deepFreeze(todos.entities) as EntityTables;

  it('returns the same object for the same inputs', () => {
    const memo = new MemoCache();
    const first = present(memo.denormalize([Todo], todos.result, entities));
    expect(first.map((todo: Todo) => todo.title)).toEqual(['a', 'b', 'c']);
    expect(memo.denormalize([Todo], todos.result, entities)).toBe(first);
  });

  it('returns the same object for a new but equal args array', () => {
    const memo = new MemoCache();
    const { result, entities: tables } = normalize(TodoList, [{ id: 1 }], [{ userId: 1 }]);
    const first = present(memo.denormalize(TodoList, result, tables, [{ userId: 1 }]));
    expect(memo.denormalize(TodoList, result, tables, [{ userId: 1 }])).toBe(first);
  });

  it('returns the same object for new tables holding the same rows', () => {
    const memo = new MemoCache();
    const first = present(memo.denormalize([Todo], todos.result, entities));
    expect(memo.denormalize([Todo], todos.result, { ...entities, Other: {} })).toBe(first);
  });

  it('after one row changes, gives a new list and a new instance for that entity only', () => {
    const memo = new MemoCache();
    const before = present(memo.denormalize([Todo], todos.result, entities));
    const changed = replaceRow(entities, 'Todo', '2', { id: 2, title: 'B' });
    const after = present(memo.denormalize([Todo], todos.result, changed));
    expect(after).not.toBe(before);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].title).toBe('B');
    expect(after[1]).toBeInstanceOf(Todo);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    // And stays stable from then on.
    expect(memo.denormalize([Todo], todos.result, changed)).toBe(after);
  });

  it('reuses instances across different results that share entities', () => {
    const memo = new MemoCache();
    const list = present(memo.denormalize([Todo], todos.result, entities));
    const one = memo.denormalize(Todo, '2', entities);
    expect(one).toBe(list[1]);
  });

  it('gives a new Project only for the parent of a changed BuildType', () => {
    const memo = new MemoCache();
    const normalized = normalize(projectsSchema, projectsInput);
    const tables = deepFreeze(normalized.entities) as EntityTables;
    const before = present(memo.denormalize(projectsSchema, normalized.result, tables));
    const changed = replaceRow(tables, 'BuildType', 'B_test', { id: 'B_test', name: 'Test B', projectId: 'B', paused: false });
    const after = present(memo.denormalize(projectsSchema, normalized.result, changed));
    expect(after).not.toBe(before);
    expect(after.project).not.toBe(before.project);
    const [a, b, c] = after.project;
    expect(a).toBe(before.project[0]);
    expect(c).toBe(before.project[2]);
    expect(b).not.toBe(before.project[1]);
    expect(b).toBeInstanceOf(Project);
    expect(b.buildTypes.buildType[0]).toBe(before.project[1].buildTypes.buildType[0]);
    expect(b.buildTypes.buildType[1]).not.toBe(before.project[1].buildTypes.buildType[1]);
    expect(b.buildTypes.buildType[1]).toBeInstanceOf(BuildType);
    expect(b.buildTypes.buildType[1].paused).toBe(false);
  });

  it('keeps projects that read only one shared build type right in two memos as that row changes', () => {
    const shared = { id: 'S_build', name: 'Build S', projectId: 'A', paused: false };
    const input = {
      project: [
        { id: 'A', name: 'Project A', parentProjectId: '_Root', buildTypes: { buildType: [shared] } },
        { id: 'D', name: 'Project D', parentProjectId: '_Root', buildTypes: { buildType: [shared] } },
      ],
    };
    const normalized = normalize(projectsSchema, input);
    const tables = deepFreeze(normalized.entities) as EntityTables;
    const first = new MemoCache();
    const second = new MemoCache();
    const rowsOf = (entities: EntityTables) => (key: string, pk: string) => entities[key]?.[pk];
    const names = (value: { project: Project[] }) => value.project.map((project) => [project.id, project.buildTypes.buildType.map((build) => build.name)]);
    const before = present(first.denormalize(projectsSchema, normalized.result, tables));
    const other = present(second.denormalize(projectsSchema, normalized.result, tables));
    expect(names(before)).toEqual([['A', ['Build S']], ['D', ['Build S']]]);
    expect(second.denormalizeTracked(Project, 'D', rowsOf(tables)).deps).toEqual(['Project', 'D', tables.Project!.D, 'BuildType', 'S_build', shared]);
    const changed = replaceRow(tables, 'BuildType', 'S_build', { ...shared, name: 'Build S2' });
    const after = present(first.denormalize(projectsSchema, normalized.result, changed));
    expect(names(after)).toEqual([['A', ['Build S2']], ['D', ['Build S2']]]);
    expect(after.project[0]).not.toBe(before.project[0]);
    expect(after.project[1]).not.toBe(before.project[1]);
    // The other memo still holds its own values for the old rows, and sees the change when it reads it.
    expect(second.denormalize(projectsSchema, normalized.result, tables)).toBe(other);
    const otherAfter = present(second.denormalize(projectsSchema, normalized.result, changed));
    expect(names(otherAfter)).toEqual([['A', ['Build S2']], ['D', ['Build S2']]]);
    expect(second.denormalizeTracked(Project, 'D', rowsOf(changed)).deps).toEqual(['Project', 'D', changed.Project!.D, 'BuildType', 'S_build', changed.BuildType!.S_build]);
    expect(first.denormalize(projectsSchema, normalized.result, changed)).toBe(after);
  });

  it('gives projects that read only one build type, shared by three and read again by a later result, that build type until it changes', () => {
    const build = { id: 'T_build', name: 'Build T', projectId: 'A', paused: false };
    const three = { project: ['A', 'B', 'C'].map((id) => ({ id, name: `Project ${id}`, parentProjectId: '_Root', buildTypes: { buildType: [build] } })) };
    const later = { project: [{ id: 'E', name: 'Project E', parentProjectId: '_Root', buildTypes: { buildType: [build] } }] };
    const first = normalize(projectsSchema, three);
    const second = normalize(projectsSchema, later);
    const tables = deepFreeze({ Project: { ...first.entities.Project, ...second.entities.Project }, BuildType: first.entities.BuildType }) as EntityTables;
    const memo = new MemoCache();
    const read = (result: unknown, entities: EntityTables) => present(memo.denormalize(projectsSchema, result, entities)).project.map((project: Project): [string, BuildType[]] => [project.id, project.buildTypes.buildType]);
    const before = read(first.result, tables);
    expect(before.map(([id, builds]) => [id, builds.map((b) => b.name)])).toEqual([['A', ['Build T']], ['B', ['Build T']], ['C', ['Build T']]]);
    const [buildT] = before[0]![1];
    expect(before.every(([, builds]) => builds[0] === buildT)).toBe(true);
    expect(read(second.result, tables)).toEqual([['E', [buildT]]]);
    expect(read(second.result, tables)[0]![1][0]).toBe(buildT);
    const changed = replaceRow(tables, 'BuildType', 'T_build', { ...build, name: 'Build T2' });
    const after = read(first.result, changed);
    expect(after.map(([id, builds]) => [id, builds.map((b) => b.name)])).toEqual([['A', ['Build T2']], ['B', ['Build T2']], ['C', ['Build T2']]]);
    expect(after[1]![1][0]).toBe(after[0]![1][0]);
    expect(read(second.result, changed)[0]![1][0]).toBe(after[0]![1][0]);
    // Back to the old rows: the old instances.
    expect(read(first.result, tables)[2]![1][0]).toBe(buildT);
  });

  it('keeps the instances of a changed and restored row apart from the current ones, back and forth', () => {
    const memo = new MemoCache();
    const normalized = normalize(projectsSchema, projectsInput);
    const tables = deepFreeze(normalized.entities) as EntityTables;
    const before = present(memo.denormalize(projectsSchema, normalized.result, tables));
    const changed = replaceRow(tables, 'BuildType', 'B_test', { id: 'B_test', name: 'Renamed', projectId: 'B', paused: true });
    const after = present(memo.denormalize(projectsSchema, normalized.result, changed));
    expect(after.project[1].buildTypes.buildType.map((item: BuildType) => item.name)).toEqual(['Build B', 'Renamed']);
    for (let round = 0; round < 3; round++) {
      // Each side's value was found stale by the other's read: reading it again gives its own objects.
      expect(memo.denormalize(projectsSchema, normalized.result, tables)).toBe(before);
      expect(before.project[1].buildTypes.buildType.map((item: BuildType) => item.name)).toEqual(['Build B', 'Test B']);
      expect(memo.denormalize(projectsSchema, normalized.result, changed)).toBe(after);
    }
    // An entity keeps one entry per row: the latest one built, which the current tables' list holds.
    expect(memo.denormalize(Project, 'B', changed)).toBe(after.project[1]);
  });

  it('reads one row as two entity classes that share its key, each an instance of its own class', () => {
    class Owner extends Entity {
      id = '';
      name = '';
      pk() {
        return this.id;
      }
      static override key = 'Owner';
    }
    class Team extends Entity {
      id = '';
      owner: Owner | undefined = undefined;
      pk() {
        return this.id;
      }
      static override key = 'Team';
      static override schema = { owner: Owner };
    }
    class TeamSummary extends Entity {
      id = '';
      owner: Owner | undefined = undefined;
      pk() {
        return this.id;
      }
      get label() {
        return `team ${this.id}`;
      }
      static override key = 'Team';
      static override schema = { owner: Owner };
    }
    const memo = new MemoCache();
    const { entities: tables } = normalize(Team, { id: 't', owner: { id: 'o', name: 'Olga' } });
    const frozen = deepFreeze(tables) as EntityTables;
    const team = present(memo.denormalize(Team, 't', frozen));
    const summary = present(memo.denormalize(TeamSummary, 't', frozen));
    expect(team).toBeInstanceOf(Team);
    expect(summary).toBeInstanceOf(TeamSummary);
    expect(summary.label).toBe('team t');
    expect(summary.owner).toBe(team.owner);
    expect(present(memo.denormalize([TeamSummary], ['t'], frozen))[0]).toBe(summary);
    expect(present(memo.denormalize([Team], ['t'], frozen))[0]).toBe(team);
  });

  it('sees an entity that appears later, and one that becomes invalid', () => {
    const memo = new MemoCache();
    const missing = memo.denormalize([Todo], ['1', '4'], entities);
    expect(missing).toHaveLength(1);
    const added = replaceRow(entities, 'Todo', '4', { id: 4 });
    expect(memo.denormalize([Todo], ['1', '4'], added)).toHaveLength(2);
    const invalid = replaceRow(added, 'Todo', '1', null as never);
    expect(present(memo.denormalize([Todo], ['1', '4'], invalid)).map((todo: Todo) => todo.pk())).toEqual(['4']);
  });

  it('turns a result INVALID when a required member is invalidated, and back when it returns', () => {
    const memo = new MemoCache();
    const { result, entities: tables } = normalize(Post, { id: 'p', author: { id: 1, name: 'Ann' }, comments: [] });
    const frozen = deepFreeze(tables) as EntityTables;
    const valid = memo.denormalize(Post, result, frozen);
    expect(valid).toBeInstanceOf(Post);
    const invalid = replaceRow(frozen, 'User', '1', null as never);
    expect(memo.denormalize(Post, result, invalid)).toBe(INVALID);
    const back = replaceRow(invalid, 'User', '1', { id: 1, name: 'Ann B' });
    const revived = present(memo.denormalize(Post, result, back));
    expect(revived).toBeInstanceOf(Post);
    expect(revived.author.name).toBe('Ann B');
  });

  it('memoizes collections, keyed by their pk', () => {
    const memo = new MemoCache();
    const { result, entities: tables } = normalize(TodoList, [{ id: 1 }, { id: 2 }], [{}]);
    const first = present(memo.denormalize(TodoList, result, tables));
    const grown = deepFreeze({ ...tables, '[Todo]': { [result as string]: ['1', '2', '3'] }, Todo: { ...tables.Todo, '3': { id: 3 } } });
    const second = present(memo.denormalize(TodoList, result, grown));
    expect(second).not.toBe(first);
    expect(second.map((todo: Todo) => todo.pk())).toEqual(['1', '2', '3']);
    expect(second[0]).toBe(first[0]);
  });

  it('memoizes Values and keeps unchanged members', () => {
    const memo = new MemoCache();
    const values = new schema.Values(Todo);
    const first = present(memo.denormalize(values, { x: '1', y: '2' }, entities));
    const result = { x: '1', y: '2' };
    const again = present(memo.denormalize(values, result, entities));
    expect(again.x).toBe(first.x);
    const changed = present(memo.denormalize(values, result, replaceRow(entities, 'Todo', '2', { id: 2, title: 'new' })));
    expect(changed).not.toBe(again);
    expect(changed.x).toBe(first.x);
    expect(changed.y.title).toBe('new');
  });

  it('terminates on cycles and stays stable', () => {
    const memo = new MemoCache();
    const tables = deepFreeze({ A: { a1: { id: 'a1', b: 'b1' } }, B: { b1: { id: 'b1', a: 'a1' } } });
    const a = present(memo.denormalize(A, 'a1', tables));
    expect(a.b?.a).toBe(a);
    expect(memo.denormalize(A, 'a1', tables)).toBe(a);
    const changed = replaceRow(tables, 'B', 'b1', { id: 'b1', a: 'a1', extra: 1 });
    const a2 = present(memo.denormalize(A, 'a1', changed));
    expect(a2).not.toBe(a);
    expect(a2.b).toHaveProperty('extra', 1);
    expect(a2.b?.a).toBe(a2);
  });
});
