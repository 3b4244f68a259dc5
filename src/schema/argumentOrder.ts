// `normalize` and `denormalize` take the schema first (the contract's order). Data Client 0.10's normalizr
// takes the data first (`normalize(input, schema)`, `denormalize(input, schema, entities)`); code written
// for it is read the same way here when the order is certain: only the second argument is a schema
// (`if (!isSchemaLike(schema) && isSchemaLike(input))`, then the two are swapped).
import { hasOwn } from './own';

/**
 * Whether `value` is a schema: a class (an Entity), a schema instance (it has `normalize`), `[schema]`, or an
 * object literal with a schema member (three levels down at most). Data never is one: JSON holds no functions.
 */
export function isSchemaLike(value: unknown, depth = 0): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  if (typeof (value as { normalize?: unknown }).normalize === 'function') return true;
  if (depth > 2) return false;
  if (Array.isArray(value)) return value.length === 1 && isSchemaLike(value[0], depth + 1);
  for (const member in value) if (hasOwn(value, member) && isSchemaLike((value as Record<string, unknown>)[member], depth + 1)) return true;
  return false;
}
