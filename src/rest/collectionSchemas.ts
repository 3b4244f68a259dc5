/**
 * Derives the schemas of `push` / `unshift` / `assign` / `getPage` /
 * `paginated` from an endpoint's schema: a `Collection`, or an object literal
 * holding one at any depth (`{ nextPage: '', data: { results: new Collection([Todo]) } }`).
 */
import { Collection, type CollectionAdder, type AddMode } from '../schema/Collection';
import type { CollectionMover, CollectionRemover } from '../schema/CollectionEdits';
import { describeSchema } from '../schema/describeSchema';
import type { ObjectSchema } from '../schema/Object';
import { objectSchemaMembers } from '../schema/objectMembers';
import { isPlainObject, setOwn } from '../schema/own';
import type { DenormalizeVisitor, EntityLikeSchema, NormalizeVisitor, SchemaClass } from '../schema/types';
import type { MergeGenerics, RestGenerics, SchemaOf } from './types';

type Depth = [never, 0, 1, 2, 3, 4, 5];

/** The Collection a schema holds (itself, or the first one inside nested object literals). */
export type ExtractCollection<S, D extends number = 5> = [D] extends [never]
  ? never
  : S extends Collection<any>
    ? S
    : S extends ObjectSchema<infer T>
      ? ExtractCollection<T, Depth[D]>
      : S extends Record<string, unknown>
        ? { [K in keyof S]: ExtractCollection<S[K], Depth[D]> }[keyof S]
        : never;

/** The adder schema of `push` / `unshift` / `assign`: the held Collection's adder (the response is the new item). */
export type AdderSchema<S> = ExtractCollection<S> extends Collection<infer I> ? CollectionAdder<I> : never;

/** The schema of `remove`: the held Collection's {@link CollectionRemover}. */
export type RemoveSchema<S> = ExtractCollection<S> extends Collection<infer I> ? CollectionRemover<I> : never;

/** The schema of `move`: the held Collection's {@link CollectionMover}. */
export type MoveSchema<S> = ExtractCollection<S> extends Collection<infer I> ? CollectionMover<I> : never;

/** A PATCH body: part of each object body type; `FormData` as is. */
type PartialBody<B> = B extends FormData ? B : Partial<B>;

/** The generics of `remove`: a PATCH with the list's path and params, the schema {@link RemoveSchema}, part of the body. */
export type RemoveGenerics<O extends RestGenerics> = MergeGenerics<
  O,
  O extends { readonly body: infer B }
    ? { method: 'PATCH'; schema: RemoveSchema<SchemaOf<O>>; body: unknown extends B ? B : PartialBody<B> }
    : { method: 'PATCH'; schema: RemoveSchema<SchemaOf<O>> }
>;

/**
 * The generics of `move`: a PATCH of the item (the `movePath` generic, which
 * a resource's `getList` sets to the item path; else the list's own path and
 * params), the schema {@link MoveSchema}, part of the body.
 */
export type MoveGenerics<O extends RestGenerics> = O extends { readonly movePath: infer MP extends string }
  ? MergeGenerics<RemoveGenerics<O>, { path: MP; schema: MoveSchema<SchemaOf<O>>; searchParams: undefined }>
  : MergeGenerics<RemoveGenerics<O>, { schema: MoveSchema<SchemaOf<O>> }>;

/** `S` with its Collection replaced by `R` (the `getPage` schema keeps the response's shape). */
export type MapCollection<S, R, D extends number = 5> = [D] extends [never]
  ? S
  : S extends Collection<any>
    ? R
    : S extends ObjectSchema<infer T>
      ? MapCollection<T, R, D>
      : S extends Record<string, unknown>
        ? { [K in keyof S]: MapCollection<S[K], R, Depth[D]> }
        : S;

/** Removes the pagination cursor from a call's arguments: `(...args) => remainingArgs`. */
export type RemoveCursor = (...args: any[]) => readonly unknown[];

function noCollection(schema: unknown, api: string): TypeError {
  return new TypeError(
    `[rest-slice] \`${api}\` needs an endpoint whose schema is a \`schema.Collection\` or holds one in an object, got ${describeSchema(schema)}`,
  );
}

/** The Collection `schema` holds (the first, depth first); throws naming `api` when it holds none. */
function heldCollection(schema: unknown, api: string): Collection<unknown> {
  let found: Collection<unknown> | undefined;
  mapCollections(schema, (collection) => (found ??= collection));
  if (found === undefined) throw noCollection(schema, api);
  return found;
}

/** `schema` with each Collection it holds (itself, or inside nested object literals) replaced by `replace`'s answer. */
function mapCollections(schema: unknown, replace: (collection: Collection<unknown>) => unknown): unknown {
  if (schema instanceof Collection) return replace(schema);
  const members = objectSchemaMembers(schema);
  if (members === undefined) return schema;
  const mapped: Record<string, unknown> = {};
  // `setOwn`: a member named `__proto__` stays a member.
  for (const [key, member] of Object.entries(members)) setOwn(mapped, key, mapCollections(member, replace));
  return mapped;
}

/**
 * The schema of a list member: the `push`, `unshift`, `assign` (adders),
 * `remove` or `move` schema of the Collection `schema` holds.
 * @throws naming `api` when `schema` holds no Collection.
 */
export function listMemberSchema(
  schema: unknown,
  member: AddMode | 'remove' | 'move',
  api: string,
): CollectionAdder<unknown> | CollectionRemover<unknown> | CollectionMover<unknown> {
  return heldCollection(schema, api)[member];
}

function appendNew(existing: unknown, incoming: unknown): unknown {
  if (Array.isArray(existing) && Array.isArray(incoming)) {
    const seen = new Set(existing);
    return [...existing, ...incoming.filter((item) => !seen.has(item))];
  }
  if (isPlainObject(existing) && isPlainObject(incoming)) return { ...existing, ...incoming };
  return incoming;
}

/**
 * A page of a Collection: stored under the collection of the arguments
 * without the cursor, appended to what that collection holds (items already
 * there keep their place).
 */
export class PageSchema implements SchemaClass {
  // Declared, not defined as fields: the constructor sets each, so a bundle needs no field list beside it.
  declare readonly collection: Collection<unknown>;
  private declare readonly removeCursor: RemoveCursor;
  private declare readonly target: EntityLikeSchema;

  constructor(collection: Collection<unknown>, removeCursor: RemoveCursor) {
    this.collection = collection;
    this.removeCursor = removeCursor;
    // A page always extends the stored list, whenever that list was fetched.
    this.target = { key: collection.key, merge: appendNew, useIncoming: () => true };
  }

  get key(): string {
    return this.collection.key;
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const pk = this.collection.pk(parent, key, this.removeCursor(...visitor.args));
    const items = this.collection.schema.normalize(input, parent, key, visitor);
    visitor.addEntity(this.target, items as Record<string, unknown>, pk);
    return pk;
  }

  denormalize(pk: unknown, visitor: DenormalizeVisitor): unknown {
    return this.collection.denormalize(pk, visitor);
  }
}

/**
 * The `paginated` schema: `schema` with its Collection replaced by a {@link PageSchema}.
 * @throws when `schema` holds no Collection.
 */
export function paginatedSchema(schema: unknown, removeCursor: RemoveCursor, api: string): unknown {
  const page = new PageSchema(heldCollection(schema, api), removeCursor);
  return mapCollections(schema, () => page);
}

/** The `removeCursor` of `paginated('field')`: the params without `field`, other arguments dropped. */
export function removeField(field: string): RemoveCursor {
  return (params?: unknown) => {
    const rest: Record<string, unknown> = { ...(isPlainObject(params) ? params : {}) };
    delete rest[field];
    return [rest];
  };
}
