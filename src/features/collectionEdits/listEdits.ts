// What a Collection's `remove` and `move` do to the stored lists (the schemas are the core's, in
// src/schema/CollectionEdits.ts; it calls these once the feature is installed).
import type { CollectionEdit } from '../../schema/CollectionEdits';
import { editLists } from '../../schema/CollectionEdits';
import { isEntityClass, isUsablePk, type Entity } from '../../schema/Entity';
import { describeKind, getOwn, isPlainRecord, quote, setOwn } from '../../schema/own';
import { Polymorphic } from '../../schema/Polymorphic';
import type { NormalizeVisitor } from '../../schema/types';

/** A normalized list item: a pk, or `{ id, schema }` for a polymorphic item. */
type Ref = unknown;

function sameRef(a: Ref, b: Ref): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  const x = a as { id?: unknown; schema?: unknown };
  const y = b as { id?: unknown; schema?: unknown };
  return x.id === y.id && x.schema === y.schema;
}

/** A list row without `refs`; the row itself when nothing is removed. */
function without(row: unknown, refs: readonly Ref[]): unknown {
  if (Array.isArray(row)) {
    const kept = row.filter((item) => !refs.some((ref) => sameRef(item, ref)));
    return kept.length === row.length ? row : kept;
  }
  if (typeof row !== 'object' || row === null) return row;
  const kept: Record<string, unknown> = {};
  let removed = false;
  for (const [name, item] of Object.entries(row)) {
    if (refs.some((ref) => sameRef(item, ref))) removed = true;
    else setOwn(kept, name, item);
  }
  return removed ? kept : row;
}

/** A list row with `added` (a list item, or Values members) at the end; the row itself when all are there. */
function withAdded(row: unknown, added: unknown): unknown {
  if (Array.isArray(row)) {
    const fresh = (added as Ref[]).filter((ref) => !row.some((item) => sameRef(item, ref)));
    return fresh.length === 0 ? row : [...row, ...fresh];
  }
  if (typeof row !== 'object' || row === null) return row;
  return { ...(row as Record<string, unknown>), ...(added as Record<string, unknown>) };
}

/** A body's fields as a plain object (a `FormData` by field name). */
function fieldsOf(value: unknown): Record<string, unknown> {
  if (typeof FormData !== 'undefined' && value instanceof FormData) return Object.fromEntries(value.entries());
  return isPlainRecord(value) ? value : {};
}

/** The Entity class a list item is stored as: the item schema, or the one a polymorphic schema picks for it. */
function entityOf(schema: unknown, item: unknown, parent: unknown): typeof Entity | undefined {
  if (isEntityClass(schema)) return schema;
  if (!(schema instanceof Polymorphic)) return undefined;
  const attribute = schema.schemaAttribute;
  if (attribute === undefined) return entityOf(schema.schema, item, parent);
  const name =
    typeof attribute === 'function'
      ? attribute(item, parent, undefined)
      : typeof item === 'object' && item !== null
        ? getOwn(item as Record<string, unknown>, attribute)
        : undefined;
  if (name === undefined || name === null) return undefined;
  return entityOf(getOwn(schema.schema as Record<string, unknown>, String(name)), item, parent);
}

/** A Values edit takes an object of members (`{ a: item }`); anything else is the request's error. */
function checkValuesInput(edit: CollectionEdit<unknown>, input: unknown): void {
  if (!isPlainRecord(input)) {
    throw new TypeError(
      `[rest-slice] \`${edit.collection.key}.${edit.member}\` expected an object, got ${describeKind(input)}: ${quote(input)}`,
    );
  }
}

/**
 * `remove`: merges the response's entities (one, or an array) into their rows, then takes them out of every
 * stored list whose args match the request's args (as `push` chooses where to add).
 */
export function normalizeRemove(edit: CollectionEdit<unknown>, input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
  const single = edit.isArray && !Array.isArray(input);
  if (!edit.isArray) checkValuesInput(edit, input);
  const normalized = edit.collection.schema.normalize(single ? [input] : input, parent, key, visitor);
  const refs = Array.isArray(normalized) ? normalized : Object.values(normalized as Record<string, unknown>);
  const remove = (row: unknown) => without(row, refs);
  editLists(edit.collection, edit.target, visitor, (collectionArgs) => (edit.collection.matches(collectionArgs, visitor.args) ? remove : undefined));
  return single ? (normalized as unknown[])[0] : normalized;
}

/**
 * `move`: for each entity of the response, reads its stored row before merging the response into it, then
 * takes it out of the lists that matched its old values but not its new ones, and appends it to those that
 * match its new values but not its old ones.
 */
export function normalizeMove(edit: CollectionEdit<unknown>, input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
  const isArray = edit.isArray;
  const items = isArray && Array.isArray(input) ? input : [input];
  const args = visitor.args;
  const params = fieldsOf(args[0]);
  const body = fieldsOf(args[args.length - 1]);
  const output: unknown[] = [];
  let values: Record<string, unknown> | undefined;
  for (const item of items) {
    if (item === undefined || item === null) throw noItem(edit, item);
    // The old values: the stored row before this response is merged into it.
    const entity = entityOf(edit.collection.schema, item, input);
    const found = entity === undefined ? undefined : lookUp(entity, item, parent, key, args);
    const existing = found === undefined ? undefined : visitor.getEntity(entity!.key, found.pk);
    const oldRow = isPlainRecord(existing) ? existing : undefined;
    let added: unknown;
    if (isArray) {
      added = edit.collection.schema.normalize([item], parent, key, visitor);
      output.push((added as unknown[])[0]);
    } else {
      if (found === undefined) {
        // No usable pk to key the member by: the entity's own error says what is wrong.
        if (entity !== undefined) visitor.visit(entity, item, parent, key);
        throw noItem(edit, item);
      }
      added = edit.collection.schema.normalize({ [found.pk]: item }, parent, key, visitor);
      values = { ...values, ...(added as Record<string, unknown>) };
    }
    const newFields = { ...body, ...(found?.fields ?? {}) };
    const before = oldRow === undefined ? undefined : edit.collection.createCollectionFilter({ ...params, ...oldRow }, oldRow);
    const after = edit.collection.createCollectionFilter({ ...params, ...oldRow, ...newFields }, newFields);
    const refs = Array.isArray(added) ? added : Object.values(added as Record<string, unknown>);
    const remove = (row: unknown) => without(row, refs);
    const add = (row: unknown) => withAdded(row, added);
    editLists(edit.collection, edit.target, visitor, (collectionArgs) => {
      const wasIn = before?.(collectionArgs) ?? false;
      if (wasIn === after(collectionArgs)) return undefined;
      return wasIn ? remove : add;
    });
  }
  if (!isArray) return values;
  return Array.isArray(input) ? output : output[0];
}

/** The processed fields and pk of one item, or `undefined` without a usable pk. */
function lookUp(
  entity: typeof Entity,
  item: unknown,
  parent: unknown,
  key: string | undefined,
  args: readonly unknown[],
): { pk: string; fields: Record<string, unknown> } | undefined {
  // A string or number is a reference to a stored entity.
  if (typeof item === 'string' || typeof item === 'number') return { pk: String(item), fields: {} };
  if (typeof item !== 'object' || item === null) return undefined;
  const fields = entity.process(item, parent, key, args);
  const id = entity.pk(fields, parent, key, args);
  return isUsablePk(id) ? { pk: String(id), fields } : undefined;
}

function noItem(edit: CollectionEdit<unknown>, item: unknown): TypeError {
  return new TypeError(
    `[rest-slice] \`${edit.collection.key}.move\` expected an entity with a usable primary key, got ${describeKind(item)}: ${quote(item)}`,
  );
}
