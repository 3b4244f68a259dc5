import { copyMembers, copyRow } from './copyRow';
import { INVALID } from './INVALID';
import { normalizeMembers } from './objectMembers';
import { describeKind, hasOwn, quote, setOwn } from './own';
import type { DenormalizeVisitor, EntityMeta, NormalizeVisitor } from './types';

const defaultsCache = new WeakMap<Function, Record<string, unknown>>();

/**
 * Base class of every normalized record type. Subclasses declare fields with
 * defaults, `pk()`, and optionally `static key`, `static schema` for nested
 * members, and the merge hooks.
 *
 * @example
 * class Todo extends Entity {
 *   id: number | undefined = undefined;
 *   title = '';
 *   pk() { return this.id?.toString(); }
 *   static key = 'Todo';
 * }
 */
export abstract class Entity {
  /** The primary key the entity is stored under; `undefined` when absent. */
  abstract pk(parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;

  /** Names the entity type: the table the rows live in. Defaults to the class name. */
  declare static key: string;

  /** Nested members: `{ author: User, comments: [Comment], createdAt: Date }`. Default: none. */
  static schema: { readonly [member: string]: unknown } = {};

  /** Computes the pk of raw (processed) data by calling `pk()` with the data as `this`. */
  static pk(value: Record<string, unknown>, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined {
    return this.prototype.pk.call(value, parent, key, args);
  }

  /**
   * The entity's `key`, as Data Client gives it: `${Todo}` is `'Todo'` (test titles, logs). A class with no
   * usable key (unnamed, minified) prints its source instead of throwing.
   */
  static toString(): string {
    try {
      return this.key;
    } catch {
      return Function.prototype.toString.call(this);
    }
  }

  /**
   * Builds an instance from plain data: the defaults, overwritten by `props`. The constructor gets `props`
   * too (as Data Client's `new this(props)`), for a class whose constructor reads them.
   */
  static fromJS<T extends typeof Entity>(this: T, props: Readonly<Partial<AbstractInstance<T>>> = {} as Partial<AbstractInstance<T>>): AbstractInstance<T> {
    const instance = new (this as unknown as new (props: object) => AbstractInstance<T>)(props);
    assignOwn(instance as unknown as Record<string, unknown>, props);
    return instance;
  }

  /** Combines two rows of the same entity; the second wins field by field. Default: a shallow spread. */
  static merge(existing: object, incoming: object): Record<string, unknown> {
    // Development freezes the stored row: copied member by member there, so it freezes into a shared shape (copyRow.ts).
    if (process.env.NODE_ENV !== 'production') return copyMembers(incoming, copyMembers(existing));
    return { ...existing, ...incoming };
  }

  /**
   * Decides which of two rows is newer. When true the incoming row is merged
   * over the existing one; when false the existing one wins and the incoming
   * only fills fields it lacks. Default: the row fetched later wins.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the base hook names the parameters an override receives.
  static useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: object, incoming: object): boolean {
    return existingMeta.fetchedAt <= incomingMeta.fetchedAt;
  }

  /** Prepares raw input before its pk is read; must return a new object. Default: a shallow copy. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the base hook names the parameters an override receives.
  static process(input: object, parent: unknown, key: string | undefined, args: readonly unknown[]): Record<string, unknown> {
    return copyRow(this, input);
  }

  /**
   * Returns a message when processed data is unusable: normalize throws it,
   * and a stored row that fails it reads as invalid (missing). Default: accepts all.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the base hook names the parameters an override receives.
  static validate(processedEntity: object): string | undefined {
    return undefined;
  }

  /**
   * How the automatic shape check treats a response that is an array where
   * this entity expects an object: `undefined` throws, `'warn'` warns and reads
   * the array as an object, `'silent'` skips the check. Default: `undefined`.
   */
  static automaticValidation?: 'warn' | 'silent';

  /** @internal An instance of a stored row, or {@link INVALID} when `validate` rejects the row. */
  static createIfValid<T extends typeof Entity>(this: T, row: Readonly<Record<string, unknown>>): AbstractInstance<T> | typeof INVALID {
    if (validatesRows(this) && this.validate(row)) return INVALID;
    return this.fromJS(row as Partial<AbstractInstance<T>>);
  }

  /** The default values of the fields, from one instance made with no arguments. */
  static get defaults(): Readonly<Record<string, unknown>> {
    let defaults = defaultsCache.get(this);
    if (defaults === undefined) {
      defaults = new (this as unknown as new () => Record<string, unknown>)();
      defaultsCache.set(this, defaults);
    }
    return defaults;
  }

  /** @internal Normalizes one input into a row; returns its pk. */
  static normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    if (typeof input === 'string' || typeof input === 'number') {
      // Already a reference to a stored entity (e.g. `author: 5`).
      return String(input);
    }
    if (typeof input !== 'object' || input === null || (Array.isArray(input) && this.automaticValidation !== 'silent')) {
      const message = `[rest-slice] Entity \`${this.key}\` expected an object, got ${describeKind(input)}: ${quote(input)}`;
      if (!Array.isArray(input) || this.automaticValidation !== 'warn') throw new TypeError(message);
      console.warn(`${message}; reading it as an object (\`static automaticValidation = 'warn'\`)`);
    }
    const processed = this.process(input, parent, key, visitor.args);
    const pk = primaryKeyOf(this, processed, parent, key, visitor.args, input);
    const problem = this.validate(processed);
    if (problem) {
      throw new TypeError(`[rest-slice] Entity \`${this.key}\` (pk ${quote(pk)}) failed validation: ${problem}`);
    }
    normalizeMembers(this.schema, processed, processed, visitor);
    visitor.addEntity(this, processed, pk);
    return pk;
  }

  /** @internal True when `static schema` names nested members. */
  static hasNestedSchema(): boolean {
    const schema = this.schema;
    // Asked for every row denormalized: `for in` reads the schema's cached enumeration, where a keys cache was a WeakMap lookup.
    for (const member in schema) if (hasOwn(schema, member)) return true;
    return false;
  }

  /** @internal Replaces the nested members of a fresh instance by their denormalized values. */
  static denormalizeMembers(instance: Record<string, unknown>, visitor: DenormalizeVisitor): unknown {
    const schema = this.schema as Record<string, unknown>;
    let defaults: Readonly<Record<string, unknown>> | undefined;
    for (const member in schema) {
      if (!hasOwn(schema, member)) continue;
      // Own fields only: an instance inherits `constructor` and methods, which are not data.
      const value = visitor.unvisit(schema[member], hasOwn(instance, member) ? instance[member] : undefined);
      if (value === INVALID) {
        defaults ??= this.defaults;
        // A member whose default is truthy is required: without it the whole entity is invalid.
        if (hasOwn(defaults, member) && defaults[member]) return INVALID;
        // An optional one reads as absent, not as its default (as Data Client).
        setOwn(instance, member, undefined);
      } else {
        setOwn(instance, member, value);
      }
    }
    return instance;
  }
}

/**
 * The row key `pk()` gives for `processed`, as a string. A `pk()` that throws,
 * or returns no usable key (`[]` is `''`) or a value with no string form, is
 * the data's fault: the error names `owner` (by default the entity) and quotes `input`, the original is the `cause`.
 */
export function primaryKeyOf(
  entity: typeof Entity,
  processed: Record<string, unknown>,
  parent: unknown,
  key: string | undefined,
  args: readonly unknown[],
  input: unknown,
  // Absent rather than built by the caller: a name made per row would cost a string for every entity normalized.
  owner?: string,
): string {
  let id: unknown;
  try {
    id = entity.pk(processed, parent, key, args);
  } catch (error) {
    owner ??= `Entity \`${entity.key}\``;
    throw new TypeError(
      `[rest-slice] ${owner} has no usable primary key: pk() threw (${error instanceof Error ? error.message : quote(error)}) for ${quote(input)}`,
      { cause: error },
    );
  }
  let pk: string;
  try {
    pk = typeof id === 'string' ? id : String(id);
  } catch (error) {
    owner ??= `Entity \`${entity.key}\``;
    throw new TypeError(
      `[rest-slice] ${owner} has no usable primary key: pk() returned ${quote(id)}, which has no string form, for ${quote(input)}`,
      { cause: error },
    );
  }
  if (!isUsablePk(id) || !isUsablePk(pk)) {
    owner ??= `Entity \`${entity.key}\``;
    throw new TypeError(`[rest-slice] ${owner} has no usable primary key: pk() returned ${quote(id) ?? 'undefined'} for ${quote(input)}`);
  }
  return pk;
}

/** True for a pk value that can name a row: not `undefined`, `null`, `''`, `'undefined'` or `NaN`. */
export function isUsablePk(id: unknown): id is string | number {
  return id !== undefined && id !== null && id !== '' && id !== 'undefined' && !(typeof id === 'number' && Number.isNaN(id));
}

// Names a minifier gives (`e`, `t`, `_a`): two classes could share one, and so one table.
const MINIFIED_NAME = /^[a-z_$][\w$]?$/;

/** The `key` of an Entity class that sets none: its class name, when that name can identify it. */
export function keyFromName(name: string): string {
  if (name === '' || MINIFIED_NAME.test(name)) {
    throw new TypeError(
      `[rest-slice] an Entity class ${name === '' ? 'without a name' : `named \`${name}\` (which looks minified)`} needs a \`static key\`: ` +
        `the key names its table and must stay the same in every build, e.g. \`static key = 'Todo'\``,
    );
  }
  return name;
}

/** Installs the default `key` (the class name) with a setter, so a subclass's `static key = '...'` shadows it. */
export function defineDefaultKey(target: Function, nameOf: (entity: Function) => string): void {
  // Each class's key, checked once: normalize and denormalize ask for it once per entity, and the check's RegExp
  // made a class without `static key` normalize a sixth slower. By class, not as an own member, so that a subclass
  // still gets its own name.
  const keys = new WeakMap<Function, string>();
  Object.defineProperty(target, 'key', {
    get(this: Function) {
      let key = keys.get(this);
      if (key === undefined) {
        key = keyFromName(nameOf(this));
        keys.set(this, key);
      }
      return key;
    },
    set(this: Function, value: string) {
      Object.defineProperty(this, 'key', { value, writable: true, enumerable: true, configurable: true });
    },
    configurable: true,
  });
}

defineDefaultKey(Entity, (entity) => entity.name);

/**
 * Whether an Entity class has its own `validate` (the base's accepts every row, so it is not called). Outside
 * the class: a reference to `Entity` inside its body makes the build name the class `_Entity`, which users
 * would see in DevTools and stack traces.
 */
function validatesRows(entity: typeof Entity): boolean {
  return entity.validate !== Entity.validate;
}

/**
 * Never called: it only sizes instances. V8 gives the instances of a class room for as many fields as the
 * functions up its constructor's prototype chain assign to `this` by name (plus a few); an entity gets
 * most of its fields from its row after construction, and once more than a dozen land past that room, each
 * instance becomes a slow hash table (a 32-field GitHub user was built 2.7x slower, and read slower after).
 * Room no instance used is given back after the first few instances of each class.
 */
function reserveFields(this: { room?: undefined }): void {
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
  this.room = this.room = this.room = this.room = this.room = this.room = this.room = this.room = undefined;
}
// Above Entity in the chain rather than in a constructor of Entity: nothing runs per instance.
Object.setPrototypeOf(Entity, reserveFields);

/** The instance type of an Entity class, abstract or not. */
export type AbstractInstance<T> = T extends abstract new (...args: any[]) => infer U ? U : never;

// A brand instead of `instanceof`: when an app loads both the ESM and the CJS
// build (or two copies of the package), each has its own `Entity` class, and
// entities made with one must still be recognized by the other.
const ENTITY_BRAND = Symbol.for('rest-slice/Entity');
Object.defineProperty(Entity.prototype, ENTITY_BRAND, { value: true });

/** True for Entity subclasses (the classes, not instances). */
export function isEntityClass(schema: unknown): schema is typeof Entity {
  return typeof schema === 'function' && schema !== Entity && (schema.prototype as Record<symbol, unknown> | undefined)?.[ENTITY_BRAND] === true;
}

function assignOwn(target: Record<string, unknown>, props: Readonly<Record<string, unknown>>): void {
  if (hasOwn(props, '__proto__')) {
    for (const key of Object.keys(props)) setOwn(target, key, props[key]);
  } else {
    Object.assign(target, props);
  }
}
