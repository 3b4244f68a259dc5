import { hasOwn, setOwn } from './own';

// What the store keeps of a value: its JSON form. In the schema layer because a store's normalize
// keeps the rows an Entity's own `process` made in that form too (Normalizer.addEntity).

/** Plain JSON as it survives `JSON.stringify`: `undefined` members left out, `-0` as `0`, Infinity and NaN not allowed. */
function toJson(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  // `-0 === 0`: JSON writes both as `0`.
  if (Number.isFinite(value)) return value === 0 ? 0 : value;
  // Not plain (`plainJson` takes it to JSON.stringify then): a non-finite number, a function, a Symbol, a BigInt, too deep.
  if (typeof value !== 'object' || depth > 50) throw new TypeError('not plain JSON');
  if (Array.isArray(value)) {
    // Copied only when an item changes, as objects below: a clean response is walked, not rebuilt.
    let items: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const json = item === undefined ? null : toJson(item, depth + 1);
      // `Object.is`: a `-0` made `0` is a change too.
      if (!Object.is(json, item) && items === undefined) items = value.slice(0, index);
      if (items !== undefined) items.push(json);
    }
    return items ?? value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new TypeError('not plain JSON');
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  // `for...in` with no keys array, strings and booleans inline: the walk runs over whole responses. Members
  // a polluted `Object.prototype` adds come last and are left out of a copy, as JSON.stringify leaves them out.
  for (const key in record) {
    const item = record[key];
    const json = item === undefined || typeof item === 'string' || typeof item === 'boolean' ? item : toJson(item, depth + 1);
    if (copy === undefined) {
      if (Object.is(json, item) && item !== undefined) continue;
      if (!hasOwn(record, key)) continue;
      // Copied only when something changes, so plain args keep their identity.
      copy = {};
      for (const earlier in record) {
        if (earlier === key) break;
        setOwn(copy, earlier, record[earlier]);
      }
    } else if (!hasOwn(record, key)) {
      continue;
    }
    // `setOwn`: a member named `__proto__` stays a member instead of replacing the copy's prototype.
    if (json !== undefined) setOwn(copy, key, json);
  }
  return copy ?? value;
}

/**
 * A `JSON.stringify` replacer that refuses what JSON would silently turn into `{}` (or a bag of indexes):
 * binary data (an `ArrayBuffer`, a typed array, a `Blob`), a `Map` or a `Set`. Their data would be lost.
 */
function refuseLossy(key: string, value: unknown): unknown {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set || (typeof Blob !== 'undefined' && value instanceof Blob)) {
    throw new TypeError(`JSON turns the ${(value as object).constructor.name}${key === '' ? '' : ` at \`${key}\``} into {}`);
  }
  return value;
}

/**
 * A value as the state keeps it: the value itself when it is exactly plain
 * JSON, else its JSON form (`undefined` members left out, a `Date` as its
 * string). Throws when it has no JSON form (a cycle, a BigInt), and with
 * `whole` when its JSON form would lose its data (binary data, a `Map`, a
 * `Set`: a response, whose data the state is; args only show in actions).
 */
export function plainJson(value: unknown, whole = false): unknown {
  if (value === undefined) return value;
  try {
    return toJson(value, 0);
  } catch {
    // Not plain: fall back to what JSON makes of it.
  }
  const text = JSON.stringify(value, whole ? refuseLossy : undefined);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}
