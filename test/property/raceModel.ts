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
// - Rule 5b (reads never outrank a write in flight): each row also records
//   whether a write brought it (a mutation's response or an optimistic layer).
//   When a write's data meets a row a read brought, that row counts as fetched
//   before the write, whatever its `fetchedAt`; every other pair keeps rule 5.
//   (A read that landed before the write was triggered is older anyway, so this
//   is exactly "data that arrives while a write is in flight lands beneath it".)
//   Where 5b changes the outcome is marked "5b:"; RULE_5B = false gives rule 5 alone.
export const RULE_5B = true;

export type Pk = string;
export interface Row {
  readonly id: number | string;
  readonly title?: string;
  readonly count?: number;
}
interface Slot {
  readonly row: Row | null;
  readonly fetchedAt: number;
  /** A write brought it (5b). */
  readonly write: boolean;
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

/** Whether data fetched at `fetchedAt` (by a write or not) wins over the stored slot. */
function incomingWins(stored: Slot, fetchedAt: number, write: boolean): boolean {
  // 5b: a write's data outranks a row a read brought, whatever the read's fetchedAt.
  if (RULE_5B && write && !stored.write) return true;
  return stored.fetchedAt <= fetchedAt;
}

function mergeRow(tables: Tables, pk: Pk, incoming: Row, fetchedAt: number, write: boolean): void {
  const stored = tables.rows.get(pk);
  if (stored === undefined) tables.rows.set(pk, { row: incoming, fetchedAt, write });
  else if (stored.row === null) {
    if (incomingWins(stored, fetchedAt, write)) tables.rows.set(pk, { row: incoming, fetchedAt, write });
  } else if (incomingWins(stored, fetchedAt, write)) tables.rows.set(pk, { row: { ...stored.row, ...incoming }, fetchedAt, write });
  else tables.rows.set(pk, { ...stored, row: { ...incoming, ...stored.row } });
}

function invalidateRow(tables: Tables, pk: Pk, fetchedAt: number, write: boolean): void {
  const stored = tables.rows.get(pk);
  if (stored !== undefined && !incomingWins(stored, fetchedAt, write)) return;
  tables.rows.set(pk, { row: null, fetchedAt, write });
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
    // 5b: a layer is a write's data: a row a read brought during this write's flight does not
    // outrank it (the layer applies over it whatever the read's fetchedAt).
    switch (layer.kind) {
      case 'patch':
        // The default partialUpdate guess needs the cached item (AbortOptimistic otherwise).
        if (this.getData(tables, layer.id) !== undefined) {
          mergeRow(tables, String(layer.id), { id: layer.id, title: layer.title }, layer.fetchedAt, true);
        }
        return;
      case 'put':
        mergeRow(tables, String(layer.id), { id: layer.id, title: layer.title, count: layer.count }, layer.fetchedAt, true);
        return;
      case 'increment': {
        const data = this.getData(tables, layer.id);
        if (data !== undefined) mergeRow(tables, String(layer.id), { id: layer.id, count: (data.count ?? 0) + 1 }, layer.fetchedAt, true);
        return;
      }
      case 'delete':
        invalidateRow(tables, String(layer.id), layer.fetchedAt, true);
        return;
      case 'push':
        mergeRow(tables, layer.tempId, { id: layer.tempId, title: layer.title }, layer.fetchedAt, true);
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
    // 5b: a read's row; a write touching this item in flight keeps its layer on top of it.
    mergeRow(this.confirmed, String(id), row, fetchedAt, false);
    this.setResult(getKey(id), fetchedAt);
  }

  readList(rows: readonly Row[], fetchedAt: number): void {
    for (const row of rows) mergeRow(this.confirmed, String(row.id), row, fetchedAt, false);
    const stored = this.confirmed.list;
    if (stored === undefined || stored.fetchedAt <= fetchedAt) {
      this.confirmed.list = { pks: rows.map((row) => String(row.id)), fetchedAt };
    }
    this.setResult(LIST_KEY, fetchedAt);
  }

  wrote(row: Row, fetchedAt: number): void {
    mergeRow(this.confirmed, String(row.id), row, fetchedAt, true);
  }

  deleted(id: number, fetchedAt: number): void {
    invalidateRow(this.confirmed, String(id), fetchedAt, true);
  }

  created(row: Row, fetchedAt: number): void {
    mergeRow(this.confirmed, String(row.id), row, fetchedAt, true);
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
