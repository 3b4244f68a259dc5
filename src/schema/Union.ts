import { isEntityClass } from './Entity';
import { inferResult, type InferredEntity, type QueryReader } from './infer';
import { Polymorphic, type PolymorphicReference, type SchemaAttribute } from './Polymorphic';
import { describeKind, getOwn, quote } from './own';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/**
 * One of several entity types, chosen by `schemaAttribute` (an attribute
 * name or a function of `(value, parent, key)`).
 */
class UnionSchema<M extends Record<string, unknown> = Record<string, unknown>>
  extends Polymorphic<M>
  implements SchemaClass, SchemaType<Denormalize<M[keyof M]>>
{
  declare readonly __denormalized?: Denormalize<M[keyof M]>;

  constructor(definition: M, schemaAttribute: SchemaAttribute) {
    if (schemaAttribute === undefined) {
      throw new TypeError('[rest-slice] `schema.Union` needs a `schemaAttribute` to choose among its schemas');
    }
    super(definition, schemaAttribute);
  }

  /** @internal How error messages name this schema. */
  get kindName(): 'schema.Union' {
    return 'schema.Union';
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new TypeError(
        `[rest-slice] \`schema.Union\` of ${quote(Object.keys(this.definition))} expected an object, got ${describeKind(input)}: ${quote(input)}`,
      );
    }
    return this.normalizeValue(input, parent, key, visitor);
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    return this.denormalizeValue(input, visitor);
  }

  /**
   * @internal The member `args` name, as Data Client infers a Union's result:
   * the one the params name by the `schemaAttribute` (`{ id: 5, type: 'link' }`),
   * else the first member whose table holds the pk the params give.
   */
  inferEntity(args: readonly unknown[], reader: QueryReader): InferredEntity | undefined {
    const params = args[0];
    if (typeof params !== 'object' || params === null) return undefined;
    const members = this.schema;
    let named: string | undefined;
    try {
      const attribute = this.schemaAttribute;
      const value = typeof attribute === 'function' ? attribute(params, undefined, undefined) : getOwn(params as Record<string, unknown>, attribute!);
      named = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    } catch {
      // An attribute function that cannot read the params: fall back to trying each member.
    }
    const chosen = named === undefined ? undefined : getOwn(members, named);
    const candidates = chosen !== undefined ? [named as string] : Object.keys(members);
    for (const name of candidates) {
      const member = getOwn(members, name);
      const id = inferResult(member, args, reader);
      if (id === undefined) continue;
      const reference: PolymorphicReference = { id, schema: name };
      // An Entity member's result is its pk, a string.
      return { result: reference, rows: isEntityClass(member) ? [{ key: member.key, pk: id as string }] : [] };
    }
    return undefined;
  }
}

// Data Client's class name (`schema.Union.name` is `UnionSchema` there too); the public name is `Union`.
export { UnionSchema as Union };
