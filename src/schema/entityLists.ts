import { ArraySchema } from './Array';
import { Collection } from './Collection';
import { type Entity, isEntityClass } from './Entity';

// A result that is a plain list of one entity class (`[Todo]`, `new schema.Array(Todo)`, or a
// Collection of them) is rebuilt item by item: its memo entry's `deps` hold one unit per item
// (the item's entry, or a leaf item's `key, pk, row` triple). When an update changes a few items,
// the memo copies the list and rebuilds only those (MemoCache), instead of looking up every item again.
// A stored Collection's list is an entry of its row (its own row is not in its deps), shared by
// every read of that row (Denormalizer.unvisitStoredList).

function itemEntity(schema: unknown): typeof Entity | undefined {
  if (Array.isArray(schema)) return schema.length === 1 && isEntityClass(schema[0]) ? schema[0] : undefined;
  // Exactly the library's own list denormalize: a subclass that overrides it may filter or sort.
  if (schema instanceof ArraySchema && schema.denormalize === ArraySchema.prototype.denormalize && schema.schemaAttribute === undefined) {
    const item: unknown = schema.schema;
    return isEntityClass(item) ? item : undefined;
  }
  return undefined;
}

/** Whether `schema` is a Collection with the library's own denormalize: its stored lists are shared (see above). */
export function isPlainCollection(schema: unknown): schema is Collection {
  return schema instanceof Collection && schema.denormalize === Collection.prototype.denormalize;
}

/** The item class of `schema` when it is a plain entity list, else `undefined`. */
export function listItemEntity(schema: unknown): typeof Entity | undefined {
  return isPlainCollection(schema) ? itemEntity(schema.schema) : itemEntity(schema);
}

/**
 * Whether `deps` hold exactly one unit per item of `value` (an entry, or a
 * row triple): no item was dropped (missing or invalid), so the n-th unit is
 * the n-th item's.
 */
export function unitsMatch(value: unknown, deps: readonly unknown[]): boolean {
  if (!Array.isArray(value)) return false;
  let units = 0;
  let i = 0;
  while (i < deps.length) {
    i += typeof deps[i] === 'string' ? 3 : 1;
    units++;
  }
  return i === deps.length && units === value.length;
}
