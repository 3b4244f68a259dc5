import { ArraySchema } from './Array';
import { CollectionMover, CollectionRemover, editLists, editTarget } from './CollectionEdits';
import { describeSchema } from './describeSchema';
import { INVALID } from './INVALID';
import { describeKind, getOwn, isPlainRecord, quote, setOwn } from './own';
import { isUnion, Polymorphic } from './Polymorphic';
import type { InferredEntity, QueryReader } from './infer';
import type { Values } from './Values';
import type {
  Denormalize,
  DenormalizeVisitor,
  EntityLikeSchema,
  EntityMeta,
  NormalizeVisitor,
  SchemaClass,
  SchemaType,
} from './types';

/** The arguments a collection is keyed by, as strings: `{ userId: '1' }`, an array's items joined with `,` (`{ tags: 'a,b' }`). */
export type CollectionArgs = Record<string, string>;

/** Options of {@link Collection}. */
export interface CollectionOptions {
  /** Table name for the collection rows. Default: `[Item]` for arrays, `{Item}` for Values. */
  key?: string;
  /**
   * Which arguments key a collection; a member that is `null`, `undefined`, an empty array or an
   * object other than an array is left out. Default: the members of the first argument (params).
   */
  argsKey?: (...args: readonly any[]) => Record<string, unknown>;
  /** Keys a collection nested in an entity by its parent, e.g. `(parent) => ({ userId: parent.id })`. */
  nestKey?: (parent: any, key: string) => Record<string, unknown>;
  /**
   * Decides whether a stored collection receives items pushed with `args`.
   * Default: every argument the collection is keyed by, except the
   * `nonFilterArgumentKeys`, equals a member of the params or the body.
   */
  createCollectionFilter?: (...args: readonly any[]) => (collectionArgs: CollectionArgs) => boolean;
  /**
   * Arguments that do not filter a list (sorting, paging): a push reaches a
   * list whatever its value. A RegExp, a list of names or a predicate.
   * Default: names starting with `order`.
   */
  nonFilterArgumentKeys?: RegExp | readonly string[] | ((key: string) => boolean);
}

/** How an adder combines new items with a stored collection. */
export type AddMode = 'push' | 'unshift' | 'assign';

/**
 * An argument as a collection keys and filters by it: a primitive as `String(value)`, an array as its
 * present items joined with `,` (Data Client's form: `['b', 'c']` is `'b,c'`; an empty one is absent).
 * `undefined` for an absent argument and for any other object, which never keys or filters a list.
 */
function argumentString(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined && item !== null);
    return items.length > 0 ? items.join(',') : undefined;
  }
  return value === undefined || value === null || typeof value === 'object' ? undefined : String(value);
}

function stringifyArgs(source: Record<string, unknown> | undefined): CollectionArgs {
  const out: CollectionArgs = {};
  if (source === undefined || source === null || typeof source !== 'object') return out;
  for (const name of Object.keys(source).sort()) {
    const text = argumentString(source[name]);
    if (text !== undefined) setOwn(out, name, text);
  }
  return out;
}

/** One member of a params or body argument; a `FormData` body is read by field name. */
function argumentValue(arg: unknown, name: string): unknown {
  if (typeof arg !== 'object' || arg === null) return undefined;
  if (typeof FormData !== 'undefined' && arg instanceof FormData) return arg.get(name) ?? undefined;
  return getOwn(arg as Record<string, unknown>, name);
}

/** `nonFilterArgumentKeys` as a predicate. */
function toKeyPredicate(option: NonNullable<CollectionOptions['nonFilterArgumentKeys']>): (key: string) => boolean {
  if (typeof option === 'function') return option;
  if (option instanceof RegExp) return (key) => option.test(key);
  return (key) => option.includes(key);
}

const parsedPks = new Map<string, CollectionArgs>();

/** Reads the args back out of a collection pk. */
export function parseCollectionPk(pk: string): CollectionArgs {
  let parsed = parsedPks.get(pk);
  if (parsed === undefined) {
    try {
      parsed = JSON.parse(pk) as CollectionArgs;
    } catch {
      parsed = {};
    }
    if (parsedPks.size > 10_000) parsedPks.clear();
    parsedPks.set(pk, parsed);
  }
  return parsed;
}

/**
 * A mutable list (or Values map) of entities, stored once per set of request
 * args. `push`, `unshift` and `assign` are schemas that add a response's items
 * to every stored collection whose args match the request's.
 */
class CollectionSchema<S = unknown> implements SchemaClass, EntityLikeSchema, SchemaType<Denormalize<S>> {
  declare readonly __denormalized?: Denormalize<S>;
  /** The inner schema: `schema.Array` or `schema.Values`. */
  readonly schema: ArraySchema<unknown> | Values<unknown>;
  /** The table the collection rows are stored in (the `key` option, else `[Item]` / `{Item}`). */
  readonly key: string;
  private readonly options: CollectionOptions;
  private adders: Partial<Record<AddMode, CollectionAdder<S>>> = {};
  private remover: CollectionRemover<S> | undefined;
  private mover: CollectionMover<S> | undefined;

  constructor(schema: S, options: CollectionOptions = {}) {
    if (Array.isArray(schema)) {
      if (schema.length !== 1) {
        throw new TypeError('[rest-slice] `schema.Collection([Item])` takes an array with exactly one schema');
      }
      this.schema = new ArraySchema(schema[0]);
    } else if (schema instanceof Polymorphic && !isUnion(schema)) {
      // `schema.Array` (and `schema.All`) or `schema.Values`, told apart by kind so an app without Values does not bundle it.
      this.schema = schema as unknown as ArraySchema<unknown> | Values<unknown>;
    } else {
      throw new TypeError(
        `[rest-slice] \`schema.Collection\` wraps \`[Item]\`, \`schema.Array\` or \`schema.Values\`, got ${describeSchema(schema)}`,
      );
    }
    if (process.env.NODE_ENV !== 'production') {
      for (const option of ['argsKey', 'nestKey', 'createCollectionFilter'] as const) {
        if (options[option] !== undefined && typeof options[option] !== 'function') {
          throw new TypeError(`[rest-slice] \`schema.Collection\` option \`${option}\` must be a function, got ${quote(options[option])}`);
        }
      }
    }
    this.options = options;
    // Options take the place of the methods; a subclass overrides the methods themselves.
    if (options.nonFilterArgumentKeys !== undefined) {
      this.nonFilterArgumentKeys = toKeyPredicate(options.nonFilterArgumentKeys);
    } else if (options.createCollectionFilter !== undefined) {
      this.createCollectionFilter = options.createCollectionFilter.bind(this);
    }
    const item = describeSchema(this.schema.schema);
    this.key = options.key ?? (this.schema.kindName === 'schema.Values' ? `{${item}}` : `[${item}]`);
  }

  /**
   * The pk of the collection stored for these args. Data Client's form, `pk(value, parent, key, args)`, is
   * read too: four arguments.
   */
  pk(parent: unknown, key: string | undefined, args: readonly unknown[]): string;
  pk(value: unknown, parent: unknown, key: string | undefined, args: readonly unknown[]): string;
  pk(parent: unknown, key: unknown, args: unknown, dataClientArgs?: readonly unknown[]): string {
    if (dataClientArgs !== undefined) return this.pk(key, args as string | undefined, dataClientArgs);
    const list = args as readonly unknown[];
    const source =
      this.options.nestKey && parent !== undefined
        ? this.options.nestKey(parent, key as string)
        : this.options.argsKey
          ? this.options.argsKey(...list)
          : (list[0] as Record<string, unknown> | undefined);
    return JSON.stringify(stringifyArgs(source));
  }

  /**
   * @internal A list read with no result of its own: the collection stored for its args (by another endpoint over
   * this Collection, `getList.extend({ path: '/users/:userId/todos' })`), as Data Client infers it.
   */
  inferEntity(args: readonly unknown[], reader: QueryReader): InferredEntity | undefined {
    const pk = this.pk(undefined, undefined, args);
    return reader.getEntity(this.key, pk) == null ? undefined : { result: pk, rows: [{ key: this.key, pk }] };
  }

  /** A fetched collection replaces the stored one. */
  merge(existing: unknown, incoming: unknown): unknown {
    return incoming;
  }

  /** The later fetch wins: an older response never replaces a newer stored list. */
  useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta): boolean {
    return existingMeta.fetchedAt <= incomingMeta.fetchedAt;
  }

  /** Whether a stored collection (by its args) receives items added with `args`. */
  matches(collectionArgs: CollectionArgs, args: readonly unknown[]): boolean {
    return this.createCollectionFilter(...args)(collectionArgs);
  }

  /**
   * Decides which stored collections receive items added with `args`: by
   * default each argument a collection is keyed by, unless
   * {@link Collection.nonFilterArgumentKeys} says it does not filter, must
   * equal (as a string; an array as its items joined with `,`) that member of
   * the params or the body (`FormData` included).
   */
  createCollectionFilter(...args: readonly any[]): (collectionArgs: CollectionArgs) => boolean {
    return (collectionArgs) =>
      Object.keys(collectionArgs).every((name) => {
        if (this.nonFilterArgumentKeys(name)) return true;
        const expected = collectionArgs[name];
        return args.some((arg) => argumentString(argumentValue(arg, name)) === expected);
      });
  }

  /** True for an argument that does not filter a list (sorting, paging). Default: names starting with `order`. */
  nonFilterArgumentKeys(key: string): boolean {
    return key.startsWith('order');
  }

  /** Adds the response's items to the end of each matching collection. */
  get push(): CollectionAdder<S> {
    return (this.adders.push ??= new CollectionAdder(this, 'push'));
  }

  /** Adds the response's items to the start of each matching collection. */
  get unshift(): CollectionAdder<S> {
    return (this.adders.unshift ??= new CollectionAdder(this, 'unshift'));
  }

  /** Merges the response's members into each matching Values collection. */
  get assign(): CollectionAdder<S> {
    return (this.adders.assign ??= new CollectionAdder(this, 'assign'));
  }

  /** Takes the response's entities out of each matching collection; they stay readable (see {@link CollectionRemover}). */
  get remove(): CollectionRemover<S> {
    return (this.remover ??= new CollectionRemover(this));
  }

  /** Moves the response's entities from the collections matching their old values to those matching their new ones (see {@link CollectionMover}). */
  get move(): CollectionMover<S> {
    return (this.mover ??= new CollectionMover(this));
  }

  /** An adder with its own matching rule (`getPage` appends to the collection of the same args minus the page). */
  addWith(mode: AddMode, match: (collectionArgs: CollectionArgs, args: readonly unknown[]) => boolean): CollectionAdder<S> {
    return new CollectionAdder(this, mode, match);
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const pk = this.pk(parent, key, visitor.args);
    const normalized = this.schema.normalize(input, parent, key, visitor);
    visitor.addEntity(this, normalized as Record<string, unknown>, pk);
    return pk;
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(pk: unknown, visitor: DenormalizeVisitor): unknown {
    if (typeof pk !== 'string') return this.schema.denormalize(pk, visitor);
    const row = visitor.getEntity(this.key, pk);
    if (row === undefined) return undefined;
    if (row === null) return INVALID;
    return this.schema.denormalize(row, visitor);
  }
}

type AddedItem<S> = S extends readonly (infer I)[]
  ? Denormalize<I>
  : S extends ArraySchema<infer I>
    ? Denormalize<I>
    : Denormalize<S>;

/** The schema of `Collection.push` / `unshift` / `assign`. */
export class CollectionAdder<S = unknown> implements SchemaClass, SchemaType<AddedItem<S>> {
  declare readonly __denormalized?: AddedItem<S>;
  private readonly target: EntityLikeSchema;

  constructor(
    /** The collection this adds to. */
    readonly collection: CollectionSchema<S>,
    /** Where the items go: `'push'` (end), `'unshift'` (start) or `'assign'` (Values members). */
    readonly mode: AddMode,
    private readonly match?: (collectionArgs: CollectionArgs, args: readonly unknown[]) => boolean,
  ) {
    this.target = editTarget(collection.key);
  }

  /** The collection rows' table: `collection.key`. */
  get key(): string {
    return this.collection.key;
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const inner = this.collection.schema;
    const single = this.mode !== 'assign' && !Array.isArray(input);
    if (this.mode === 'assign' && !isPlainRecord(input)) {
      throw new TypeError(
        `[rest-slice] \`${this.collection.key}.assign\` expected an object, got ${describeKind(input)}: ${quote(input)}`,
      );
    }
    const added = inner.normalize(single ? [input] : input, parent, key, visitor);
    // `combine` always makes a new row, so every matching list is written.
    const add = (row: unknown) => this.combine(row, added);
    editLists(this.collection, this.target, visitor, (collectionArgs) => {
      const matches = this.match ? this.match(collectionArgs, visitor.args) : this.collection.matches(collectionArgs, visitor.args);
      return matches ? add : undefined;
    });
    return single ? (added as unknown[])[0] : added;
  }

  private combine(row: unknown, added: unknown): unknown {
    if (this.mode === 'assign') {
      return { ...(row as Record<string, unknown>), ...(added as Record<string, unknown>) };
    }
    const existing = Array.isArray(row) ? row : [];
    const fresh = (added as unknown[]).filter((item) => !existing.includes(item));
    return this.mode === 'push' ? [...existing, ...fresh] : [...fresh, ...existing];
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    const inner = this.collection.schema;
    if (this.mode === 'assign' || Array.isArray(input)) return inner.denormalize(input, visitor);
    return visitor.unvisit(inner.schema, input);
  }
}

// Data Client's class name (`schema.Collection.name` is `CollectionSchema` there too); the public name is `Collection`.
export { CollectionSchema as Collection };
