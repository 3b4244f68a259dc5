// The members of an object schema, normalized and denormalized: what a plain object literal schema
// (`{ todos: [Todo] }`, core) and `schema.Object` (only in apps that use it) both run.
import { copyMembers } from './copyRow';
import { INVALID } from './INVALID';
import { describeKind, hasOwn, isPlainObject, isPlainRecord, quote, setOwn } from './own';
import type { ObjectSchema } from './Object';
import type { DenormalizeVisitor, NormalizeVisitor } from './types';

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
  // Frozen in development once stored: copied there so that it freezes into a shared shape (copyRow.ts).
  const output: Record<string, unknown> = process.env.NODE_ENV !== 'production' ? copyMembers(input) : { ...input };
  normalizeMembers(definition, input, output, visitor);
  return output;
}

/**
 * Writes into `output` (which may be `input` itself, as for an entity's row) each member of `input` that
 * `definition` gives a schema, normalized with `input` as its parent.
 */
export function normalizeMembers(
  definition: Readonly<Record<string, unknown>>,
  input: Record<string, unknown>,
  output: Record<string, unknown>,
  visitor: NormalizeVisitor,
): void {
  // `for in` walks the definition's cached enumeration: no keys array to look up per object.
  for (const member in definition) {
    const value = input[member];
    // Only own members count: a response without `constructor` does not have `Object` there.
    if (value !== undefined && value !== null && hasOwn(definition, member) && hasOwn(input, member)) {
      setOwn(output, member, visitor.visit(definition[member], value, input, member));
    } else if (value === undefined && output !== input && hasOwn(output, member)) {
      // An object schema leaves out a member it names that is `undefined`, as Data Client's does (and JSON would).
      // Not an entity's row (written in place): its members stay as `process` made them.
      delete output[member];
    }
  }
}

/** Denormalizes the members that have a schema; an invalidated member invalidates the object. */
export function denormalizeObject(
  definition: Readonly<Record<string, unknown>>,
  input: unknown,
  visitor: DenormalizeVisitor,
): unknown {
  if (!isPlainRecord(input)) return input;
  const output: Record<string, unknown> = { ...input };
  for (const member in definition) {
    const value = input[member];
    if (value === undefined || !hasOwn(definition, member) || !hasOwn(input, member)) continue;
    const item = visitor.unvisit(definition[member], value);
    if (item === INVALID) return INVALID;
    setOwn(output, member, item);
  }
  return output;
}

/** The members of an object schema (an object literal or a `schema.Object`); `undefined` for any other schema. */
export function objectSchemaMembers(schema: unknown): Readonly<Record<string, unknown>> | undefined {
  if (isObjectSchema(schema)) return schema.schema;
  return isPlainObject(schema) ? schema : undefined;
}

/**
 * Whether `schema` is a `schema.Object`. Told by its kind rather than by
 * `instanceof`, so code that only asks (the Collection finder of resources)
 * does not put the class in the bundle of an app that has none.
 */
export function isObjectSchema(schema: unknown): schema is ObjectSchema {
  return typeof schema === 'object' && schema !== null && (schema as { kindName?: unknown }).kindName === 'schema.Object';
}
