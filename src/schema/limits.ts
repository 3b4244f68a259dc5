/**
 * How deep a response may nest. Reading and checking state walks it
 * recursively (denormalize, Redux Toolkit's serializable and immutable checks,
 * Redux DevTools), and a JS stack holds only a few thousand such frames, so a
 * response deeper than these limits is rejected by normalize instead of being
 * stored and breaking every later read or dispatch.
 */

/**
 * The most schema levels (entity, list, object, Values, Union, Collection)
 * normalize walks into, counted from the root: 256. Memoized denormalize of a
 * chain of entities this deep uses about a tenth of Node's default stack.
 */
export const MAX_SCHEMA_DEPTH = 256;

/**
 * The most levels of objects and arrays in one stored value (an entity row or
 * a request's normalized result), the value itself counting as one: 128.
 * Checked in development only, where Redux Toolkit's serializable and
 * immutable checks walk the state recursively (they overflow Node's default
 * stack at about 1,250 levels of arrays); nothing in production walks it.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * The path to the first member of `value` that nests deeper than `limit`
 * levels (`value` itself is level 1), or `undefined` when none does.
 */
export function pathTooDeep(value: object, limit: number): (string | number)[] | undefined {
  if (limit <= 0) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) {
        const path = pathTooDeep(item, limit - 1);
        if (path !== undefined) {
          path.unshift(i);
          return path;
        }
      }
    }
    return undefined;
  }
  for (const key in value) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && Object.prototype.hasOwnProperty.call(value, key)) {
      const path = pathTooDeep(item, limit - 1);
      if (path !== undefined) {
        path.unshift(key);
        return path;
      }
    }
  }
  return undefined;
}

/** A member path for an error message, shortened: `items[0].a.a.a…`. */
export function formatPath(path: readonly (string | number)[]): string {
  let text = '';
  for (const segment of path.slice(0, 8)) {
    text += typeof segment === 'number' ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
  }
  if (path.length > 8) text += '…';
  return text.startsWith('.') ? text.slice(1) : text;
}

/** True for the error a JS engine throws when the stack runs out. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack|recursion/i.test(error.message);
}
