// The reference model of the property race test: what a user must see after
// every step, written from /work/shared/API.md's race rules, not from the code.
//
// - Confirmed data: each entity row carries the `fetchedAt` of the data it
//   holds. A row arriving with `fetchedAt` F wins over a stored row fetched at
//   M when M <= F (rule 5, the default `useIncoming`), and is merged field by
//   field (`Entity.merge`); otherwise it only fills fields the stored row
//   lacks. An invalidated row (`null`) comes back only with data fetched after
//   the invalidation (rule 7).
// - Pending optimistic updates: one layer per optimistic write, in `fetchedAt`
//   order (stable for equal stamps), each recomputed over the view beneath it
//   (rule 3), its rows merged with its own `fetchedAt` by the same rule.
// - Settling a fetch removes its layer; success merges the response with the
//   fetch's `fetchedAt` (rule 4); failure changes nothing else (the rollback).
// - Collections: a fetched list replaces the stored one when fetched later; a
//   create adds its item to every stored list whatever its age (the adder).
//
// RULE_5B (reads land beneath writes in flight) is not built yet: the model
// follows rule 5 alone. Where 5b would change it is marked "5b:".
export const RULE_5B = false;

export type Pk = string;
export interface Row {
  readonly id: number | string;
  readonly title?: string;
  readonly count?: number;
}
interface Slot {
  readonly row: Row | null;
  readonly fetchedAt: number;
}
interface ResultMeta {
  readonly fetchedAt: number;
  readonly hasResult: boolean;
  readonly invalidated: boolean;
}
interface ListSlot {
  readonly pks: readonly Pk[];
  readonly fetchedAt: number;
}

export type Layer =
  | { kind: 'patch'; id: number; title: string; fetchedAt: number; op: number }
  | { kind: 'put'; id: number; title: string; count: number; fetchedAt: number; op: number }
  | { kind: 'increment'; id: number; fetchedAt: number; op: number }
  | { kind: 'delete'; id: number; fetchedAt: number; op: number }
  | { kind: 'push'; tempId: string; title: string; fetchedAt: number; op: number };

interface Tables {
  rows: Map<Pk, Slot>;
  list: ListSlot | undefined;
}

export const getKey = (id: number | string) => `get:${id}`;
export const LIST_KEY = 'list';

function mergeRow(tables: Tables, pk: Pk, incoming: Row, fetchedAt: number): void {
  const stored = tables.rows.get(pk);
  if (stored === undefined) tables.rows.set(pk, { row: incoming, fetchedAt });
  else if (stored.row === null) {
    if (stored.fetchedAt <= fetchedAt) tables.rows.set(pk, { row: incoming, fetchedAt });
  } else if (stored.fetchedAt <= fetchedAt) tables.rows.set(pk, { row: { ...stored.row, ...incoming }, fetchedAt });
  else tables.rows.set(pk, { row: { ...incoming, ...stored.row }, fetchedAt: stored.fetchedAt });
}

function invalidateRow(tables: Tables, pk: Pk, fetchedAt: number): void {
  const stored = tables.rows.get(pk);
  if (stored !== undefined && stored.fetchedAt > fetchedAt) return;
  tables.rows.set(pk, { row: null, fetchedAt });
}

/** A create adds to every stored list, whenever either was fetched (rule 6: the temporary item leaves with its layer). */
function addToList(tables: Tables, pk: Pk, fetchedAt: number): void {
  if (tables.list === undefined) return;
  const pks = tables.list.pks.includes(pk) ? tables.list.pks : [...tables.list.pks, pk];
  tables.list = { pks, fetchedAt };
}

export class RaceModel {
  readonly confirmed: Tables = { rows: new Map(), list: undefined };
  readonly results = new Map<string, ResultMeta>();
  layers: Layer[] = [];

  // --- what the user sees -------------------------------------------------------------

  /** The optimistic view: the confirmed tables with every layer applied in order. */
  view(): Tables {
    const tables: Tables = { rows: new Map(this.confirmed.rows), list: this.confirmed.list };
    for (const layer of this.layers) this.applyLayer(tables, layer);
    return tables;
  }

  /** `getResponse(get, { id }).data` over some tables, as fields. */
  getData(tables: Tables, id: number | string): Row | undefined {
    const pk = String(id);
    const meta = this.results.get(getKey(id));
    const slot = tables.rows.get(pk);
    // An invalidated result counts as missing (rule 7), also one read by inference.
    if (meta?.invalidated) return undefined;
    // A stored result names the row; without one (never fetched, or only failed), an entity endpoint's
    // result follows from its params (Data Client's inference: a recorded error does not hide the row).
    return slot?.row ?? undefined;
  }

  /** The ids `getResponse(getList).data` lists, or undefined while there is none. */
  listData(tables: Tables): Pk[] | undefined {
    const meta = this.results.get(LIST_KEY);
    if (meta === undefined || !meta.hasResult || meta.invalidated || tables.list === undefined) return undefined;
    // Invalidated or missing items are left out (rule 7).
    return tables.list.pks.filter((pk) => {
      const row = tables.rows.get(pk)?.row;
      return row !== undefined && row !== null;
    });
  }

  private applyLayer(tables: Tables, layer: Layer): void {
    // 5b: with reads beneath writes, a row a read brought during this write's flight would not
    // outrank the layer here (the layer would apply over it whatever the read's fetchedAt).
    switch (layer.kind) {
      case 'patch':
        // The default partialUpdate guess needs the cached item (AbortOptimistic otherwise).
        if (this.getData(tables, layer.id) !== undefined) {
          mergeRow(tables, String(layer.id), { id: layer.id, title: layer.title }, layer.fetchedAt);
        }
        return;
      case 'put':
        mergeRow(tables, String(layer.id), { id: layer.id, title: layer.title, count: layer.count }, layer.fetchedAt);
        return;
      case 'increment': {
        const data = this.getData(tables, layer.id);
        if (data !== undefined) mergeRow(tables, String(layer.id), { id: layer.id, count: (data.count ?? 0) + 1 }, layer.fetchedAt);
        return;
      }
      case 'delete':
        invalidateRow(tables, String(layer.id), layer.fetchedAt);
        return;
      case 'push':
        mergeRow(tables, layer.tempId, { id: layer.tempId, title: layer.title }, layer.fetchedAt);
        addToList(tables, layer.tempId, layer.fetchedAt);
        return;
    }
  }

  // --- transitions ----------------------------------------------------------------------

  addLayer(layer: Layer): void {
    let index = this.layers.length;
    while (index > 0 && this.layers[index - 1].fetchedAt > layer.fetchedAt) index--;
    this.layers.splice(index, 0, layer);
  }

  removeLayer(op: number): void {
    this.layers = this.layers.filter((layer) => layer.op !== op);
  }

  private setResult(key: string, fetchedAt: number): void {
    const previous = this.results.get(key);
    // A response of an older fetch never replaces the result of a newer one.
    if (previous === undefined || previous.fetchedAt <= fetchedAt) {
      this.results.set(key, { fetchedAt, hasResult: true, invalidated: false });
    }
  }

  /** A failed read: its error is recorded; the data it had stays. */
  readFailed(key: string, fetchedAt: number): void {
    if (!this.results.has(key)) this.results.set(key, { fetchedAt, hasResult: false, invalidated: false });
  }

  readItem(id: number, row: Row, fetchedAt: number): void {
    // 5b: a write touching this item in flight would keep its layer on top of this row.
    mergeRow(this.confirmed, String(id), row, fetchedAt);
    this.setResult(getKey(id), fetchedAt);
  }

  readList(rows: readonly Row[], fetchedAt: number): void {
    for (const row of rows) mergeRow(this.confirmed, String(row.id), row, fetchedAt);
    const stored = this.confirmed.list;
    if (stored === undefined || stored.fetchedAt <= fetchedAt) {
      this.confirmed.list = { pks: rows.map((row) => String(row.id)), fetchedAt };
    }
    this.setResult(LIST_KEY, fetchedAt);
  }

  wrote(row: Row, fetchedAt: number): void {
    mergeRow(this.confirmed, String(row.id), row, fetchedAt);
  }

  deleted(id: number, fetchedAt: number): void {
    invalidateRow(this.confirmed, String(id), fetchedAt);
  }

  created(row: Row, fetchedAt: number): void {
    mergeRow(this.confirmed, String(row.id), row, fetchedAt);
    addToList(this.confirmed, String(row.id), fetchedAt);
  }

  /** `controller.invalidate`: the result counts as missing until a read replaces it, also a result read by inference. */
  invalidate(key: string): void {
    const meta = this.results.get(key) ?? { fetchedAt: 0, hasResult: false, invalidated: false };
    this.results.set(key, { ...meta, invalidated: true });
  }

  reset(): void {
    this.confirmed.rows.clear();
    this.confirmed.list = undefined;
    this.results.clear();
    this.layers = [];
  }

  /** Every pk the model knows, to compare. */
  pks(): Pk[] {
    const pks = new Set<Pk>(this.confirmed.rows.keys());
    for (const layer of this.layers) if (layer.kind === 'push') pks.add(layer.tempId);
    return [...pks];
  }
}
