import { describeSchema } from './describeSchema';
import { INVALID } from './INVALID';
import { describeKind, quote, unnamed } from './own';
import { Polymorphic, type PolymorphicItem, type SchemaAttribute } from './Polymorphic';
import type { DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/** The items of a list input: an array as is, an object's values (as Data Client reads `[Todo]` over an object). */
function itemsOf(input: unknown, itemSchema: unknown, describe?: () => string): readonly unknown[] {
  if (Array.isArray(input)) return input;
  if (typeof input === 'object' && input !== null) return Object.values(input);
  // Named here, on the error path only, so a list costs no closure per call.
  describe ??= process.env.NODE_ENV !== 'production' ? () => `[${describeSchema(itemSchema)}]` : unnamed;
  throw new TypeError(`[rest-slice] schema \`${describe()}\` expected an array, got ${describeKind(input)}: ${quote(input)}`);
}

/**
 * Normalizes each item of an array (or of an object's values) with one
 * schema; `null`/`undefined` items are left out. Each item sees the list's
 * own `parent` and `key` (the object holding the list and its member name),
 * as in Data Client, so `process` and `pk` can read the owner.
 */
export function normalizeArray(itemSchema: unknown, input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown[] {
  const items = itemsOf(input, itemSchema);
  // Written over a copy of the items: an exact-size array, where a pushed-to one keeps spare room (most
  // lists are short: a list of 3 pushed has room for 17, and the stored row keeps it). Spread, not `slice`:
  // the copy of an Array subclass's items is a plain array (its `slice` would make another instance of it).
  const output = [...items];
  let kept = 0;
  for (let i = 0; i < items.length; i++) {
    const item = visitor.visit(itemSchema, items[i], parent, key);
    if (item !== undefined && item !== null) output[kept++] = item;
  }
  return trimmed(output, kept);
}

/** `list` cut to its first `kept` items (a list built over a copy of its input, items left out moving the rest up). */
export function trimmed<T>(list: T[], kept: number): T[] {
  if (kept !== list.length) list.length = kept;
  return list;
}

/** The item schema of the `[Item]` shorthand. */
export function arrayItemSchema(schema: readonly unknown[]): unknown {
  // `[]` has no item schema: its values pass through as they are.
  if (schema.length === 0) return undefined;
  if (schema.length !== 1) {
    throw new TypeError(
      `[rest-slice] the array shorthand takes exactly one schema, like \`[Todo]\`; got ${schema.length}`,
    );
  }
  return schema[0];
}

/**
 * A list of one schema; `[Todo]` is shorthand for `new schema.Array(Todo)`.
 * With a `schemaAttribute`, a list of several schemas:
 * `new schema.Array({ cat: Cat, dog: Dog }, 'type')` picks each item's schema
 * by its `type`. An object input is read as the list of its values; `null`,
 * missing and invalidated items are left out.
 */
export class ArraySchema<S = unknown>
  extends Polymorphic<S>
  implements SchemaClass, SchemaType<PolymorphicItem<S>[]>
{
  declare readonly __denormalized?: PolymorphicItem<S>[];

  constructor(definition: S, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  /** @internal How error messages name this schema. */
  get kindName(): 'schema.Array' {
    return 'schema.Array';
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    if (this.isSingle) return normalizeArray(this.definition, input, parent, key, visitor);
    const items = itemsOf(
      input,
      undefined,
      process.env.NODE_ENV !== 'production' ? () => `schema.Array(${quote(Object.keys(this.definition as object))})` : unnamed,
    );
    const output = [...items];
    let kept = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item === undefined || item === null) continue;
      output[kept++] = this.normalizeValue(item, parent, key, visitor);
    }
    return trimmed(output, kept);
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    if (this.isSingle) return visitor.unvisitList(this.definition, input);
    if (!Array.isArray(input)) return input;
    const output: unknown[] = [...(input as readonly unknown[])];
    let kept = 0;
    for (let i = 0; i < input.length; i++) {
      const item = this.denormalizeValue(input[i], visitor);
      if (item !== undefined && item !== null && item !== INVALID) output[kept++] = item;
    }
    return trimmed(output, kept);
  }
}
