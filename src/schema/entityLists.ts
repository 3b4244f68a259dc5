import { ArraySchema } from './Array';
import { Collection } from './Collection';
import { type Entity, isEntityClass } from './Entity';

// A result that is a plain list of one entity class (`[Todo]`, `new schema.Array(Todo)`, or a
// Collection of them) is rebuilt item by item: its memo entry's `deps` hold one unit per item
// (the item's entry, or a leaf item's `key, pk, row` triple) after the rows the list itself read
// (a Collection's row). When an update changes a few items, the memo copies the list and rebuilds
// only those (MemoCache), instead of looking up every item again.

/** Where a list's items start in its entry's `deps`, and their entity class. */
export interface EntityList {
  readonly entity: typeof Entity;
  /** The index in `deps` of the first item's unit (after the list's own row triple, if any). */
  readonly start: number;
}

function itemEntity(schema: unknown): typeof Entity | undefined {
  if (Array.isArray(schema)) return schema.length === 1 && isEntityClass(schema[0]) ? schema[0] : undefined;
  // Exactly the library's own list denormalize: a subclass that overrides it may filter or sort.
  if (schema instanceof ArraySchema && schema.denormalize === ArraySchema.prototype.denormalize && schema.schemaAttribute === undefined) {
    const item: unknown = schema.schema;
    return isEntityClass(item) ? item : undefined;
  }
  return undefined;
}

/** The list shape of `schema` read at `result`, or `undefined` when it is not a plain entity list. */
export function entityListOf(schema: unknown, result: unknown): EntityList | undefined {
  if (schema instanceof Collection && schema.denormalize === Collection.prototype.denormalize) {
    const entity = itemEntity(schema.schema);
    // A stored collection is read by its pk: one row triple before the items.
    return entity === undefined ? undefined : { entity, start: typeof result === 'string' ? 3 : 0 };
  }
  const entity = itemEntity(schema);
  return entity === undefined ? undefined : { entity, start: 0 };
}

/**
 * Whether `deps` from `start` hold exactly one unit per item of `value` (an
 * entry, or a row triple): no item was dropped (missing or invalid), so the
 * n-th unit is the n-th item's.
 */
export function unitsMatch(value: unknown, deps: readonly unknown[], start: number): boolean {
  if (!Array.isArray(value)) return false;
  let units = 0;
  let i = 0;
  while (i < start) {
    if (typeof deps[i] !== 'string') return false;
    i += 3;
  }
  if (i !== start) return false;
  while (i < deps.length) {
    i += typeof deps[i] === 'string' ? 3 : 1;
    units++;
  }
  return i === deps.length && units === value.length;
}
