/**
 * List edits of a Collection: `remove` takes a response's entities out of the
 * stored lists that match the request, and `move` takes them out of the lists
 * that matched their old values and adds them to the lists that match their
 * new ones. Both also merge the response into the entities themselves, which
 * stay readable (neither invalidates anything).
 */
import { ArraySchema } from './Array';
import { parseCollectionPk, type Collection, type CollectionArgs } from './Collection';
import { isEntityClass, isUsablePk, type Entity } from './Entity';
import { describeKind, getOwn, isPlainRecord, quote, setOwn } from './own';
import { Polymorphic } from './Polymorphic';
import type { Denormalize, DenormalizeVisitor, EntityLikeSchema, NormalizeVisitor, SchemaClass, SchemaType } from './types';

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

/**
 * The table an adder or an edit writes a collection's rows through: its writes always win, as an edit
 * applies to what is stored (an adder extends it), whenever that list was fetched.
 */
export function editTarget(key: string): EntityLikeSchema {
  return { key, merge: (existing: unknown, incoming: unknown) => incoming, useIncoming: () => true };
}

/**
 * Edits each stored list of `collection` that `editFor` (given the list's args) returns an edit for,
 * writing the edited row through `target` when the edit changed it. Missing and invalidated lists stay as they are.
 */
export function editLists(
  collection: Collection<any>,
  target: EntityLikeSchema,
  visitor: NormalizeVisitor,
  editFor: (collectionArgs: CollectionArgs) => ((row: unknown) => unknown) | undefined,
): void {
  const collectionKey = collection.key;
  for (const pk of visitor.getPks(collectionKey)) {
    const edit = editFor(parseCollectionPk(pk));
    if (edit === undefined) continue;
    const row = visitor.getEntity(collectionKey, pk);
    if (row === null || row === undefined) continue;
    const edited = edit(row);
    if (edited !== row) visitor.addEntity(target, edited as Record<string, unknown>, pk);
  }
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

type EditedItem<S> = S extends readonly (infer I)[]
  ? Denormalize<I>
  : S extends ArraySchema<infer I>
    ? Denormalize<I>
    : Denormalize<S>;

abstract class CollectionEdit<S> implements SchemaClass {
  protected readonly target: EntityLikeSchema;

  constructor(
    /** The collection this edits. */
    readonly collection: Collection<S>,
  ) {
    this.target = editTarget(collection.key);
  }

  /** The collection rows' table: `collection.key`. */
  get key(): string {
    return this.collection.key;
  }

  abstract normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown;

  /** The edited item (or the items, for an array input), as the adders read it. */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    const inner = this.collection.schema;
    if (!(inner instanceof ArraySchema) || Array.isArray(input)) return inner.denormalize(input, visitor);
    return (inner.denormalize([input], visitor) as unknown[])[0];
  }

  protected get isArray(): boolean {
    return this.collection.schema instanceof ArraySchema;
  }

  /** A Values edit takes an object of members (`{ a: item }`); anything else is the request's error. */
  protected checkValuesInput(input: unknown, member: string): void {
    if (!isPlainRecord(input)) {
      throw new TypeError(
        `[rest-slice] \`${this.collection.key}.${member}\` expected an object, got ${describeKind(input)}: ${quote(input)}`,
      );
    }
  }
}

/**
 * The schema of `Collection.remove`: merges the response's entities (one, or
 * an array) into their rows, then takes them out of every stored list whose
 * args match the request's args (as `push` chooses where to add). The
 * entities stay readable; nothing is invalidated.
 */
export class CollectionRemover<S = unknown> extends CollectionEdit<S> implements SchemaType<EditedItem<S>> {
  declare readonly __denormalized?: EditedItem<S>;

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const single = this.isArray && !Array.isArray(input);
    if (!this.isArray) this.checkValuesInput(input, 'remove');
    const normalized = this.collection.schema.normalize(single ? [input] : input, parent, key, visitor);
    const refs = Array.isArray(normalized) ? normalized : Object.values(normalized as Record<string, unknown>);
    const remove = (row: unknown) => without(row, refs);
    editLists(this.collection, this.target, visitor, (collectionArgs) => (this.collection.matches(collectionArgs, visitor.args) ? remove : undefined));
    return single ? (normalized as unknown[])[0] : normalized;
  }
}

/**
 * The schema of `Collection.move`: for each entity of the response (one, or
 * an array), reads its stored row before merging the response into it, then
 * takes it out of the stored lists that match its old values (and the
 * request's params) but not its new ones, and appends it to the lists that
 * match its new values (the body's and the response's fields over the old)
 * but not its old ones. Lists matching both, such as the unfiltered list, keep
 * it where it is. Nothing is invalidated.
 */
export class CollectionMover<S = unknown> extends CollectionEdit<S> implements SchemaType<EditedItem<S>> {
  declare readonly __denormalized?: EditedItem<S>;

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const isArray = this.isArray;
    const items = isArray && Array.isArray(input) ? input : [input];
    const args = visitor.args;
    const params = fieldsOf(args[0]);
    const body = fieldsOf(args[args.length - 1]);
    const output: unknown[] = [];
    let values: Record<string, unknown> | undefined;
    for (const item of items) {
      if (item === undefined || item === null) throw this.noItem(item);
      // The old values: the stored row before this response is merged into it.
      const entity = entityOf(this.collection.schema, item, input);
      const found = entity === undefined ? undefined : this.lookUp(entity, item, parent, key, args);
      const existing = found === undefined ? undefined : visitor.getEntity(entity!.key, found.pk);
      const oldRow = isPlainRecord(existing) ? existing : undefined;
      let added: unknown;
      if (isArray) {
        added = this.collection.schema.normalize([item], parent, key, visitor);
        output.push((added as unknown[])[0]);
      } else {
        if (found === undefined) {
          // No usable pk to key the member by: the entity's own error says what is wrong.
          if (entity !== undefined) visitor.visit(entity, item, parent, key);
          throw this.noItem(item);
        }
        added = this.collection.schema.normalize({ [found.pk]: item }, parent, key, visitor);
        values = { ...values, ...(added as Record<string, unknown>) };
      }
      const newFields = { ...body, ...(found?.fields ?? {}) };
      const before = oldRow === undefined ? undefined : this.collection.createCollectionFilter({ ...params, ...oldRow }, oldRow);
      const after = this.collection.createCollectionFilter({ ...params, ...oldRow, ...newFields }, newFields);
      const refs = Array.isArray(added) ? added : Object.values(added as Record<string, unknown>);
      const remove = (row: unknown) => without(row, refs);
      const add = (row: unknown) => withAdded(row, added);
      editLists(this.collection, this.target, visitor, (collectionArgs) => {
        const wasIn = before?.(collectionArgs) ?? false;
        if (wasIn === after(collectionArgs)) return undefined;
        return wasIn ? remove : add;
      });
    }
    if (!isArray) return values;
    return Array.isArray(input) ? output : output[0];
  }

  /** The processed fields and pk of one item, or `undefined` without a usable pk. */
  private lookUp(
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

  private noItem(item: unknown): TypeError {
    return new TypeError(
      `[rest-slice] \`${this.collection.key}.move\` expected an entity with a usable primary key, got ${describeKind(item)}: ${quote(item)}`,
    );
  }
}
