import { hasOwn } from './own';

/**
 * Whether two stored JSON values are the same data: equal primitives (by
 * `Object.is`), or arrays / plain objects with the same own members, compared
 * the same way. Rows and results are JSON no deeper than `MAX_JSON_DEPTH`, so
 * the recursion is bounded. Used to keep the stored object when a response
 * brings the same data again (a refetch, a poll): its readers keep their
 * references and React components do not re-render.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let count = 0;
  for (const key in a) {
    if (!hasOwn(a, key)) continue;
    if (!hasOwn(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    count++;
  }
  for (const key in b) if (hasOwn(b, key)) count--;
  return count === 0;
}
