/**
 * The list edits of a Collection as schemas: `remove` takes a response's
 * entities out of the stored lists that match the request, `move` moves them
 * between lists by their old and new values. What each does to the lists is
 * the collectionEdits feature's (src/features/collectionEdits/): the core
 * keeps the schemas, so `collection.remove` and `getList.remove` exist in
 * every app, and an app that never edits lists does not ship the edits.
 */
import { ArraySchema } from './Array';
import { parseCollectionPk, type Collection, type CollectionArgs } from './Collection';
import type { Denormalize, DenormalizeVisitor, EntityLikeSchema, NormalizeVisitor, SchemaClass, SchemaType } from './types';

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

type EditedItem<S> = S extends readonly (infer I)[]
  ? Denormalize<I>
  : S extends ArraySchema<infer I>
    ? Denormalize<I>
    : Denormalize<S>;

/** A Collection's list edit: `remove` or `move` (a public schema's `member`). */
export type ListEdit = CollectionEdit<unknown>['member'];

/** How one kind of list edit normalizes a response (the collectionEdits feature provides them). */
export type ListEditor = (edit: CollectionEdit<unknown>, input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor) => unknown;

// Filled by `collectionEdits()`: normalize is the same function for every cache, so the edits are installed for
// the process, and each cache's development check still asks for the feature in its own list.
const editors: Partial<Record<ListEdit, ListEditor>> = {};

/** Installs what `remove` and `move` do (called by the collectionEdits feature). */
export function installListEditors(found: Record<ListEdit, ListEditor>): void {
  Object.assign(editors, found);
}

/** The schema of a Collection's `remove` or `move`: normalized by the editor installed for it. */
export class CollectionEdit<S> implements SchemaClass {
  /** The table the edited list rows are written through: its writes always win over what is stored. */
  readonly target: EntityLikeSchema;

  constructor(
    /** The collection this edits. */
    readonly collection: Collection<S>,
    /** Which edit: `remove` or `move`. */
    readonly member: 'remove' | 'move',
  ) {
    this.target = editTarget(collection.key);
  }

  /** The collection rows' table: `collection.key`. */
  get key(): string {
    return this.collection.key;
  }

  /** True for a Collection of an array (not of Values). */
  get isArray(): boolean {
    return this.collection.schema instanceof ArraySchema;
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const editor = editors[this.member];
    if (editor === undefined) {
      throw new Error(
        `[rest-slice] the Collection \`${this.collection.key}\` was asked to \`${this.member}\`, which needs the collectionEdits feature: install it with \`createRestCache({ features: [collectionEdits()] })\` (or call \`collectionEdits()\` once before normalizing with it).`,
      );
    }
    return editor(this, input, parent, key, visitor);
  }

  /** The edited item (or the items, for an array input), as the adders read it. */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    const inner = this.collection.schema;
    if (!this.isArray || Array.isArray(input)) return inner.denormalize(input, visitor);
    return (inner.denormalize([input], visitor) as unknown[])[0];
  }
}

/**
 * The schema of `Collection.remove`: merges the response's entities (one, or
 * an array) into their rows, then takes them out of every stored list whose
 * args match the request's args (as `push` chooses where to add). The
 * entities stay readable; nothing is invalidated. Needs the collectionEdits feature.
 */
export class CollectionRemover<S = unknown> extends CollectionEdit<S> implements SchemaType<EditedItem<S>> {
  declare readonly __denormalized?: EditedItem<S>;

  constructor(collection: Collection<S>) {
    super(collection, 'remove');
  }
}

/**
 * The schema of `Collection.move`: for each entity of the response (one, or
 * an array), reads its stored row before merging the response into it, then
 * takes it out of the stored lists that match its old values (and the
 * request's params) but not its new ones, and appends it to the lists that
 * match its new values (the body's and the response's fields over the old)
 * but not its old ones. Lists matching both, such as the unfiltered list, keep
 * it where it is. Nothing is invalidated. Needs the collectionEdits feature.
 */
export class CollectionMover<S = unknown> extends CollectionEdit<S> implements SchemaType<EditedItem<S>> {
  declare readonly __denormalized?: EditedItem<S>;

  constructor(collection: Collection<S>) {
    super(collection, 'move');
  }
}
