// tables.ts and tableWrites.ts: the modules that read and write entity tables, flat or split into buckets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUCKET_MAX,
  FIRST_WRITE_MAX,
  FLAT_MAX,
  FLAT_MIN,
  bucketOf,
  getRow,
  hashPk,
  isBucketed,
  pksOf,
  tableSize,
  tablesReader,
  type StoredTables,
} from '../../src/store/tables';
import { noteRowCounts } from '../../src/schema/rowCounts';
import { deleteRows, writeRows } from '../../src/store/tableWrites';
import { inNodeEnv } from '../helpers/nodeEnv';

type Row = { id: string; n: number };

/** `count` rows `p0`, `p1`, ... (or `ids` given), as a patch of table `T`. */
function rows(from: number, count: number, n = 0): { T: Record<string, Row> } {
  const table: Record<string, Row> = {};
  for (let i = from; i < from + count; i++) table[`p${i}`] = { id: `p${i}`, n };
  return { T: table };
}

const empty: StoredTables<Row> = {};

describe('hashPk and bucketOf', () => {
  it('are stable: the documented values (docs/state-layout.md) do not change', () => {
    expect(hashPk('1')).not.toBe(hashPk('2'));
    // Pinned: a stored state (a persisted or server-rendered one) must find its rows again after an upgrade.
    // Values from an independent implementation of the documented function (FNV-1a, then MurmurHash3's finalizer).
    expect([hashPk('1'), hashPk('abc'), hashPk('Project_1')]).toEqual([1428125071, 482950588, 4261292013]);
    expect(bucketOf('1', 16)).toBe(15);
  });

  it('the console snippet in docs/state-layout.md finds the same bucket', () => {
    const doc = readFileSync(join(__dirname, '../../docs/state-layout.md'), 'utf8');
    const source = /```js\n([\s\S]*?function bucketOf[\s\S]*?\n\})/.exec(doc)?.[1];
    expect(source).toBeDefined();
    const documented = new Function(`${source}; return bucketOf;`)() as (pk: string, count: number) => number;
    for (const pk of ['1', '42', 'acejump', 'Synthetic_12', '__proto__', 'ünïcødé', '']) {
      for (const count of [16, 256, 1000]) expect(documented(pk, count)).toBe(bucketOf(pk, count));
    }
  });

  it('spread sequential ids evenly over the buckets', () => {
    const counts = new Array<number>(64).fill(0);
    for (let i = 0; i < 64_000; i++) counts[bucketOf(String(i), 64)]++;
    expect(Math.min(...counts)).toBeGreaterThan(850);
    expect(Math.max(...counts)).toBeLessThan(1150);
  });
});

describe('writeRows', () => {
  it('keeps a small table flat: pk → row, as before', () => {
    const tables = writeRows(empty, rows(0, 3));
    expect(tables).toEqual({ T: { p0: { id: 'p0', n: 0 }, p1: { id: 'p1', n: 0 }, p2: { id: 'p2', n: 0 } } });
    expect(isBucketed(tables.T!)).toBe(false);
    expect(Object.isFrozen(tables.T)).toBe(true);
    // The outer object is not frozen: RTK's serializable check would then walk every table on each write.
    expect(Object.isFrozen(tables)).toBe(false);
  });

  it('freezes tables and buckets in development only: production leaves them unfrozen, as it leaves rows', () => {
    inNodeEnv('production', () => {
      const flat = writeRows(empty, rows(0, 3));
      const bucketed = writeRows(empty, rows(0, FIRST_WRITE_MAX + 1));
      const updated = writeRows(bucketed, rows(5, 1, 7));
      const shrunk = deleteRows(updated, { T: Array.from({ length: FIRST_WRITE_MAX + 1 - FLAT_MIN }, (_, i) => `p${i}`) });
      expect(Object.isFrozen(flat.T)).toBe(false);
      expect(isBucketed(bucketed.T!) && (bucketed.T as readonly object[]).some((bucket) => Object.isFrozen(bucket))).toBe(false);
      expect((updated.T as readonly object[]).some((bucket) => Object.isFrozen(bucket))).toBe(false);
      expect(isBucketed(shrunk.T!) || Object.isFrozen(shrunk.T)).toBe(false);
      // The same rows as development writes.
      expect(getRow(updated, 'T', 'p5')).toEqual({ id: 'p5', n: 7 });
      expect(tableSize(shrunk.T)).toBe(FLAT_MIN);
    });
    const development = writeRows(empty, rows(0, FIRST_WRITE_MAX + 1));
    expect((development.T as readonly object[]).every((bucket) => Object.isFrozen(bucket))).toBe(true);
  });

  it(`splits a table into buckets once it passes ${FLAT_MAX} rows, and every row is found`, () => {
    const flat = writeRows(empty, rows(0, FLAT_MAX));
    expect(isBucketed(flat.T!)).toBe(false);
    const split = writeRows(flat, rows(FLAT_MAX, 1));
    const table = split.T!;
    expect(isBucketed(table)).toBe(true);
    expect(Array.isArray(table)).toBe(true);
    expect(tableSize(table)).toBe(FLAT_MAX + 1);
    for (let i = 0; i <= FLAT_MAX; i++) expect(getRow(split, 'T', `p${i}`)).toEqual({ id: `p${i}`, n: 0 });
    // Each row sits in the bucket its pk hashes to, and in no other.
    const buckets = table as unknown as Record<string, Row>[];
    expect(buckets[bucketOf('p7', buckets.length)].p7).toEqual({ id: 'p7', n: 0 });
    expect(buckets.filter((bucket) => 'p7' in bucket)).toHaveLength(1);
    expect(buckets.every((bucket) => Object.isFrozen(bucket))).toBe(true);
    expect(getRow(split, 'T', 'missing')).toBeUndefined();
    expect(getRow(split, 'T', 'length')).toBeUndefined();
    expect(getRow(split, 'T', 'constructor')).toBeUndefined();
  });

  it('a write to a bucketed table copies only the buckets it touches', () => {
    const before = writeRows(empty, rows(0, FLAT_MAX * 2));
    const after = writeRows(before, { T: { p5: { id: 'p5', n: 1 } } });
    const a = before.T as unknown as object[];
    const b = after.T as unknown as object[];
    expect(b).not.toBe(a);
    expect(b).toHaveLength(a.length);
    const changed = b.map((bucket, i) => bucket !== a[i]);
    expect(changed.filter(Boolean)).toHaveLength(1);
    expect(changed[bucketOf('p5', b.length)]).toBe(true);
    expect(getRow(after, 'T', 'p5')).toEqual({ id: 'p5', n: 1 });
    expect(getRow(before, 'T', 'p5')).toEqual({ id: 'p5', n: 0 });
    // Rows no write touched keep their identity.
    expect(getRow(after, 'T', 'p6')).toBe(getRow(before, 'T', 'p6'));
  });

  it(`keeps a new table of up to ${FIRST_WRITE_MAX} rows as normalize built it (no copy); the next write that changes it splits it`, () => {
    // What normalize hands the reducer: a table of its own, with no prototype.
    const built: Record<string, Row> = Object.create(null) as Record<string, Row>;
    for (let i = 0; i < FLAT_MAX + 500; i++) built[`p${i}`] = { id: `p${i}`, n: 0 };
    const first = writeRows(empty, { T: built });
    expect(first.T).toBe(built);
    expect(isBucketed(first.T!)).toBe(false);
    expect(Object.isFrozen(first.T)).toBe(true);
    const second = writeRows(first, { T: { p7: { id: 'p7', n: 1 } } });
    expect(isBucketed(second.T!)).toBe(true);
    expect(tableSize(second.T)).toBe(FLAT_MAX + 500);
    expect([getRow(second, 'T', 'p7'), getRow(second, 'T', `p${FLAT_MAX + 499}`)]).toEqual([
      { id: 'p7', n: 1 },
      { id: `p${FLAT_MAX + 499}`, n: 0 },
    ]);
    expect(getRow(second, 'T', 'p8')).toBe(built.p8);
    // Past the first-write limit a new table is split at once.
    const larger: Record<string, Row> = Object.create(null) as Record<string, Row>;
    for (let i = 0; i <= FIRST_WRITE_MAX; i++) larger[`p${i}`] = { id: `p${i}`, n: 0 };
    expect(isBucketed(writeRows(empty, { T: larger }).T!)).toBe(true);
  });

  it("takes normalize's row count of a new table as a layout hint only: a wrong count changes the layout, never the rows", () => {
    const built: Record<string, Row> = Object.create(null) as Record<string, Row>;
    for (let i = 0; i < FIRST_WRITE_MAX + 10; i++) built[`p${i}`] = { id: `p${i}`, n: 0 };
    const patch = { T: built };
    noteRowCounts(patch, new Map([['T', 3]]));
    const first = writeRows(empty, patch);
    // Taken at its word: stored flat, as it came, without listing its keys.
    expect(first.T).toBe(built);
    expect([tableSize(first.T), getRow(first, 'T', `p${FIRST_WRITE_MAX + 9}`)]).toEqual([FIRST_WRITE_MAX + 10, { id: `p${FIRST_WRITE_MAX + 9}`, n: 0 }]);
    // The next write counts the table itself and splits it.
    const second = writeRows(first, { T: { p1: { id: 'p1', n: 1 } } });
    expect([isBucketed(second.T!), tableSize(second.T), getRow(second, 'T', 'p1')]).toEqual([true, FIRST_WRITE_MAX + 10, { id: 'p1', n: 1 }]);
    // In development (rows frozen by `prepare`) the hint is not used: every row is visited.
    const frozen: Record<string, Row> = Object.create(null) as Record<string, Row>;
    for (let i = 0; i < 5; i++) frozen[`p${i}`] = { id: `p${i}`, n: 0 };
    const frozenPatch = { T: frozen };
    noteRowCounts(frozenPatch, new Map([['T', 5]]));
    writeRows(empty, frozenPatch, (row) => Object.freeze(row));
    expect(Object.values(frozen).every((row) => Object.isFrozen(row))).toBe(true);
  });

  it(`doubles the bucket count when a bucket passes ${BUCKET_MAX} rows, keeping every row`, () => {
    let tables = writeRows(empty, rows(0, FLAT_MAX + 1));
    const first = (tables.T as unknown as object[]).length;
    for (let from = FLAT_MAX + 1; from < 40_000; from += 1_000) tables = writeRows(tables, rows(from, Math.min(1_000, 40_000 - from)));
    const buckets = tables.T as unknown as object[];
    expect(buckets.length).toBeGreaterThan(first);
    expect(tableSize(tables.T)).toBe(40_000);
    expect(Math.max(...buckets.map((bucket) => Object.keys(bucket).length))).toBeLessThanOrEqual(BUCKET_MAX);
    for (const i of [0, 1, 4_097, 12_345, 39_999]) expect(getRow(tables, 'T', `p${i}`)).toEqual({ id: `p${i}`, n: 0 });
  });

  it('a bulk write into a bucketed table splits it to the bucket count its size asks for, not just one doubling', () => {
    const small = writeRows(empty, rows(0, FLAT_MAX + 1));
    expect((small.T as unknown as object[]).length).toBe(16);
    // A page of 99,000 rows into a table of 16 buckets: one doubling would leave buckets of about 3,000 rows,
    // and every later one-row update would copy one of them.
    const large = writeRows(small, rows(FLAT_MAX + 1, 99_000));
    const buckets = large.T as unknown as object[];
    expect(buckets.length).toBe(512);
    expect(tableSize(large.T)).toBe(FLAT_MAX + 1 + 99_000);
    expect(Math.max(...buckets.map((bucket) => Object.keys(bucket).length))).toBeLessThanOrEqual(BUCKET_MAX);
    expect(getRow(large, 'T', 'p50000')).toEqual({ id: 'p50000', n: 0 });
  });

  it('passes each written row through prepare (the reducers freeze rows in development)', () => {
    const seen: string[] = [];
    writeRows(empty, rows(0, 2), (row) => (seen.push(row.id), row));
    expect(seen).toEqual(['p0', 'p1']);
  });

  it('keeps `__proto__` and `constructor` as plain pks, flat and bucketed', () => {
    // JSON.parse makes `__proto__` an own member, as a response body does.
    const odd = () => JSON.parse('{"T":{"__proto__":{"id":"__proto__","n":1},"constructor":{"id":"constructor","n":2}}}') as { T: Record<string, Row> };
    const small = writeRows(empty, odd());
    const large = writeRows(writeRows(empty, rows(0, FLAT_MAX + 1)), odd());
    expect(isBucketed(large.T!)).toBe(true);
    for (const tables of [small, large]) {
      expect(getRow(tables, 'T', '__proto__')).toEqual({ id: '__proto__', n: 1 });
      expect(getRow(tables, 'T', 'constructor')).toEqual({ id: 'constructor', n: 2 });
      expect(pksOf(tables, 'T')).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
      expect(getRow(tables, 'T', 'toString')).toBeUndefined();
    }
  });
});

describe('pksOf', () => {
  it('lists integer pks ascending and the others after, flat or bucketed (as a flat table orders them)', () => {
    const patch: Record<string, Row> = {};
    for (const pk of ['b', '10', 'a', '2', '1']) patch[pk] = { id: pk, n: 0 };
    expect(pksOf(writeRows(empty, { T: patch }), 'T')).toEqual(['1', '2', '10', 'b', 'a']);
    const large: Record<string, Row> = {};
    for (let i = FLAT_MAX + 10; i >= 0; i--) large[String(i)] = { id: String(i), n: 0 };
    large.name = { id: 'name', n: 0 };
    const pks = pksOf(writeRows(empty, { T: large }), 'T');
    expect(pks).toHaveLength(FLAT_MAX + 12);
    expect(pks.slice(0, 3)).toEqual(['0', '1', '2']);
    expect(pks.slice(-2)).toEqual([String(FLAT_MAX + 10), 'name']);
    expect(pksOf(empty, 'T')).toEqual([]);
  });
});

describe('deleteRows', () => {
  it('removes rows from a flat table and returns the same tables when none is there', () => {
    const tables = writeRows(empty, rows(0, 3));
    const kept = deleteRows(tables, { T: ['p1'] });
    expect(pksOf(kept, 'T')).toEqual(['p0', 'p2']);
    expect(deleteRows(kept, { T: ['p1'], Other: ['x'] })).toBe(kept);
  });

  it(`removes rows bucket by bucket, and makes the table flat again at ${FLAT_MIN} rows`, () => {
    const tables = writeRows(empty, rows(0, FLAT_MAX + 100));
    const some = deleteRows(tables, { T: ['p0', 'p1'] });
    expect(isBucketed(some.T!)).toBe(true);
    expect(getRow(some, 'T', 'p0')).toBeUndefined();
    expect(tableSize(some.T)).toBe(FLAT_MAX + 98);
    const pks: string[] = [];
    for (let i = 0; i < FLAT_MAX + 100 - FLAT_MIN; i++) pks.push(`p${i}`);
    const shrunk = deleteRows(tables, { T: pks });
    expect(isBucketed(shrunk.T!)).toBe(false);
    expect(tableSize(shrunk.T)).toBe(FLAT_MIN);
    expect(getRow(shrunk, 'T', `p${FLAT_MAX + 99}`)).toEqual({ id: `p${FLAT_MAX + 99}`, n: 0 });
    expect(Object.isFrozen(shrunk.T)).toBe(true);
  });
});

describe('tablesReader', () => {
  it('reads rows, meta and pks of both layouts (what normalize and the schemas see)', () => {
    const entities = writeRows(writeRows(empty, rows(0, 2)), { Big: rows(0, FLAT_MAX + 1).T });
    const entitiesMeta = writeRows({} as StoredTables<{ fetchedAt: number; date: number; expiresAt: number }>, {
      Big: { p3: { fetchedAt: 1, date: 1, expiresAt: 2 } },
    });
    const reader = tablesReader({ entities, entitiesMeta });
    expect(reader.getEntity('T', 'p1')).toEqual({ id: 'p1', n: 0 });
    expect(reader.getEntity('Big', `p${FLAT_MAX}`)).toEqual({ id: `p${FLAT_MAX}`, n: 0 });
    expect(reader.getMeta('Big', 'p3')).toEqual({ fetchedAt: 1, date: 1, expiresAt: 2 });
    expect([...reader.getPks('Big')]).toHaveLength(FLAT_MAX + 1);
    expect([...reader.getPks('None')]).toEqual([]);
  });
});
