/**
 * Schemas of infinite-list requests (`controller.fetchNextPage` /
 * `fetchPreviousPage`, and the refetch of a paginated list): a page merged
 * into the Collection stored for the list's params, or the loaded pages
 * rebuilt into it at once, with no item listed twice.
 */
import { Collection } from '../../schema/Collection';
import { describeSchema } from '../../schema/describeSchema';
import { ObjectSchema } from '../../schema/Object';
import { getOwn, isPlainObject, setOwn } from '../../schema/own';
import type { DenormalizeVisitor, EntityLikeSchema, NormalizeVisitor, SchemaClass } from '../../schema/types';

/**
 * How a page lands in the stored list: `append` (a next page), `prepend` (a
 * previous page), or `replace` (the pages of a refetch, concatenated).
 */
export type PageMode = 'append' | 'prepend' | 'replace';

function membersOf(schema: unknown): Record<string, unknown> | undefined {
  const members = schema instanceof ObjectSchema ? schema.schema : schema;
  return isPlainObject(members) ? members : undefined;
}

/** The Collection a schema holds (itself, or the first inside object members), with the member path to it. */
export function collectionPath(schema: unknown, path: readonly string[] = []): { collection: Collection<unknown>; path: string[] } | undefined {
  if (schema instanceof Collection) return { collection: schema, path: [...path] };
  const members = membersOf(schema);
  if (members === undefined) return undefined;
  for (const [key, member] of Object.entries(members)) {
    const found = collectionPath(member, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The raw items of a response at `path` (the Collection's place), or `undefined` when the response has none there. */
export function itemsAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = getOwn(current as Record<string, unknown>, key);
  }
  return current;
}

/** `value` with the items at `path` replaced (copies along the path; `value` is untouched). */
export function withItemsAt(value: unknown, path: readonly string[], items: unknown): unknown {
  if (path.length === 0) return items;
  const copy: Record<string, unknown> = {};
  const source = isPlainObject(value) ? value : {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  setOwn(copy, path[0], withItemsAt(getOwn(source, path[0]), path.slice(1), items));
  return copy;
}

function uniqueItems(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = typeof item === 'string' ? item : JSON.stringify(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A stored list item as pages compare it: an entity's pk, or a polymorphic item's `{ id, schema }` as JSON. */
export function itemId(item: unknown): string {
  return typeof item === 'string' ? item : JSON.stringify(item);
}

function mergePage(mode: 'append' | 'prepend', drop: ReadonlySet<string>) {
  return (existing: unknown, incoming: unknown): unknown => {
    if (Array.isArray(existing) && Array.isArray(incoming)) {
      const kept = existing.filter((item) => !drop.has(itemId(item)));
      const seen = new Set(kept.map(itemId));
      const added = incoming.filter((item) => !seen.has(itemId(item)) && !drop.has(itemId(item)));
      return mode === 'append' ? [...kept, ...added] : [...added, ...kept];
    }
    if (isPlainObject(existing) && isPlainObject(incoming)) {
      const kept: Record<string, unknown> = {};
      for (const key of Object.keys(existing)) if (!drop.has(key)) setOwn(kept, key, existing[key]);
      return mode === 'append' ? { ...kept, ...incoming } : { ...incoming, ...kept };
    }
    return incoming;
  };
}

function dropOf(value: unknown): ReadonlySet<string> {
  const drop = isPlainObject(value) && Array.isArray(value.drop) ? value.drop : [];
  return new Set(drop.map(String));
}

/**
 * The list's Collection in a page request. For `append`/`prepend` the
 * request's args are `[listParams, pageParams, { drop }?]`: the page is
 * stored in the collection of `listParams`, after (or before) what it holds.
 * For `replace` the args are the list's own: the concatenated pages replace
 * the collection, duplicates listed once.
 */
export class PagesCollection implements SchemaClass {
  constructor(
    readonly collection: Collection<unknown>,
    readonly mode: PageMode,
  ) {}

  get key(): string {
    return this.collection.key;
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    // A page's args are `[listParams, pageParams, ...]`; `null` list params stand for a list fetched without args.
    const listArgs = this.mode === 'replace' ? visitor.args : visitor.args[0] === null ? [] : visitor.args.slice(0, 1);
    const pk = this.collection.pk(parent, key, listArgs);
    const items = uniqueItems(this.collection.schema.normalize(input, parent, key, visitor));
    if (this.mode === 'replace') {
      visitor.addEntity(this.collection, items as Record<string, unknown>, pk);
      return pk;
    }
    // A page always extends the stored list, whenever that list was fetched.
    const target: EntityLikeSchema = { key: this.collection.key, merge: mergePage(this.mode, dropOf(visitor.args[2])), useIncoming: () => true };
    visitor.addEntity(target, items as Record<string, unknown>, pk);
    return pk;
  }

  denormalize(pk: unknown, visitor: DenormalizeVisitor): unknown {
    return this.collection.denormalize(pk, visitor);
  }
}

function replaceCollection(schema: unknown, replacement: unknown): unknown {
  if (schema instanceof Collection) return replacement;
  const members = membersOf(schema);
  if (members === undefined) return schema;
  const mapped: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(members)) setOwn(mapped, key, replaceCollection(member, replacement));
  return mapped;
}

/**
 * `schema` with its Collection replaced by a {@link PagesCollection} of `mode`.
 * @throws naming `api` when `schema` holds no Collection.
 */
export function pagesSchema(schema: unknown, mode: PageMode, api: string): unknown {
  const found = collectionPath(schema);
  if (found === undefined) {
    throw new TypeError(
      `[rest-slice] \`${api}\` needs an endpoint whose schema is a \`schema.Collection\` or holds one in an object, got ${describeSchema(schema)}`,
    );
  }
  return replaceCollection(schema, new PagesCollection(found.collection, mode));
}
