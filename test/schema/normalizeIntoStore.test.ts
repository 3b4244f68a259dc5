import { type EntityMeta } from 'rest-slice';
import { type StoreTables, normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';
import { OrderedTodo, Todo } from '../fixtures/Todo';

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 60_000 });

/** A store holding one todo fetched at `fetchedAt`. */
function storeWith(key: string, row: Record<string, unknown>, fetchedAt: number): StoreTables {
  return deepFreeze({
    entities: { [key]: { [String(row.id)]: row } },
    entitiesMeta: { [key]: { [String(row.id)]: meta(fetchedAt) } },
  });
}

describe('normalizeIntoStore', () => {
  it('adds new entities with the incoming meta', () => {
    const store = deepFreeze({ entities: {}, entitiesMeta: {} });
    const out = normalizeIntoStore([Todo], deepFreeze([{ id: 1, title: 'a' }]), [], store, meta(100));
    expect(out.result).toEqual(['1']);
    expect(out.entities).toEqual({ Todo: { '1': { id: 1, title: 'a' } } });
    expect(out.entitiesMeta).toEqual({ Todo: { '1': meta(100) } });
  });

  it('lets data fetched later overwrite, and returns its meta', () => {
    const store = storeWith('Todo', { id: 1, title: 'old', completed: false }, 100);
    const out = normalizeIntoStore(Todo, { id: 1, title: 'new' }, [], store, meta(200));
    expect(out.entities).toEqual({ Todo: { '1': { id: 1, title: 'new', completed: false } } });
    expect(out.entitiesMeta).toEqual({ Todo: { '1': meta(200) } });
  });

  it('lets data fetched at the same time overwrite', () => {
    const store = storeWith('Todo', { id: 1, title: 'old' }, 100);
    const out = normalizeIntoStore(Todo, { id: 1, title: 'same time' }, [], store, meta(100));
    expect(out.entities.Todo['1']).toEqual({ id: 1, title: 'same time' });
  });

  it('never lets data fetched earlier overwrite data fetched later, but fills the fields it lacks', () => {
    const store = storeWith('Todo', { id: 1, title: 'newer' }, 200);
    const out = normalizeIntoStore(Todo, { id: 1, title: 'older', completed: true }, [], store, meta(100));
    expect(out.entities).toEqual({ Todo: { '1': { id: 1, title: 'newer', completed: true } } });
    // The row's meta stays the newer one.
    expect(out.entitiesMeta).toEqual({});
  });

  it('leaves an entity out of the patch when older data changes nothing', () => {
    const store = storeWith('Todo', { id: 1, title: 'newer' }, 200);
    const out = normalizeIntoStore(Todo, { id: 1, title: 'older' }, [], store, meta(100));
    expect(out.result).toBe('1');
    expect(out.entities).toEqual({});
    expect(out.entitiesMeta).toEqual({});
  });

  it('keeps the row identity of unchanged data (not in the patch) and refreshes its meta', () => {
    const store = storeWith('Todo', { id: 1, title: 'same' }, 100);
    const out = normalizeIntoStore([Todo], [{ id: 1, title: 'same' }, { id: 2, title: 'new' }], [], store, meta(200));
    expect(Object.keys(out.entities.Todo)).toEqual(['2']);
    expect(out.entitiesMeta).toEqual({ Todo: { '1': meta(200), '2': meta(200) } });
  });

  it('uses the combined copies of one entity in one older response without overwriting newer data', () => {
    const store = storeWith('Todo', { id: 1, title: 'newer', completed: false }, 200);
    const out = normalizeIntoStore(
      [Todo],
      [
        { id: 1, title: 'older', userId: 3 },
        { id: 1, title: 'older' },
      ],
      [],
      store,
      meta(100),
    );
    expect(out.entities.Todo['1']).toEqual({ id: 1, title: 'newer', completed: false, userId: 3 });
  });

  it('combines the copies of one entity the store does not hold yet, beside rows it holds', () => {
    const store = storeWith('Todo', { id: 1, title: 'stored' }, 100);
    const out = normalizeIntoStore(
      [Todo],
      deepFreeze([
        { id: 2, title: 'first copy', userId: 3 },
        { id: 1, title: 'stored' },
        { id: 2, completed: true },
      ]),
      [],
      store,
      meta(200),
    );
    expect(out.result).toEqual(['2', '1', '2']);
    expect(out.entities).toEqual({ Todo: { '2': { id: 2, title: 'first copy', userId: 3, completed: true } } });
    expect(out.entitiesMeta).toEqual({ Todo: { '1': meta(200), '2': meta(200) } });
  });

  it('returns meta per entity and touches neither the store nor the input', () => {
    const store = deepFreeze({
      entities: { Todo: { '1': { id: 1, title: 'a' }, '2': { id: 2, title: 'b' } } },
      entitiesMeta: { Todo: { '1': meta(300), '2': meta(50) } },
    });
    const input = deepFreeze([
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
      { id: 3, title: 'C' },
    ]);
    const out = normalizeIntoStore([Todo], input, [], store, meta(100));
    expect(out.entities).toEqual({ Todo: { '2': { id: 2, title: 'B' }, '3': { id: 3, title: 'C' } } });
    expect(out.entitiesMeta).toEqual({ Todo: { '2': meta(100), '3': meta(100) } });
  });

  describe('with the seed\'s `updatedAt` useIncoming', () => {
    it('ignores older data arriving late, though it was fetched later', () => {
      const store = storeWith('OrderedTodo', { id: 1, title: 'second', updatedAt: 20 }, 100);
      const out = normalizeIntoStore(OrderedTodo, { id: 1, title: 'first', updatedAt: 10 }, [], store, meta(200));
      expect(out.entities).toEqual({});
      expect(out.entitiesMeta).toEqual({});
    });

    it('takes newer data, though it was fetched earlier', () => {
      const store = storeWith('OrderedTodo', { id: 1, title: 'first', updatedAt: 10 }, 200);
      const out = normalizeIntoStore(OrderedTodo, { id: 1, title: 'second', updatedAt: 20 }, [], store, meta(100));
      expect(out.entities).toEqual({ OrderedTodo: { '1': { id: 1, title: 'second', updatedAt: 20 } } });
    });

    it('passes the metas and the rows to useIncoming', () => {
      const calls: unknown[] = [];
      class Spy extends Todo {
        static override key = 'Spy';
        static override useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown) {
          calls.push([existingMeta, incomingMeta, existing, incoming]);
          return true;
        }
      }
      const store = storeWith('Spy', { id: 1, title: 'a' }, 200);
      normalizeIntoStore(Spy, { id: 1, title: 'b' }, [], store, meta(100));
      expect(calls).toEqual([[meta(200), meta(100), { id: 1, title: 'a' }, { id: 1, title: 'b' }]]);
    });
  });

  describe('over an invalidated row', () => {
    const invalidated = deepFreeze({
      entities: { Todo: { '1': null } },
      entitiesMeta: { Todo: { '1': { ...meta(200), invalidated: true } } },
    });

    it('revives it with data fetched after the invalidation', () => {
      const out = normalizeIntoStore(Todo, { id: 1, title: 'back' }, [], invalidated, meta(300));
      expect(out.entities).toEqual({ Todo: { '1': { id: 1, title: 'back' } } });
      expect(out.entitiesMeta).toEqual({ Todo: { '1': meta(300) } });
    });

    it('keeps it invalid against data fetched before the invalidation', () => {
      const out = normalizeIntoStore(Todo, { id: 1, title: 'stale' }, [], invalidated, meta(100));
      expect(out.entities).toEqual({});
      expect(out.entitiesMeta).toEqual({});
    });
  });
});
