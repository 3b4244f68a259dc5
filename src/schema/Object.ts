import { INVALID } from './INVALID';
import { definitionKeys as keysOf, describeKind, hasOwn, quote, setOwn } from './own';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalizes the members of an object that have a schema; other members are kept as they are. */
export function normalizeObject(
  definition: Readonly<Record<string, unknown>>,
  input: unknown,
  visitor: NormalizeVisitor,
): Record<string, unknown> {
  if (!isPlainRecord(input)) {
    throw new TypeError(
      `[rest-slice] object schema with members ${quote(Object.keys(definition))} expected an object, got ${describeKind(input)}: ${quote(input)}`,
    );
  }
  const output: Record<string, unknown> = { ...input };
  for (const member of Object.keys(definition)) {
    const value = input[member];
    // Only own members count: a response without `constructor` does not have `Object` there.
    if (value !== undefined && value !== null && hasOwn(input, member)) {
      setOwn(output, member, visitor.visit(definition[member], value, input, member));
    }
  }
  return output;
}

/** Denormalizes the members that have a schema; an invalidated member invalidates the object. */
export function denormalizeObject(
  definition: Readonly<Record<string, unknown>>,
  input: unknown,
  visitor: DenormalizeVisitor,
): unknown {
  if (!isPlainRecord(input)) return input;
  const output: Record<string, unknown> = { ...input };
  for (const member of keysOf(definition)) {
    const value = input[member];
    if (value === undefined || !hasOwn(input, member)) continue;
    const item = visitor.unvisit(definition[member], value);
    if (item === INVALID) return INVALID;
    setOwn(output, member, item);
  }
  return output;
}

/** An object whose members have schemas; a plain object literal is shorthand for it. */
export class ObjectSchema<O extends Record<string, unknown> = Record<string, unknown>>
  implements SchemaClass, SchemaType<{ [K in keyof O]: Denormalize<O[K]> }>
{
  declare readonly __denormalized?: { [K in keyof O]: Denormalize<O[K]> };
  /** The schema of each member that holds entities (other members are kept as they are). */
  readonly schema: O;

  constructor(definition: O) {
    this.schema = { ...definition };
  }

  /** Adds or replaces members, e.g. for circular references. */
  define(definition: Partial<O> & Record<string, unknown>): this {
    Object.assign(this.schema, definition);
    return this;
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    return normalizeObject(this.schema, input, visitor);
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    return denormalizeObject(this.schema, input, visitor);
  }
}
