import { arrayItemSchema, trimmed } from './Array';
import { convert } from './convert';
import { type Entity, isEntityClass } from './Entity';
import { INVALID } from './INVALID';
import { denormalizeImmutable, isImmutable } from './immutableTables';
import { denormalizeObject } from './objectMembers';
import { MAX_SCHEMA_DEPTH, isStackOverflow } from './limits';
import { entryOf, getOwnRow, hasOwn } from './own';
import { describeSchema } from './describeSchema';
import { isSchemaLike } from './argumentOrder';
import type { EntityEntry, MemoCheck } from './memoEntries';
import { isPlainCollection, listItemEntity, unitsMatch } from './entityLists';
import type { Collection } from './Collection';
import type { DenormalizeNullable, DenormalizeVisitor, EntityRow, EntityTables, GetEntity } from './types';

/** Where entity-level memo entries live between calls (see `MemoCache`), and the check of this call. */
export interface EntityMemo {
  /** Entities with nested members: the entry of each row, by entity class (so an entry need not name its class). */
  readonly entities: WeakMap<object, WeakMap<object, EntityEntry>>;
  /** Entities without nested members: the instance of each row, by entity class. */
  readonly leaves: WeakMap<object, WeakMap<object, unknown>>;
  /** One shared `key, pk, row` deps array per row, for entities that read only that row (see `compactDeps`). */
  readonly rowDeps: WeakMap<object, readonly unknown[]>;
  /** Stored Collection lists: the entry of each row, by table key (two Collection schemas of one key share their rows). */
  readonly lists: Map<string, WeakMap<object, EntityEntry>>;
  readonly check: MemoCheck;
}

/** A row of plain tables; only own properties count, so `constructor` is never found by accident. */
function tableRow(entities: EntityTables, key: string, pk: string): EntityRow | null | undefined {
  const row = getOwnRow(getOwnRow(entities, key), pk);
  // Tables written by hand the Data Client way mark a deleted row with a symbol (`INVALID`, or one of their
  // own such as `Symbol('ENTITY WAS DELETED')`); no row is a symbol. The store writes `null`.
  return typeof row === 'symbol' ? null : row;
}

/** Lookup over plain tables (see {@link tableRow}). */
export function lookupTables(entities: EntityTables): GetEntity {
  return (key, pk) => tableRow(entities, key, pk);
}

/**
 * One denormalize pass. With an `EntityMemo` it records, for each entity and
 * for the whole result, which rows it read, and reuses earlier instances whose
 * rows are all unchanged.
 */
export class Denormalizer implements DenormalizeVisitor {
  /** Instances made in this pass, so repeats and cycles share one instance. */
  private readonly local = new Map<string, Map<string, unknown>>();
  /** What the entity (or result) being built read: `key, pk, row` triples and entity entries (see `MemoEntry`). */
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
        if (this.memo !== undefined && typeof value === 'string' && isPlainCollection(schema)) return this.unvisitStoredList(schema, value, this.memo);
        return (schema as { denormalize: DenormalizeFn }).denormalize(value, this);
      }
      if (Array.isArray(schema)) return this.unvisitList(arrayItemSchema(schema), value);
      return denormalizeObject(schema as Record<string, unknown>, value, this);
    }
    return value;
  }

  /**
   * Each item of a list, with missing, `null` and invalidated items dropped. Whether the items are entities
   * is asked once for the list rather than once per item through `unvisit`: for `[Todo]`, the common list,
   * that dispatch was a twentieth of denormalize's time.
   */
  unvisitList(itemSchema: unknown, value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    const entity = isEntityClass(itemSchema) ? itemSchema : undefined;
    // Exact size, as normalize builds its lists (normalizeArray).
    const output: unknown[] = [...value];
    let kept = 0;
    for (let i = 0; i < value.length; i++) {
      const input: unknown = value[i];
      const item = entity === undefined ? this.unvisit(itemSchema, input) : input === undefined || input === null ? input : this.unvisitEntity(entity, input);
      if (item !== undefined && item !== null && item !== INVALID) output[kept++] = item;
    }
    return trimmed(output, kept);
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

  /**
   * An earlier instance of the entity about to be built (`key`, `pk`): kept,
   * instead of a new one, when the new one would have the same members.
   */
  reuse: { readonly key: string; readonly pk: string; readonly value: unknown } | undefined;

  /**
   * Entities being built in this pass, by row (a stack, as deep as the nesting): a cycle that comes back
   * to one gets the same instance. Not a `Map`: one set and one delete per entity made it grow and shrink
   * again, a twentieth of a first read's garbage.
   */
  private readonly buildingRows: object[] = [];
  private readonly buildingInstances: unknown[] = [];

  /** `value` when it is an instance of the same class as `built` with the same members (each `===`), else `built`. */
  private reused(key: string, pk: string, built: unknown): unknown {
    const reuse = this.reuse;
    if (reuse === undefined || reuse.key !== key || reuse.pk !== pk) return built;
    this.reuse = undefined;
    return sameMembers(reuse.value, built) ? reuse.value : built;
  }
  private leafSchema: object | undefined;
  private leafRows: WeakMap<object, unknown> | undefined;
  /** The last leaf row read again (its instance was known): only such a row can give deps to share. */
  private sharedRow: object | undefined;

  private unvisitMemoized(entity: typeof Entity, key: string, pk: string, memo: EntityMemo): unknown {
    const row = this.lookup(key, pk);
    const outer = this.deps as unknown[];
    if (row === undefined || row === null || !entity.hasNestedSchema()) {
      // A missing, invalidated or leaf entity: its row is all it reads.
      outer.push(key, pk, row);
      if (row === undefined) return undefined;
      if (row === null) return INVALID;
      return this.leaf(entity, key, pk, row, memo);
    }
    const entries = entryOf(memo.entities, entity, WeakMap);
    const cached = entries.get(row);
    if (cached !== undefined && memo.check.isCurrent(cached, true)) {
      outer.push(cached);
      return cached.value;
    }
    const inCycle = this.buildingRows.lastIndexOf(row);
    if (inCycle !== -1) {
      // Coming back to an entity being built: only its row is read here.
      outer.push(key, pk, row);
      return this.buildingInstances[inCycle];
    }
    const created = entity.createIfValid(row as Record<string, unknown>);
    if (created === INVALID) {
      outer.push(key, pk, row);
      return INVALID;
    }
    const own: unknown[] = [];
    this.deps = own;
    const instance = created as unknown as Record<string, unknown>;
    this.buildingRows.push(row);
    this.buildingInstances.push(instance);
    const result = entity.denormalizeMembers(instance, this);
    this.buildingRows.pop();
    this.buildingInstances.pop();
    this.deps = outer;
    const entry: EntityEntry = { value: this.reused(key, pk, result), deps: compactDeps(own, memo.rowDeps, this.sharedRow), versions: undefined, checked: memo.check.id, key, pk, row };
    entry.versions = memo.check.versionsOfEntry(entry);
    entries.set(row, entry);
    outer.push(entry);
    return entry.value;
  }

  /**
   * A stored Collection's list, read with a memo: one value per row, shared
   * by every read of the row (a list nested in an entity, `user.todos`, is
   * the array the list endpoint gives for the same args, as Data Client's).
   * Its entry is pushed as one unit; {@link Denormalizer.lastList} is it.
   */
  private unvisitStoredList(collection: Collection, pk: string, memo: EntityMemo): unknown {
    const key = collection.key;
    const row = this.lookup(key, pk);
    const outer = this.deps as unknown[];
    if (row === undefined || row === null) {
      outer.push(key, pk, row);
      return row === undefined ? undefined : INVALID;
    }
    const cached = currentList(memo.lists, key, row, memo.check);
    if (cached !== undefined) {
      outer.push(cached);
      return (this.lastList = cached).value;
    }
    const own: unknown[] = [];
    this.deps = own;
    const value = collection.schema.denormalize(row, this);
    this.deps = outer;
    const entry: EntityEntry = { value, deps: own, versions: undefined, checked: memo.check.id, key, pk, row, isList: listItemEntity(collection) !== undefined && unitsMatch(value, own) };
    entry.versions = memo.check.versionsOfEntry(entry);
    entryOf(memo.lists, key, WeakMap).set(row, entry);
    outer.push(entry);
    this.lastList = entry;
    return value;
  }

  /** The entry of the last stored Collection list read (see {@link Denormalizer.unvisitStoredList}). */
  lastList: EntityEntry | undefined;

  /** The instance of a leaf entity's row: one per row and class. */
  private leaf(entity: typeof Entity, key: string, pk: string, row: object, memo: EntityMemo): unknown {
    if (this.leafSchema !== entity) {
      this.leafRows = entryOf(memo.leaves, entity, WeakMap);
      this.leafSchema = entity;
    }
    const rows = this.leafRows!;
    const known = rows.get(row);
    if (known !== undefined) {
      this.sharedRow = row;
      return known;
    }
    const instance = this.reused(key, pk, entity.createIfValid(row as Record<string, unknown>));
    rows.set(row, instance);
    return instance;
  }
}

type DenormalizeFn = (input: unknown, visitor: DenormalizeVisitor) => unknown;

/** The entry a read made of the stored list at `row` (of table `key`), while it is current. */
export function currentList(lists: EntityMemo['lists'], key: string, row: object, check: MemoCheck): EntityEntry | undefined {
  const entry = lists.get(key)?.get(row);
  return entry !== undefined && check.isCurrent(entry, true) ? entry : undefined;
}

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
 *
 * The type follows the schema (`denormalize(Todo, '1', entities)` is
 * `Todo | undefined | typeof INVALID`); narrow it before reading members.
 * Data Client 0.10's order, `denormalize(result, schema, entities)`, is read
 * too when only the second argument is a schema (untyped: its type is the first's).
 * Tables and results kept in Immutable.js (`fromJS`), which Data Client's
 * normalizr reads, are read too: entities come back as instances, and an
 * Immutable `Map` or `List` of the result stays one, its members denormalized.
 */
export function denormalize<S>(
  schema: S,
  result: unknown,
  entities: EntityTables | { toJS(): unknown },
  args: readonly unknown[] = [],
): DenormalizeNullable<S> | typeof INVALID {
  if (!isSchemaLike(schema) && isSchemaLike(result)) [schema, result] = [result as S, schema];
  if (isImmutable(entities) || isImmutable(result)) return denormalizeImmutable(schema, result, entities, args) as DenormalizeNullable<S> | typeof INVALID;
  return denormalizeTables(schema, result, entities as EntityTables, args);
}

/** {@link denormalize} of plain tables, schema first (the store's reads). */
export function denormalizeTables<S>(schema: S, result: unknown, entities: EntityTables, args: readonly unknown[]): DenormalizeNullable<S> | typeof INVALID {
  // The walk is untyped; the schema's type says what it builds.
  type Built = DenormalizeNullable<S> | typeof INVALID;
  if (result === undefined || schema === undefined || schema === null) return result as Built;
  if (isEntityClass(schema) && (typeof result === 'string' || typeof result === 'number') && !schema.hasNestedSchema()) {
    // One entity without nested members: no visitor needed.
    const row = tableRow(entities, schema.key, String(result));
    if (row === undefined) return undefined as Built;
    return (row === null ? INVALID : schema.createIfValid(row as Record<string, unknown>)) as Built;
  }
  return unvisitRoot(new Denormalizer(lookupTables(entities), args), schema, result) as Built;
}

/**
 * Whether `a` and `b` are instances of one class with the same own members
 * (each `===`): a rebuilt entity equal to the one shown keeps its object, so
 * a confirmed answer equal to its optimistic guess changes no reference.
 */
function sameMembers(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!hasOwn(b, key) || (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** The deps of what read no row: one frozen array, which entries and results share. */
export const NO_DEPS: readonly unknown[] = /* @__PURE__ */ Object.freeze([]);
/**
 * An entity's deps as kept in its entry: shared when empty or when it read one
 * row (through `rowDeps`: 1,000 todos of one owner share one array), else an
 * exact-size copy (a pushed-to array keeps spare room: ~140 bytes an entity on
 * 10,000 rows). Only a leaf row read again (`sharedRow`, its instance already
 * known) is looked for or noted in `rowDeps`: most rows are read once (345 of
 * 709 projects read one build type each, none shared), and inserts into a
 * WeakMap are costly, mostly in the collector. So the first reader of a row
 * keeps its own array, the second notes its one, and every later one shares
 * it. `rowDeps` belongs to one memo: in the module it kept growing between
 * full collections, as its rows die with their stores.
 */
function compactDeps(deps: unknown[], rowDeps: WeakMap<object, readonly unknown[]>, sharedRow: object | undefined): readonly unknown[] {
  if (deps.length === 0) return NO_DEPS;
  // Three slots that end with a row are one `key, pk, row` triple (three entries would end with an entry).
  if (deps.length !== 3 || sharedRow === undefined || deps[2] !== sharedRow) return deps.slice();
  const shared = rowDeps.get(sharedRow);
  if (shared !== undefined && shared[0] === deps[0] && shared[1] === deps[1]) return shared;
  const own = Object.freeze(deps.slice());
  rowDeps.set(sharedRow, own);
  return own;
}
