import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { describeKind, quote } from './own';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/**
 * One of several entity types, chosen by `schemaAttribute` (an attribute
 * name or a function of `(value, parent, key)`).
 */
export class Union<M extends Record<string, unknown> = Record<string, unknown>>
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

  /** How error messages name this schema. */
  protected get kindName(): string {
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
}
