/**
 * Derives the schemas of `push` / `unshift` / `assign` / `getPage` from an
 * endpoint's schema: a `Collection`, or an object literal with one Collection
 * member (`{ results: new Collection([Todo]), next: '' }`).
 */
import { Collection, type CollectionAdder, type CollectionArgs, type AddMode } from '../schema/Collection';
import { describeSchema } from '../schema/describeSchema';

/** The adder schema for a schema holding a Collection (member by member for object literals). */
export type AdderSchema<S> = S extends Collection<infer I>
  ? CollectionAdder<I>
  : S extends object
    ? { [K in keyof S]: S[K] extends Collection<infer I> ? CollectionAdder<I> : S[K] }
    : never;

type Make = (collection: Collection<unknown>) => CollectionAdder<unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Replaces the Collection in `schema` with `make(collection)`.
 * @throws when `schema` holds no Collection.
 */
export function mapCollection(schema: unknown, make: Make, api: string): unknown {
  if (schema instanceof Collection) return make(schema);
  if (isPlainObject(schema)) {
    let found = false;
    const mapped: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(schema)) {
      if (member instanceof Collection) {
        found = true;
        mapped[key] = make(member);
      } else {
        mapped[key] = member;
      }
    }
    if (found) return mapped;
  }
  throw new TypeError(
    `[rest-slice] \`${api}\` needs an endpoint whose schema is a \`schema.Collection\` (or an object with one), got ${describeSchema(schema)}`,
  );
}

/** The adder schema for `mode` (`push`, `unshift` or `assign`) of the Collection in `schema`. */
export function adderSchema(schema: unknown, mode: AddMode, api: string): unknown {
  return mapCollection(schema, (collection) => collection[mode], api);
}

function stringifyArgs(params: unknown, omit: string): CollectionArgs {
  const out: CollectionArgs = {};
  if (typeof params !== 'object' || params === null) return out;
  for (const [name, value] of Object.entries(params)) {
    if (name === omit || value === undefined || value === null || typeof value === 'object') continue;
    out[name] = String(value);
  }
  return out;
}

/**
 * The `getPage` schema: appends the page to the collection stored for the same
 * params minus `paginationField` (exactly those params, no more, no fewer).
 */
export function pageSchema(schema: unknown, paginationField: string): unknown {
  const match = (collectionArgs: CollectionArgs, args: readonly unknown[]): boolean => {
    const wanted = stringifyArgs(args[0], paginationField);
    const names = Object.keys(wanted);
    return (
      names.length === Object.keys(collectionArgs).length &&
      names.every((name) => collectionArgs[name] === wanted[name])
    );
  };
  return mapCollection(schema, (collection) => collection.addWith('push', match), 'getPage');
}
