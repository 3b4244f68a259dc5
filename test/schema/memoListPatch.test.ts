// A list of one entity class (`[Todo]`, `schema.Array(Todo)`, a Collection of them) whose items
// change a few at a time is rebuilt by copying it and building only the changed items again. What
// a reader sees must be what a full rebuild gives: changed items new, every other item the same
// object, dropped items gone, and lists that filter or sort built whole.
import { Entity, type EntityTables, INVALID, normalize, schema } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import type { EntityReader } from '../../src/schema/memoEntries';
import { deepFreeze } from '../fixtures/deepFreeze';
import { present } from '../helpers/denormalized';

class Owner extends Entity {
  id = 0;
  name = '';
  pk() {
    return String(this.id);
  }
  static override key = 'PatchOwner';
}

class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  owner: Owner | null = null;
  pk() {
    return String(this.id);
  }
  static override key = 'PatchTask';
  static override schema = { owner: Owner };
}

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return String(this.id);
  }
  static override key = 'PatchNote';
}

const COUNT = 300;
let lastVersion = 0;
const versions = new WeakMap<object, number>();

function readerOf(entities: EntityTables): EntityReader {
  return {
    getEntity: (key, pk) => entities[key]?.[pk],
    tableVersion: (key) => {
      const table = entities[key];
      if (table === undefined) return 0;
      if (!versions.has(table)) versions.set(table, ++lastVersion);
      return versions.get(table);
    },
  };
}

function withRow(entities: EntityTables, key: string, pk: string, change: Record<string, unknown> | null): EntityTables {
  const row = change === null ? null : { ...(entities[key]![pk] as object), ...change };
  return deepFreeze({ ...entities, [key]: { ...entities[key], [pk]: row } }) as EntityTables;
}

const tasks = Array.from({ length: COUNT }, (_, i) => ({ id: i + 1, title: `Task ${i + 1}`, done: false, owner: { id: (i % 5) + 1, name: `Owner ${(i % 5) + 1}` } }));
const notes = Array.from({ length: COUNT }, (_, i) => ({ id: i + 1, text: `Note ${i + 1}` }));

/** The list a test reads by member name (`item[field]`), for either schema; fails on missing or INVALID data. */
function asRows(list: readonly object[] | undefined | typeof INVALID): Record<string, unknown>[] {
  return present(list) as Record<string, unknown>[];
}

/** Every item of `after` except those at `changed` is the object `before` had there. */
function expectOnlyChanged(before: readonly object[], after: readonly object[], changed: readonly number[]) {
  expect(after).not.toBe(before);
  expect(after).toHaveLength(before.length);
  for (let i = 0; i < before.length; i++) {
    if (changed.includes(i)) expect(after[i]).not.toBe(before[i]);
    else expect(after[i]).toBe(before[i]);
  }
}

describe.each([
  ['[Task] (entities with a nested entity)', [Task], tasks, 'PatchTask', 'title'],
  ['schema.Array(Note) (leaf entities)', new schema.Array(Note), notes, 'PatchNote', 'text'],
] as const)('a list %s', (_name, listSchema, data, key, field) => {
  const { result, entities } = normalize(listSchema, data);
  const tables = deepFreeze(entities) as EntityTables;

  it('after one item changes, gives that item new and every other item as before; read again, the same list', () => {
    const memo = new MemoCache();
    const before = asRows(memo.denormalizeWith(listSchema, result, readerOf(tables)));
    const changed = withRow(tables, key, '42', { [field]: 'renamed' });
    const after = asRows(memo.denormalizeWith(listSchema, result, readerOf(changed)));
    expectOnlyChanged(before, after, [41]);
    expect(after[41][field]).toBe('renamed');
    expect(after[41]).toBeInstanceOf(key === 'PatchNote' ? Note : Task);
    expect(memo.denormalizeWith(listSchema, result, readerOf(changed))).toBe(after);
    // A second change to another item, then one to the same item again.
    const twice = withRow(changed, key, '7', { [field]: 'seven' });
    const third = asRows(memo.denormalizeWith(listSchema, result, readerOf(twice)));
    expectOnlyChanged(after, third, [6]);
    expect(third.map((item) => item[field]).filter((value) => value === 'renamed' || value === 'seven')).toEqual(['seven', 'renamed']);
  });

  it('equals a fresh full build after changes spread over the list', () => {
    const memo = new MemoCache();
    memo.denormalizeWith(listSchema, result, readerOf(tables));
    let current = tables;
    for (const pk of ['1', '150', `${COUNT}`]) current = withRow(current, key, pk, { [field]: `changed ${pk}` });
    const patched = memo.denormalizeWith(listSchema, result, readerOf(current));
    const fresh = new MemoCache().denormalizeWith(listSchema, result, readerOf(current));
    expect(patched).toEqual(fresh);
  });

  it('drops an item whose row was invalidated, and brings it back when the row returns', () => {
    const memo = new MemoCache();
    const before = asRows(memo.denormalizeWith(listSchema, result, readerOf(tables)));
    const invalidated = withRow(tables, key, '10', null);
    const after = asRows(memo.denormalizeWith(listSchema, result, readerOf(invalidated)));
    expect(after).toHaveLength(COUNT - 1);
    expect(after.map((item) => item.id)).not.toContain(10);
    // The tables before the change give the list before it (the rolled-back update's object).
    expect(memo.denormalizeWith(listSchema, result, readerOf(tables))).toBe(before);
  });

  it('with `keepEqual` (the store), keeps the list and the item when a changed row has the same values (a confirmed guess)', () => {
    const memo = new MemoCache({ keepEqual: true });
    const before = asRows(memo.denormalizeWith(listSchema, result, readerOf(tables)));
    const copied = withRow(tables, key, '42', {});
    expect(copied[key]!['42']).not.toBe(tables[key]!['42']);
    expect(memo.denormalizeWith(listSchema, result, readerOf(copied))).toBe(before);
    // One entity read by its pk keeps its instance the same way.
    const one = memo.denormalizeWith(key === 'PatchNote' ? Note : Task, '42', readerOf(tables));
    expect(one).toBe(before[41]);
    const copiedAgain = withRow(copied, key, '42', {});
    expect(memo.denormalizeWith(key === 'PatchNote' ? Note : Task, '42', readerOf(copiedAgain))).toBe(one);
  });

  it('without `keepEqual` (as Data Client), a replaced row with the same values gives a new item and list', () => {
    const memo = new MemoCache();
    const before = asRows(memo.denormalizeWith(listSchema, result, readerOf(tables)));
    const after = asRows(memo.denormalizeWith(listSchema, result, readerOf(withRow(tables, key, '42', {}))));
    expectOnlyChanged(before, after, [41]);
    expect(after).toEqual(before);
  });

  it('rebuilds right when more items change than it patches (every item)', () => {
    const memo = new MemoCache();
    const before = asRows(memo.denormalizeWith(listSchema, result, readerOf(tables)));
    const table = Object.fromEntries(Object.entries(tables[key]!).map(([pk, row]) => [pk, { ...(row as object), [field]: `all ${pk}` }]));
    const all = deepFreeze({ ...tables, [key]: table }) as EntityTables;
    const after = asRows(memo.denormalizeWith(listSchema, result, readerOf(all)));
    expectOnlyChanged(before, after, before.map((_, i) => i));
    expect(after[0][field]).toBe('all 1');
  });
});

describe('a list whose items share a nested entity', () => {
  const { result, entities } = normalize([Task], tasks);
  const tables = deepFreeze(entities) as EntityTables;

  it('renews exactly the items that show a changed owner (60 of 300: patched), then all of them for 5 owners', () => {
    const memo = new MemoCache();
    const before = memo.denormalizeWith([Task], result, readerOf(tables)) as Task[];
    const renamed = withRow(tables, 'PatchOwner', '3', { name: 'Owner three' });
    const after = memo.denormalizeWith([Task], result, readerOf(renamed)) as Task[];
    const owned = before.map((task, i) => (task.owner?.id === 3 ? i : -1)).filter((i) => i >= 0);
    expect(owned).toHaveLength(COUNT / 5);
    expectOnlyChanged(before, after, owned);
    for (const i of owned) expect(after[i].owner?.name).toBe('Owner three');
    let every = renamed;
    for (const pk of ['1', '2', '4', '5']) every = withRow(every, 'PatchOwner', pk, { name: `renamed ${pk}` });
    const last = memo.denormalizeWith([Task], result, readerOf(every)) as Task[];
    expect(last.map((task) => task.owner?.name)).toEqual(tasks.map((task) => (task.owner.id === 3 ? 'Owner three' : `renamed ${task.owner.id}`)));
  });
});

describe('a Collection of entities', () => {
  const Tasks = new schema.Collection([Task]);
  const { result, entities } = normalize(Tasks, tasks, [{ project: 'a' }]);
  const tables = deepFreeze(entities) as EntityTables;

  it('patches a changed item, and follows a change of the collection itself (an item added)', () => {
    const memo = new MemoCache();
    const args = [{ project: 'a' }];
    const before = memo.denormalizeWith(Tasks, result, readerOf(tables), args) as Task[];
    const changed = withRow(tables, 'PatchTask', '5', { title: 'five' });
    const after = memo.denormalizeWith(Tasks, result, readerOf(changed), args) as Task[];
    expectOnlyChanged(before, after, [4]);
    const collectionKey = Tasks.key;
    const pks = changed[collectionKey]![result as string] as string[];
    const added = deepFreeze({ ...changed, [collectionKey]: { [result as string]: [...pks, '1'] } }) as EntityTables;
    const grown = memo.denormalizeWith(Tasks, result, readerOf(added), args) as Task[];
    expect(grown).toHaveLength(COUNT + 1);
    expect(grown[COUNT]).toBe(grown[0]);
    expect(grown[4].title).toBe('five');
  });
});

describe('lists that filter or sort are built whole', () => {
  const { result, entities } = normalize([Task], tasks);
  const tables = deepFreeze(entities) as EntityTables;

  it('a schema.Array subclass that filters leaves out an item once it no longer passes', () => {
    class OpenTasks extends schema.Array<typeof Task> {
      override denormalize(input: unknown, visitor: Parameters<schema.Array['denormalize']>[1]): unknown {
        return (super.denormalize(input, visitor) as Task[]).filter((task) => !task.done);
      }
    }
    const open = new OpenTasks(Task);
    const memo = new MemoCache();
    expect(memo.denormalizeWith(open, result, readerOf(tables))).toHaveLength(COUNT);
    const done = withRow(tables, 'PatchTask', '9', { done: true });
    const after = memo.denormalizeWith(open, result, readerOf(done)) as Task[];
    expect(after).toHaveLength(COUNT - 1);
    expect(after.map((task) => task.id)).not.toContain(9);
  });

  it('a Query that sorts puts a renamed item where the sort says', () => {
    const byTitle = new schema.Query([Task], (all) => [...all].sort((a, b) => a.title.localeCompare(b.title)));
    const memo = new MemoCache();
    const before = memo.denormalizeWith(byTitle, result, readerOf(tables)) as Task[];
    expect(before[0].title).toBe('Task 1');
    const renamed = withRow(tables, 'PatchTask', '200', { title: 'AAA first' });
    const after = memo.denormalizeWith(byTitle, result, readerOf(renamed)) as Task[];
    expect(after[0].title).toBe('AAA first');
  });
});
