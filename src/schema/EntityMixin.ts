import { defineDefaultKey, Entity } from './Entity';

/** Any class: the base a mixin builds an Entity from. */
export type Constructor = abstract new (...args: any[]) => object;

/** Options of {@link EntityMixin}; every Entity static hook may be given here too. */
export interface EntityMixinOptions<TInstance> {
  /** The field holding the primary key, or a function of the data. Default: the base's `pk()`, else `'id'`. */
  readonly pk?: (keyof TInstance & string) | ((value: TInstance, parent?: unknown, key?: string) => string | number | undefined);
  /** Names the table. Default: the base's `static key`, else its class name. */
  readonly key?: string;
  /** Nested members, as Entity's `static schema`. Default: the base's, else none. */
  readonly schema?: { readonly [K in keyof TInstance]?: unknown };
  /** {@inheritDoc Entity.merge} */
  readonly merge?: (typeof Entity)['merge'];
  /** {@inheritDoc Entity.useIncoming} */
  readonly useIncoming?: (typeof Entity)['useIncoming'];
  /** {@inheritDoc Entity.process} */
  readonly process?: (typeof Entity)['process'];
  /** {@inheritDoc Entity.validate} */
  readonly validate?: (typeof Entity)['validate'];
  /** {@inheritDoc Entity.automaticValidation} */
  readonly automaticValidation?: (typeof Entity)['automaticValidation'];
}

type EntityStatics = { [K in Exclude<keyof typeof Entity, 'prototype'>]: (typeof Entity)[K] };
type BaseStatics<TBase> = { [K in Exclude<keyof TBase, 'prototype'>]: TBase[K] };

/** The class {@link EntityMixin} returns: instances of the base that are Entities, with Entity's statics. */
export type EntityMixinClass<TBase extends Constructor> = (abstract new (
  ...args: ConstructorParameters<TBase>
) => InstanceType<TBase> & { pk: Entity['pk'] }) &
  EntityStatics &
  BaseStatics<TBase>;

/** What the never-run assignments in the mixed class's constructor write, for the type checker. */
type Room = { room?: undefined };

// Entity's statics that are not configured from the base class.
const SKIPPED_STATICS = new Set(['prototype', 'length', 'name', 'key', 'schema']);

/**
 * Makes an Entity class from a plain class (Data Client's `schema.Entity`):
 * `const Todo = schema.Entity(TodoData, { pk: 'id', key: 'Todo' })`. The
 * result normalizes, denormalizes (to instances of the base) and stores like
 * an `Entity` subclass, and can itself be extended.
 *
 * @throws TypeError when `Base` is not a class.
 */
function EntitySchema<TBase extends Constructor>(
  Base: TBase,
  options: EntityMixinOptions<InstanceType<TBase>> = {},
): EntityMixinClass<TBase> {
  if (typeof Base !== 'function' || Base.prototype === undefined) {
    throw new TypeError('[rest-slice] `schema.Entity(Class, options)` takes a class, like `schema.Entity(Todo, { pk: \'id\' })`');
  }
  // A subclass of the base, so instances keep its methods and `instanceof Base` holds.
  const Mixed = class extends (Base as unknown as new (...args: any[]) => object) {
    constructor(...args: any[]) {
      super(...args);
      // Never runs: it gives instances room for a row's fields, as `reserveFields` does for Entity (see there).
      // It is in the constructor here, as the mixed class's prototype chain must stay the base's.
      if (new.target === undefined) {
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
        (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = (this as Room).room = undefined;
      }
    }
  };
  Object.defineProperty(Mixed, 'name', { value: Base.name, configurable: true });
  // Entity's statics (normalize, fromJS, merge, ...), written as methods of `this`, work on any class.
  for (const name of Object.getOwnPropertyNames(Entity)) {
    if (SKIPPED_STATICS.has(name)) continue;
    Object.defineProperty(Mixed, name, Object.getOwnPropertyDescriptor(Entity, name) as PropertyDescriptor);
  }
  // The brand (and any other Entity prototype member) lets `isEntityClass` recognize the result.
  for (const name of Reflect.ownKeys(Entity.prototype)) {
    if (name === 'constructor' || Object.prototype.hasOwnProperty.call(Mixed.prototype, name)) continue;
    Object.defineProperty(Mixed.prototype, name, Reflect.getOwnPropertyDescriptor(Entity.prototype, name) as PropertyDescriptor);
  }
  const { pk, key, schema, ...hooks } = options;
  Object.assign(Mixed, hooks);
  const base = Base as unknown as { schema?: unknown; key?: unknown };
  Object.defineProperty(Mixed, 'schema', {
    value: schema ?? (typeof base.schema === 'object' && base.schema !== null ? base.schema : {}),
    writable: true,
    enumerable: true,
    configurable: true,
  });
  const prototype = Mixed.prototype as { pk?: unknown };
  if (typeof pk === 'function') {
    prototype.pk = function (this: InstanceType<TBase>, parent?: unknown, memberKey?: string) {
      return pk(this, parent, memberKey);
    };
  } else if (typeof pk === 'string') {
    prototype.pk = function (this: Record<string, unknown>) {
      return this[pk];
    };
  } else if (typeof prototype.pk !== 'function') {
    prototype.pk = function (this: Record<string, unknown>) {
      return this.id;
    };
  }
  if (key !== undefined) {
    Object.defineProperty(Mixed, 'key', { value: key, writable: true, enumerable: true, configurable: true });
  } else if (typeof base.key !== 'string') {
    defineDefaultKey(Mixed, (entity) => entity.name);
  }
  return Mixed as unknown as EntityMixinClass<TBase>;
}

// Data Client's function name (`schema.Entity.name` is `EntitySchema` there too); the public names are
// `EntityMixin` and `schema.Entity`.
export { EntitySchema as EntityMixin };
