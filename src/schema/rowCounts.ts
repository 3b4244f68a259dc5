// How many rows each entity table of a normalize call holds where the store had none, by the call's tables
// object (`entities`, `entitiesMeta`). The store sizes a new table from it instead of listing its keys:
// listing a large table's keys sorts them (about 0.2 µs a key, a tenth of a fresh store's round trip for
// 2,000 rows). A count only picks the new table's layout; without one the keys are counted.
const counts = /* @__PURE__ */ new WeakMap<object, ReadonlyMap<string, number>>();

/** Notes the rows `tables` (a normalize call's output, not changed after) added to each table, by entity key. */
export function noteRowCounts(tables: object, added: ReadonlyMap<string, number>): void {
  counts.set(tables, added);
}

/** The counts normalize noted for these tables, if any. */
export function rowCountsOf(tables: object): ReadonlyMap<string, number> | undefined {
  return counts.get(tables);
}
