import { describeSchema } from './describeSchema';
import { INVALID } from './INVALID';
import { describeKind, quote } from './own';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/** Normalizes each item of an array input with one schema. */
export function normalizeArray(itemSchema: unknown, input: unknown, visitor: NormalizeVisitor): unknown[] {
  if (!Array.isArray(input)) {
    throw new TypeError(
      `[rest-slice] schema \`[${describeSchema(itemSchema)}]\` expected an array, got ${describeKind(input)}: ${quote(input)}`,
    );
  }
  const output = new Array<unknown>(input.length);
  for (let i = 0; i < input.length; i++) {
    output[i] = visitor.visit(itemSchema, input[i], input, undefined);
  }
  return output;
}

/** Denormalizes each item; missing and invalidated items are dropped. */
export function denormalizeArray(itemSchema: unknown, input: unknown, visitor: DenormalizeVisitor): unknown {
  if (!Array.isArray(input)) return input;
  const output: unknown[] = [];
  for (let i = 0; i < input.length; i++) {
    const item = visitor.unvisit(itemSchema, input[i]);
    if (item !== undefined && item !== INVALID) output.push(item);
  }
  return output;
}

/**
 * A list of one schema; `[Todo]` is shorthand for `new schema.Array(Todo)`.
 * Invalidated or missing items are left out of the denormalized list.
 */
export class ArraySchema<S = unknown> implements SchemaClass, SchemaType<Denormalize<S>[]> {
  declare readonly __denormalized?: Denormalize<S>[];
  constructor(readonly schema: S) {}

  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    return normalizeArray(this.schema, input, visitor);
  }

  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    return denormalizeArray(this.schema, input, visitor);
  }
}
