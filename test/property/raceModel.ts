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
// - 5b's revalidation: each write in flight records the entities whose data
//   arrived during its flight by any path (a read or a list, `controller.set`
//   from an event, `setResponse`) where the arriving data won the merge (a
//   row written anew). When the write succeeds and its own data won over such
//   an entity, every stored read result holding that entity (its detail, the
//   list that lists it) must be revalidated: nothing is in use here, so it
//   must be stale until a read of that key settles again. The model requires
//   no more: the store may revalidate more (results the write itself touched,
//   a list it pushed to), never less.
// - Inferred reads: `invalidateAll` reaches a detail key only if the store has
//   meta for it or it infers a (non-invalidated) row now; a reset forgets
//   everything, inferred reads included.
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

/** Merges a row; true when the incoming data won (the row is written anew with its `fetchedAt`). */
function mergeRow(tables: Tables, pk: Pk, incoming: Row, fetchedAt: number, write: boolean): boolean {
  const stored = tables.rows.get(pk);
  if (stored === undefined) tables.rows.set(pk, { row: incoming, fetchedAt, write });
  else if (stored.row === null) {
    if (!incomingWins(stored, fetchedAt, write)) return false;
    tables.rows.set(pk, { row: incoming, fetchedAt, write });
  } else if (incomingWins(stored, fetchedAt, write)) tables.rows.set(pk, { row: { ...stored.row, ...incoming }, fetchedAt, write });
  else {
    tables.rows.set(pk, { ...stored, row: { ...incoming, ...stored.row } });
    return false;
  }
  return true;
}

/** Invalidates a row; true when the invalidation won. */
function invalidateRow(tables: Tables, pk: Pk, fetchedAt: number, write: boolean): boolean {
  const stored = tables.rows.get(pk);
  if (stored !== undefined && !incomingWins(stored, fetchedAt, write)) return false;
  tables.rows.set(pk, { row: null, fetchedAt, write });
  return true;
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
  /** 5b: per write in flight (by op), the pks whose data arrived, and won, during its flight. */
  readonly writesInFlight = new Map<number, Set<Pk>>();
  /** 5b: result keys a write's success revalidated (stale, nothing being in use), until a read of the key settles. */
  readonly mustBeStale = new Set<string>();

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
    this.arrived(String(id), mergeRow(this.confirmed, String(id), row, fetchedAt, false));
    this.setResult(getKey(id), fetchedAt);
  }

  /** `controller.set(Item, { id }, row)` (an event): rows only, merged like a read's. */
  event(row: Row, fetchedAt: number): void {
    this.arrived(String(row.id), mergeRow(this.confirmed, String(row.id), row, fetchedAt, false));
  }

  readList(rows: readonly Row[], fetchedAt: number): void {
    for (const row of rows) this.arrived(String(row.id), mergeRow(this.confirmed, String(row.id), row, fetchedAt, false));
    const stored = this.confirmed.list;
    if (stored === undefined || stored.fetchedAt <= fetchedAt) {
      this.confirmed.list = { pks: rows.map((row) => String(row.id)), fetchedAt };
    }
    this.setResult(LIST_KEY, fetchedAt);
  }

  /** A write succeeded with `row`; returns whether its data won (5b's revalidation needs it). */
  wrote(row: Row, fetchedAt: number): boolean {
    return mergeRow(this.confirmed, String(row.id), row, fetchedAt, true);
  }

  deleted(id: number, fetchedAt: number): boolean {
    return invalidateRow(this.confirmed, String(id), fetchedAt, true);
  }

  created(row: Row, fetchedAt: number): boolean {
    const won = mergeRow(this.confirmed, String(row.id), row, fetchedAt, true);
    addToList(this.confirmed, String(row.id), fetchedAt);
    return won;
  }

  // --- 5b's revalidation ---------------------------------------------------------------

  writeStarted(op: number): void {
    this.writesInFlight.set(op, new Set());
  }

  /** A write failed (or was dropped): it revalidates nothing. */
  writeFailed(op: number): void {
    this.writesInFlight.delete(op);
  }

  private arrived(pk: Pk, won: boolean): void {
    if (!won) return;
    for (const pks of this.writesInFlight.values()) pks.add(pk);
  }

  /**
   * Write `op` succeeded (its outcome already applied) and its data for `pk`
   * won (`won`): when data for `pk` arrived during its flight, every stored
   * read result holding `pk` must be revalidated.
   */
  writeSucceeded(op: number, pk: Pk, won: boolean): void {
    const arrived = this.writesInFlight.get(op);
    this.writesInFlight.delete(op);
    if (!won || arrived === undefined || !arrived.has(pk)) return;
    const view = this.view();
    // A result holds an entity it reads as data; an invalidated row is left to the store.
    const row = view.rows.get(pk)?.row;
    if (row === undefined || row === null) return;
    if (this.results.get(getKey(pk))?.hasResult) this.mustBeStale.add(getKey(pk));
    const listed = (list: ListSlot | undefined) => list?.pks.includes(pk) === true;
    if (this.results.get(LIST_KEY)?.hasResult && listed(this.confirmed.list) && listed(view.list)) this.mustBeStale.add(LIST_KEY);
  }

  /** A read of `key` settled (its meta replaced or kept): no longer required stale. */
  readSettled(key: string): void {
    this.mustBeStale.delete(key);
  }

  /** `controller.invalidateAll` of the detail keys: those with meta, and those inferring a row now. */
  invalidateAllDetails(ids: readonly (number | string)[]): void {
    const view = this.view();
    for (const id of ids) {
      const key = getKey(id);
      const row = view.rows.get(String(id))?.row;
      if (this.results.has(key) || (row !== undefined && row !== null)) this.invalidate(key);
    }
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
    this.writesInFlight.clear();
    this.mustBeStale.clear();
  }

  /** Every pk the model knows, to compare. */
  pks(): Pk[] {
    const pks = new Set<Pk>(this.confirmed.rows.keys());
    for (const layer of this.layers) if (layer.kind === 'push') pks.add(layer.tempId);
    return [...pks];
  }
}
