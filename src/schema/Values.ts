import { INVALID } from './INVALID';
import { Polymorphic, type PolymorphicItem, type SchemaAttribute } from './Polymorphic';
import { describeKind, quote, setOwn } from './own';
import { describeSchema } from './describeSchema';
import type { DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/**
 * A map with any string keys whose values follow one schema, or a mapping of
 * schemas chosen by `schemaAttribute`. Keys are kept; a value whose attribute
 * has no mapping stays as the original object and makes no entity.
 */
class ValuesSchema<D = unknown>
  extends Polymorphic<D>
  implements SchemaClass, SchemaType<Record<string, PolymorphicItem<D>>>
{
  declare readonly __denormalized?: Record<string, PolymorphicItem<D>>;

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  /** @internal How error messages name this schema. */
  get kindName(): 'schema.Values' {
    return 'schema.Values';
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new TypeError(
        `[rest-slice] \`schema.Values\` of ${describeSchema(this.definition)} expected an object, got ${describeKind(input)}: ${quote(input)}`,
      );
    }
    const record = input as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const member of Object.keys(record)) {
      const value = record[member];
      if (value !== undefined && value !== null) {
        setOwn(output, member, this.normalizeValue(value, record, member, visitor));
      }
    }
    return output;
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    if (typeof input !== 'object' || input === null) return input;
    const record = input as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const member of Object.keys(record)) {
      const value = this.denormalizeValue(record[member], visitor);
      if (value !== undefined && value !== INVALID) setOwn(output, member, value);
    }
    return output;
  }
}

// Data Client's class name (`schema.Values.name` is `ValuesSchema` there too); the public name is `Values`.
export { ValuesSchema as Values };
