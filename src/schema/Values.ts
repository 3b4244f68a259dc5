import { INVALID } from './INVALID';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { describeKind, quote, setOwn } from './own';
import { describeSchema } from './describeSchema';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/**
 * The value a map of `D` holds. A record of classes (`{ cat: Cat, dog: Dog }`)
 * is a mapping chosen by `schemaAttribute`, as in Data Client; any other
 * record (`{ todos: [Todo] }`) is the structure of each value.
 */
type ValuesOf<D> = D extends Function
  ? Denormalize<D>
  : D extends { readonly [key: string]: abstract new (...args: never[]) => unknown }
    ? Denormalize<D[keyof D]>
    : Denormalize<D>;

/**
 * A map with any string keys whose values follow one schema, or a mapping of
 * schemas chosen by `schemaAttribute`. Keys are kept; a value whose attribute
 * has no mapping stays as the original object and makes no entity.
 */
export class Values<D = unknown>
  extends Polymorphic<D>
  implements SchemaClass, SchemaType<Record<string, ValuesOf<D>>>
{
  declare readonly __denormalized?: Record<string, ValuesOf<D>>;

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
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
