import { getOwn, quote, unnamed } from './own';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor } from './types';
import type { Union } from './Union';

/**
 * Picks a mapping key for a value: an attribute name, or a function of `(value, parent, key)`. `key` is
 * the member name, `undefined` at a response's root; a function that declares it `string` (as Data
 * Client's type has it) is accepted too (the method form makes its parameters bivariant).
 */
export type SchemaAttribute =
  | string
  | {
      /** The mapping key of `value`, found in `parent` at member `key`. */
      pick(value: any, parent: any, key: string | undefined): string;
    }['pick'];

/**
 * What one item of a list or map of `D` denormalizes to. A record of classes
 * (`{ cat: Cat, dog: Dog }`) is a mapping chosen by `schemaAttribute`, as in
 * Data Client; any other definition (`Todo`, `{ todos: [Todo] }`) is the
 * schema of every item.
 */
export type PolymorphicItem<D> = D extends ((...args: never[]) => unknown) | (abstract new (...args: never[]) => unknown)
  ? Denormalize<D>
  : D extends { readonly [key: string]: abstract new (...args: never[]) => unknown }
    ? Denormalize<D[keyof D]>
    : Denormalize<D>;

/** A normalized polymorphic reference: the id plus which schema of the mapping it belongs to. */
export interface PolymorphicReference {
  id: unknown;
  schema: string;
}

/** The kinds built on {@link Polymorphic}, as error messages name them. */
type PolymorphicKind = 'schema.Array' | 'schema.Values' | 'schema.Union';

const isSchemaValue = (value: unknown): value is object => typeof value === 'function' || (typeof value === 'object' && value !== null);

/**
 * A development check of a definition: a schema (an Entity class, `[Todo]`, a schema object), or with a
 * `schemaAttribute` an object of schemas. Left for `define` to fill later (schemas that refer to each
 * other): a single schema as `undefined` or `null`, a mapping as `{}`.
 * What else would pass every value through unnormalized, or fail later with an error naming nothing.
 */
function checkDefinition(kind: string, definition: unknown, attribute: unknown): void {
  if (attribute === undefined ? definition == null || isSchemaValue(definition) : isSchemaValue(definition) && Object.values(definition).every(isSchemaValue)) return;
  throw new TypeError(
    attribute === undefined
      ? `[rest-slice] \`${kind}\` takes a schema (an Entity class, \`[Todo]\`, another schema), got ${quote(definition)}`
      : `[rest-slice] \`${kind}\` with a \`schemaAttribute\` takes an object of schemas, one per attribute value (\`{ users: User, groups: Group }\`), got ${quote(definition)}`,
  );
}

/**
 * The shared machinery of `Union` and mapped `Values`: one schema, or a
 * mapping from an attribute value to a schema.
 */
export abstract class Polymorphic<D> {
  /** How a value picks its schema in the mapping; `undefined` for a single schema. */
  readonly schemaAttribute: SchemaAttribute | undefined;
  protected definition: D;

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    if (process.env.NODE_ENV !== 'production') checkDefinition((this as { kindName: string }).kindName, definition, schemaAttribute);
    this.definition = definition;
    this.schemaAttribute = schemaAttribute;
  }

  /** The schema, or the mapping of schemas. */
  get schema(): D {
    return this.definition;
  }

  protected get isSingle(): boolean {
    return this.schemaAttribute === undefined;
  }

  /** Merges the given definition into the original one (used for circular references). */
  define(definition: Partial<D> | D): this {
    if (this.isSingle) {
      this.definition = definition as D;
    } else {
      this.definition = { ...this.definition, ...definition };
    }
    return this;
  }

  /**
   * @internal How error messages name this schema: `` `schema.Union` of ["post","link"] ``. It also tells the
   * kinds apart where code must not import their classes.
   */
  abstract get kindName(): PolymorphicKind;

  /**
   * @internal The mapping key `value` picks (`undefined` when it picks none).
   * @throws naming the schema and quoting the value when the `schemaAttribute`
   * function throws, or the attribute has no string form (`{ toString: null }`); the original is the `cause`.
   */
  attributeOf(value: unknown, parent: unknown, key: string | undefined): string | undefined {
    const attribute = this.schemaAttribute;
    if (attribute === undefined) return undefined;
    const where =
      process.env.NODE_ENV !== 'production' ? () => `\`${this.kindName}\` of ${quote(Object.keys(this.definition as object))}` : unnamed;
    let found: unknown;
    if (typeof attribute === 'function') {
      try {
        found = attribute(value, parent, key);
      } catch (error) {
        throw new TypeError(
          `[rest-slice] ${where()}: its schemaAttribute function threw (${error instanceof Error ? error.message : quote(error)}) for ${quote(value)}`,
          { cause: error },
        );
      }
    } else {
      if (typeof value !== 'object' || value === null) return undefined;
      found = getOwn(value as Record<string, unknown>, attribute);
    }
    if (found === undefined || found === null) return undefined;
    if (typeof found === 'string') return found;
    try {
      return String(found);
    } catch (error) {
      const named = typeof attribute === 'function' ? 'the schemaAttribute function returned' : `\`${attribute}\` is`;
      throw new TypeError(`[rest-slice] ${where()}: ${named} ${quote(found)}, which has no string form, in ${quote(value)}`, { cause: error });
    }
  }

  protected schemaFor(attribute: string | undefined): unknown {
    if (attribute === undefined) return undefined;
    return getOwn(this.definition as unknown as Record<string, unknown>, attribute);
  }

  protected normalizeValue(value: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    if (this.isSingle) return visitor.visit(this.definition, value, parent, key);
    const attribute = this.attributeOf(value, parent, key);
    const schema = this.schemaFor(attribute);
    // An unmapped value stays as the original object and makes no entity.
    if (schema === undefined) return value;
    const reference: PolymorphicReference = {
      id: visitor.visit(schema, value, parent, key),
      schema: attribute as string,
    };
    return reference;
  }

  protected denormalizeValue(value: unknown, visitor: DenormalizeVisitor): unknown {
    if (this.isSingle) return visitor.unvisit(this.definition, value);
    if (typeof value !== 'object' || value === null) return value;
    const reference = value as Partial<PolymorphicReference>;
    const schema = typeof reference.schema === 'string' ? this.schemaFor(reference.schema) : undefined;
    if (schema === undefined || reference.id === undefined) return value;
    return visitor.unvisit(schema, reference.id);
  }
}

/**
 * Whether `schema` is a `schema.Union`. Told by its kind rather than by
 * `instanceof`, so code that only asks (resources, Invalidate, Collection)
 * does not put the Union class in the bundle of an app that has none.
 */
export function isUnion(schema: unknown): schema is Union<any> {
  return schema instanceof Polymorphic && schema.kindName === 'schema.Union';
}
