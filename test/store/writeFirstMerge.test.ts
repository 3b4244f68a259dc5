// The merge half of API.md races rule 5b, on normalizeIntoStore directly: a write's data (meta
// `write: true`) counts as newer than a row a read brought; every other pair keeps fetchedAt order.
import { Entity, schema, type EntityMeta } from 'rest-slice';
import { normalizeIntoStore } from '../../src/schema/normalize';

class Item extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Item';
}

const read = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });
const write = (fetchedAt: number): EntityMeta => ({ ...read(fetchedAt), write: true });

function storeWith(title: string, meta: EntityMeta, row: unknown = { id: 1, title }) {
  return { entities: { Item: { '1': row as Record<string, unknown> } }, entitiesMeta: { Item: { '1': meta } } };
}

/** The title stored after merging `{ id: 1, title }` with `incoming` meta over the store. */
function merged(store: ReturnType<typeof storeWith>, title: string, incoming: EntityMeta) {
  const out = normalizeIntoStore(Item, { id: 1, title }, [], store, incoming);
  const row = (out.entities.Item?.['1'] ?? store.entities.Item['1']) as { title?: string } | null;
  return { title: row?.title, meta: out.entitiesMeta.Item?.['1'] };
}

it("a write's data wins over a row a read fetched later, and its meta says it came from a write", () => {
  expect(merged(storeWith('read', read(20)), 'written', write(10))).toEqual({ title: 'written', meta: write(10) });
});

it('a read fetched later wins over a row a write brought (rule 5)', () => {
  expect(merged(storeWith('written', write(10)), 'read', read(20))).toEqual({ title: 'read', meta: read(20) });
});

it('a read fetched earlier only fills fields of a row a write brought', () => {
  expect(merged(storeWith('written', write(20)), 'read', read(10))).toEqual({ title: 'written', meta: undefined });
});

it('between writes, fetchedAt decides', () => {
  expect(merged(storeWith('second', write(20)), 'first', write(10))).toEqual({ title: 'second', meta: undefined });
  expect(merged(storeWith('first', write(10)), 'second', write(20))).toEqual({ title: 'second', meta: write(20) });
});

it("a write's data brings back a row a read invalidated later; a later write's invalidation stays", () => {
  expect(merged(storeWith('', { ...read(20), invalidated: true }, null), 'written', write(10)).title).toBe('written');
  const deleted = storeWith('', { ...write(20), invalidated: true }, null);
  expect(normalizeIntoStore(Item, { id: 1, title: 'older' }, [], deleted, write(10)).entities).toEqual({});
});

it("a write's Invalidate removes a row a read fetched later; a read's Invalidate does not remove a later write's row", () => {
  const gone = normalizeIntoStore(new schema.Invalidate(Item), { id: 1 }, [], storeWith('read', read(20)), write(10));
  expect(gone.entities).toEqual({ Item: { '1': null } });
  expect(gone.entitiesMeta).toEqual({ Item: { '1': { ...write(10), invalidated: true } } });
  const kept = normalizeIntoStore(new schema.Invalidate(Item), { id: 1 }, [], storeWith('written', write(20)), read(10));
  expect(kept.entities).toEqual({});
});

it("an Entity's useIncoming sees the read's row as older, and still decides", () => {
  const seen: [number, number][] = [];
  class Versioned extends Item {
    version = 0;
    static override key = 'Item';
    static override useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: { version: number }, incoming: { version: number }) {
      seen.push([existingMeta.fetchedAt, incomingMeta.fetchedAt]);
      return existing.version <= incoming.version;
    }
  }
  const store = storeWith('read', read(20), { id: 1, title: 'read', version: 3 });
  const out = normalizeIntoStore(Versioned, { id: 1, title: 'written', version: 2 }, [], store, write(10));
  expect(seen).toEqual([[9, 10]]);
  expect(out.entities).toEqual({});
  // The stored meta itself is untouched.
  expect(store.entitiesMeta.Item['1']).toEqual(read(20));
});
