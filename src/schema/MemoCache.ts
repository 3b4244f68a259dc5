import { currentList, Denormalizer, type EntityMemo, lookupTables, NO_DEPS, unvisitRoot } from './denormalize';
import { isPlainCollection, listItemEntity, unitsMatch } from './entityLists';
import type { Collection } from './Collection';
import { type Entity, isEntityClass } from './Entity';
import { INVALID } from './INVALID';
import { type EntityEntry, type EntityReader, type MemoEntry, MemoCheck, flatDeps, isEntityEntry, tableVersionOf } from './memoEntries';
import { entryOf, getOwnRow } from './own';
import type { DenormalizeNullable, EntityTables, GetEntity } from './types';

/** The latest value of one result, and the one before it. */
interface MemoSlot {
  current: MemoEntry;
  previous?: MemoEntry;
}

interface ResultsBySchema {
  readonly objects: WeakMap<object, MemoSlot>;
  readonly primitives: Map<unknown, MemoSlot>;
}

const MAX_PRIMITIVE_RESULTS = 2_000;
/** A list with more changed items than this is rebuilt whole. */
const MAX_PATCHED_ITEMS = 64;

function plainReader(entities: EntityTables): EntityReader {
  return { getEntity: lookupTables(entities), tableVersion: (key) => tableVersionOf(getOwnRow(entities, key)) };
}

const shorthands = new WeakMap<object, object>();

/** `[Todo]` written inline is a new array on every call; all of them share the memo of one `[Todo]`. */
function memoKey(schema: object): object {
  if (!Array.isArray(schema) || schema.length !== 1) return schema;
  const item: unknown = schema[0];
  if ((typeof item !== 'object' && typeof item !== 'function') || item === null) return schema;
  let key = shorthands.get(item);
  if (key === undefined) {
    key = [item];
    shorthands.set(item, key);
  }
  return key;
}

/**
 * A memoized denormalizer. The same result over the same rows returns the same
 * object; when some rows change, only the instances built from them (and the
 * containers above them) are new, everything else keeps its identity.
 *
 * @example
 * const memo = new MemoCache();
 * memo.denormalize([Todo], result, entities) === memo.denormalize([Todo], result, entities); // true
 */
export class MemoCache {
  private readonly entities = new WeakMap<object, WeakMap<object, EntityEntry>>();
  private readonly leaves = new WeakMap<object, WeakMap<object, unknown>>();
  private readonly rowDeps = new WeakMap<object, readonly unknown[]>();
  private readonly lists = new Map<string, WeakMap<object, EntityEntry>>();
  private readonly results = new WeakMap<object, ResultsBySchema>();
  private checks = 0;

  /**
   * `keepEqual`: an entity rebuilt (its row replaced) with the same members
   * as the instance a result showed keeps that instance, and a list whose
   * items all stay keeps its array (the store's memo: a confirmed optimistic
   * guess changes no reference). Default `false`: a new row gives a new
   * instance, as Data Client's MemoCache.
   */
  constructor(private readonly options: { readonly keepEqual?: boolean } = {}) {}

  /** Like `denormalize`, memoized. */
  denormalize<S>(schema: S, result: unknown, entities: EntityTables, args: readonly unknown[] = []): DenormalizeNullable<S> | typeof INVALID {
    return this.read(schema, result, plainReader(entities), args).value as DenormalizeNullable<S> | typeof INVALID;
  }

  /**
   * Like {@link MemoCache.denormalize}, reading rows through `reader` (the
   * store's optimistic view): a `getEntity` function, or one with
   * `tableVersion` so unchanged tables are not looked at row by row.
   */
  denormalizeWith<S>(schema: S, result: unknown, reader: GetEntity | EntityReader, args: readonly unknown[] = []): DenormalizeNullable<S> | typeof INVALID {
    return this.read(schema, result, reader, args).value as DenormalizeNullable<S> | typeof INVALID;
  }

  /**
   * Like {@link MemoCache.denormalizeWith}, also returning the rows the value
   * was built from (flat `key, pk, row` triples): the value stays right while
   * each of those lookups gives the same row.
   */
  denormalizeTracked(
    schema: unknown,
    result: unknown,
    reader: GetEntity | EntityReader,
    args: readonly unknown[] = [],
  ): { value: unknown; deps: readonly unknown[] } {
    const entry = this.read(schema, result, reader, args);
    return { value: entry.value, deps: entry.deps === NO_DEPS ? NO_DEPS : flatDeps(entry) };
  }

  private read(schema: unknown, result: unknown, source: GetEntity | EntityReader, args: readonly unknown[]): MemoEntry {
    if (result === undefined || schema === undefined || schema === null) return constant(result);
    if (typeof schema !== 'object' && typeof schema !== 'function') return constant(result);
    const reader = typeof source === 'function' ? { getEntity: source } : source;
    const schemaKey = memoKey(schema);
    let bySchema = this.results.get(schemaKey);
    if (bySchema === undefined) {
      bySchema = { objects: new WeakMap(), primitives: new Map() };
      this.results.set(schemaKey, bySchema);
    }
    const isObject = typeof result === 'object' && result !== null;
    const slot = isObject ? bySchema.objects.get(result) : bySchema.primitives.get(result);
    const check = new MemoCheck(reader, ++this.checks);
    if (slot !== undefined) {
      if (check.isCurrent(slot.current)) return slot.current;
      // The value before the latest one: a rolled-back optimistic update gets its old object back.
      const previous = slot.previous;
      if (previous !== undefined && check.isCurrent(previous)) {
        slot.previous = slot.current;
        slot.current = previous;
        return previous;
      }
    }
    const memo: EntityMemo = { entities: this.entities, leaves: this.leaves, rowDeps: this.rowDeps, lists: this.lists, check };
    const denormalizer = new Denormalizer(reader.getEntity, args, memo);
    const stored = typeof result === 'string' && isPlainCollection(schema);
    const item = listItemEntity(schema);
    // A stored list another read (a list nested in an entity) made current first is the one to share.
    const row = stored ? reader.getEntity(schema.key, result) : undefined;
    let entry: MemoEntry | undefined = row == null ? undefined : currentList(this.lists, (schema as Collection).key, row, check);
    if (entry === undefined && slot !== undefined && item !== undefined) {
      entry = patchList(slot.current, item, check, denormalizer, this.options.keepEqual === true);
      // A patched stored list: every read of its row shares it from now on.
      if (entry !== undefined && isEntityEntry(entry)) entryOf(this.lists, entry.key, WeakMap).set(entry.row, entry);
    }
    if (entry === undefined) {
      if (this.options.keepEqual === true && slot !== undefined && isEntityClass(schema) && (typeof result === 'string' || typeof result === 'number')) {
        // One entity read by pk: the instance shown so far stays when its rebuilt members are the same.
        denormalizer.reuse = { key: schema.key, pk: String(result), value: slot.current.value };
      }
      const value = unvisitRoot(denormalizer, schema, result);
      denormalizer.reuse = undefined;
      const deps = denormalizer.deps ?? [];
      const list = denormalizer.lastList;
      if (stored && list !== undefined && deps.length === 1 && deps[0] === list) {
        // The stored list's own entry: the result is the list every other read of its row shares.
        entry = list;
      } else {
        const built: MemoEntry = { value, deps, versions: undefined, checked: check.id, isList: item !== undefined && unitsMatch(value, deps) };
        built.versions = check.versionsOfEntry(built);
        entry = built;
      }
    }
    if (slot !== undefined) {
      slot.previous = slot.current;
      slot.current = entry;
    } else if (isObject) {
      bySchema.objects.set(result, { current: entry });
    } else {
      if (bySchema.primitives.size >= MAX_PRIMITIVE_RESULTS) bySchema.primitives.clear();
      bySchema.primitives.set(result, { current: entry });
    }
    return entry;
  }
}

function constant(value: unknown): MemoEntry {
  return { value, deps: NO_DEPS, versions: undefined, checked: 0 };
}

/**
 * The list entry rebuilt from `stale` (an earlier value of the same plain
 * entity list) with only its changed items built again: the other items, and
 * their units in `deps`, are the ones a full rebuild would find current.
 * `undefined` (rebuild it whole) when the list's own row changed, too many
 * items did, or a changed item is now missing or invalid (it would be dropped).
 */
function patchList(stale: MemoEntry, entity: typeof Entity, check: MemoCheck, denormalizer: Denormalizer, keepEqual: boolean): MemoEntry | undefined {
  const changed = check.staleUnits(stale, MAX_PATCHED_ITEMS);
  if (changed === undefined) return undefined;
  const deps = stale.deps.slice();
  const value = (stale.value as readonly unknown[]).slice();
  // Item positions follow units; count units up to each changed one.
  let item = 0;
  let at = 0;
  const units: unknown[] = [];
  let renewed = false;
  for (const index of changed) {
    while (at < index) {
      at += typeof deps[at] === 'string' ? 3 : 1;
      item++;
    }
    const unit = deps[at];
    const isTriple = typeof unit === 'string';
    const pk = isTriple ? (deps[at + 1] as string) : (unit as EntityEntry).pk;
    const own: unknown[] = [];
    denormalizer.deps = own;
    // The item shown so far stays the same object when its rebuilt members are the same.
    if (keepEqual) denormalizer.reuse = { key: entity.key, pk, value: value[item] };
    const rebuilt = denormalizer.unvisit(entity, pk);
    denormalizer.reuse = undefined;
    if (rebuilt === undefined || rebuilt === null || rebuilt === INVALID || own.length !== (isTriple ? 3 : 1)) return undefined;
    for (let j = 0; j < own.length; j++) {
      deps[at + j] = own[j];
      units.push(own[j]);
    }
    if (rebuilt !== value[item]) {
      value[item] = rebuilt;
      renewed = true;
    }
  }
  // Every changed item rebuilt equal to the one shown: the list keeps its object too.
  const kept = renewed ? value : stale.value;
  // A stored list's entry stays the entry of its row (see Denormalizer.unvisitStoredList).
  const listed: EntityEntry | undefined = isEntityEntry(stale)
    ? { value: kept, deps, versions: undefined, checked: check.id, isList: true, key: stale.key, pk: stale.pk, row: stale.row }
    : undefined;
  const entry: MemoEntry = listed ?? { value: kept, deps, versions: undefined, checked: check.id, isList: true };
  entry.versions = check.versionsAfterPatch(stale, units) ?? check.versionsOfEntry(entry);
  return entry;
}
