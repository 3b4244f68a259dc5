import { Denormalizer, type EntityMemo, type MemoEntry, depsAreCurrent, lookupTables, unvisitRoot } from './denormalize';
import type { EntityTables, GetEntity } from './types';

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
const NO_DEPS: readonly unknown[] = Object.freeze([]);

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
  private readonly entities: EntityMemo = new WeakMap();
  private readonly results = new WeakMap<object, ResultsBySchema>();

  /** Like `denormalize`, memoized. */
  denormalize(schema: unknown, result: unknown, entities: EntityTables, args: readonly unknown[] = []): any {
    return this.denormalizeWith(schema, result, lookupTables(entities), args);
  }

  /** Like {@link MemoCache.denormalize}, reading rows through `getEntity` (the store's optimistic view). */
  denormalizeWith(schema: unknown, result: unknown, getEntity: GetEntity, args: readonly unknown[] = []): any {
    return this.denormalizeTracked(schema, result, getEntity, args).value;
  }

  /**
   * Like {@link MemoCache.denormalizeWith}, also returning the rows the value
   * was built from (flat `key, pk, row` triples): the value stays right while
   * each of those lookups gives the same row.
   */
  denormalizeTracked(schema: unknown, result: unknown, getEntity: GetEntity, args: readonly unknown[] = []): { value: any; deps: readonly unknown[] } {
    if (result === undefined || schema === undefined || schema === null) return { value: result, deps: NO_DEPS };
    if (typeof schema !== 'object' && typeof schema !== 'function') return { value: result, deps: NO_DEPS };
    const schemaKey = memoKey(schema);
    let bySchema = this.results.get(schemaKey);
    if (bySchema === undefined) {
      bySchema = { objects: new WeakMap(), primitives: new Map() };
      this.results.set(schemaKey, bySchema);
    }
    const isObject = typeof result === 'object' && result !== null;
    const slot = isObject ? bySchema.objects.get(result) : bySchema.primitives.get(result);
    if (slot !== undefined) {
      if (depsAreCurrent(slot.current, getEntity)) return slot.current;
      // The value before the latest one: a rolled-back optimistic update gets its old object back.
      const previous = slot.previous;
      if (previous !== undefined && depsAreCurrent(previous, getEntity)) {
        slot.previous = slot.current;
        slot.current = previous;
        return previous;
      }
    }
    const denormalizer = new Denormalizer(getEntity, args, this.entities);
    const value = unvisitRoot(denormalizer, schema, result);
    const entry: MemoEntry = { value, deps: denormalizer.deps ?? [], miss: undefined };
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
