import { denormalizeArray } from './Array';
import { type Entity, isEntityClass } from './Entity';
import { INVALID } from './INVALID';
import { denormalizeObject } from './Object';
import { MAX_SCHEMA_DEPTH, isStackOverflow } from './limits';
import { describeKind, getOwnRow, quote } from './own';
import { describeSchema } from './describeSchema';
import { arrayItemSchema } from './normalize';
import type { DenormalizeVisitor, EntityRow, EntityTables, GetEntity } from './types';

/** A memoized result: the value and the rows it was built from, as flat `key, pk, row` triples. */
export interface MemoEntry {
  readonly value: unknown;
  readonly deps: readonly unknown[];
  /** Where the last check found a changed row: checked first next time, as it is likely still changed. */
  miss?: number;
}

/** Where entity-level memo entries live between calls (see `MemoCache`). */
export type EntityMemo = WeakMap<object, MemoEntry & { readonly schema: Function }>;

/** Lookup over plain tables; only own properties count, so `constructor` is never found by accident. */
export function lookupTables(entities: EntityTables): GetEntity {
  return (key, pk) => getOwnRow(getOwnRow(entities, key), pk);
}

/** True while every row the entry was built from (from the `from`-th triple on) is still the same object. */
export function depsAreCurrent(entry: MemoEntry, getEntity: GetEntity, from = 0): boolean {
  const deps = entry.deps;
  const miss = entry.miss;
  if (miss !== undefined && getEntity(deps[miss] as string, deps[miss + 1] as string) !== deps[miss + 2]) return false;
  for (let i = from; i < deps.length; i += 3) {
    if (getEntity(deps[i] as string, deps[i + 1] as string) !== deps[i + 2]) {
      entry.miss = i;
      return false;
    }
  }
  entry.miss = undefined;
  return true;
}

const converterKinds = new WeakMap<Function, 'construct' | 'call'>();
const callable = new Set<Function>([Number, String, Boolean, BigInt, Symbol]);

/** A member schema that is a plain class (`Date`) is constructed; a plain function is called. */
function convert(converter: Function, value: unknown): unknown {
  let kind = converterKinds.get(converter);
  if (kind === undefined) {
    const source = Function.prototype.toString.call(converter);
    kind =
      !callable.has(converter) &&
      converter.prototype !== undefined &&
      (source.startsWith('class') || source.includes('[native code]'))
        ? 'construct'
        : 'call';
    converterKinds.set(converter, kind);
  }
  if (converter === Date && typeof value === 'object' && !(value instanceof Date)) {
    // `new Date({})` is an Invalid Date, not an error: a response that stores one could never be read as a date.
    throw new TypeError(`[rest-slice] a \`Date\` member needs a string or a number, got ${describeKind(value)}: ${quote(value)}`);
  }
  return kind === 'construct'
    ? new (converter as new (value: unknown) => unknown)(value)
    : (converter as (value: unknown) => unknown)(value);
}

/**
 * One denormalize pass. With an `EntityMemo` it records, for each entity and
 * for the whole result, which rows it read, and reuses earlier instances whose
 * rows are all unchanged.
 */
export class Denormalizer implements DenormalizeVisitor {
  /** Instances made in this pass, so repeats and cycles share one instance. */
  private readonly local = new Map<string, Map<string, unknown>>();
  /** The rows read by the entity (or result) being built: flat `key, pk, row` triples. */
  deps: unknown[] | undefined;
  readonly getEntity: GetEntity;

  constructor(
    private readonly lookup: GetEntity,
    readonly args: readonly unknown[],
    private readonly memo?: EntityMemo,
  ) {
    this.getEntity = memo === undefined ? lookup : this.trackedLookup;
    if (memo !== undefined) this.deps = [];
  }

  private trackedLookup = (key: string, pk: string): EntityRow | undefined => {
    const row = this.lookup(key, pk);
    this.deps?.push(key, pk, row);
    return row;
  };

  unvisit(schema: unknown, value: unknown): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null) return value;
    if (typeof schema === 'function') {
      if (isEntityClass(schema)) return this.unvisitEntity(schema, value);
      const withDenormalize = schema as { denormalize?: unknown };
      if (typeof withDenormalize.denormalize === 'function') {
        return (withDenormalize.denormalize as DenormalizeFn)(value, this);
      }
      return convert(schema, value);
    }
    if (typeof schema === 'object') {
      const withDenormalize = schema as { denormalize?: unknown };
      if (typeof withDenormalize.denormalize === 'function') {
        return (schema as { denormalize: DenormalizeFn }).denormalize(value, this);
      }
      if (Array.isArray(schema)) return denormalizeArray(arrayItemSchema(schema), value, this);
      return denormalizeObject(schema as Record<string, unknown>, value, this);
    }
    return value;
  }

  private unvisitEntity(entity: typeof Entity, value: unknown): unknown {
    if (typeof value === 'object') {
      // An inline (not normalized) entity: build it without caching.
      const instance = entity.fromJS(value as Record<string, unknown>) as unknown as Record<string, unknown>;
      return entity.denormalizeMembers(instance, this);
    }
    const pk = typeof value === 'string' ? value : String(value);
    const key = entity.key;
    const memo = this.memo;
    if (memo === undefined && !entity.hasNestedSchema()) {
      // A leaf entity cannot start a cycle: build it directly, skipping the per-pass cache.
      const row = this.getEntity(key, pk);
      if (row === undefined) return undefined;
      if (row === null) return INVALID;
      return entity.createIfValid(row as Record<string, unknown>);
    }
    if (memo !== undefined) return this.unvisitMemoized(entity, key, pk, memo);
    let byPk = this.local.get(key);
    if (byPk === undefined) {
      byPk = new Map();
      this.local.set(key, byPk);
    } else if (byPk.has(pk)) {
      return byPk.get(pk);
    }
    const row = this.getEntity(key, pk);
    if (row === undefined) return undefined;
    if (row === null) return INVALID;
    const created = entity.createIfValid(row as Record<string, unknown>);
    // A row that fails `validate` reads as invalid (a partial entity).
    if (created === INVALID) return INVALID;
    const instance = created as unknown as Record<string, unknown>;
    byPk.set(pk, instance);
    const result = entity.denormalizeMembers(instance, this);
    if (result !== instance) byPk.set(pk, result);
    return result;
  }

  /** Entities being built in this pass, by row: a cycle that comes back to one gets the same instance. */
  private readonly building = new Map<object, unknown>();

  private unvisitMemoized(entity: typeof Entity, key: string, pk: string, memo: EntityMemo): unknown {
    // The lookup records (key, pk, row) in the deps of whatever is being built.
    const row = this.getEntity(key, pk);
    if (row === undefined) return undefined;
    if (row === null) return INVALID;
    const cached = memo.get(row);
    if (!entity.hasNestedSchema()) {
      // A leaf reads only its own row: the row's identity is the whole memo check.
      if (cached !== undefined && cached.schema === entity) return cached.value;
      const instance = entity.createIfValid(row as Record<string, unknown>);
      memo.set(row, { value: instance, deps: [key, pk, row], schema: entity, miss: undefined });
      return instance;
    }
    const outer = this.deps as unknown[];
    if (cached !== undefined && cached.schema === entity && depsAreCurrent(cached, this.lookup, 3)) {
      // Add the rest of what the instance was built from.
      for (let i = 3; i < cached.deps.length; i++) outer.push(cached.deps[i]);
      return cached.value;
    }
    const inCycle = this.building.get(row);
    if (inCycle !== undefined) return inCycle;
    const created = entity.createIfValid(row as Record<string, unknown>);
    if (created === INVALID) {
      memo.set(row, { value: INVALID, deps: [key, pk, row], schema: entity, miss: undefined });
      return INVALID;
    }
    const own: unknown[] = [key, pk, row];
    this.deps = own;
    const instance = created as unknown as Record<string, unknown>;
    this.building.set(row, instance);
    const result = entity.denormalizeMembers(instance, this);
    this.building.delete(row);
    this.deps = outer;
    for (let i = 3; i < own.length; i++) outer.push(own[i]);
    memo.set(row, { value: result, deps: own, schema: entity, miss: undefined });
    return result;
  }
}

type DenormalizeFn = (input: unknown, visitor: DenormalizeVisitor) => unknown;

/** Reads `result` with a fresh pass; a stack overflow becomes an error naming the schema. */
export function unvisitRoot(denormalizer: Denormalizer, schema: unknown, result: unknown): unknown {
  try {
    return denormalizer.unvisit(schema, result);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    throw new RangeError(
      `[rest-slice] denormalize of schema \`${describeSchema(schema)}\` ran out of stack: the stored entities nest too deeply for this JS engine. ` +
        `One response is limited to ${MAX_SCHEMA_DEPTH} schema levels (\`MAX_SCHEMA_DEPTH\`), but entities that reference each other by pk across responses can chain further; read a shorter part of the chain.`,
      { cause: error },
    );
  }
}

/**
 * Rebuilds nested data from a normalized `result` and entity tables. Entities
 * come back as instances of their classes. Missing entities are `undefined`,
 * invalidated ones are dropped from lists, and a result that requires an
 * invalidated entity is {@link INVALID}.
 */
export function denormalize(schema: unknown, result: unknown, entities: EntityTables, args: readonly unknown[] = []): any {
  if (result === undefined || schema === undefined || schema === null) return result;
  if (isEntityClass(schema) && (typeof result === 'string' || typeof result === 'number') && !schema.hasNestedSchema()) {
    // One entity without nested members: no visitor needed.
    const row = getOwnRow(getOwnRow(entities, schema.key), String(result));
    if (row === undefined) return undefined;
    return row === null ? INVALID : schema.createIfValid(row as Record<string, unknown>);
  }
  return unvisitRoot(new Denormalizer(lookupTables(entities), args), schema, result);
}
