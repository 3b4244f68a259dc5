import { hasOwn, setOwn } from '../schema/own';
import type { SerializedError } from './state';

/** The message of anything thrown, never throwing itself (a hostile `toString` gives a description instead). */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    return String(error);
  } catch {
    return `a thrown ${error === null ? 'null' : typeof error} that cannot be printed`;
  }
}

/** An inner error's message without its own `[rest-slice] ` prefix, to quote inside another message. */
export function innerMessage(error: unknown): string {
  return errorMessage(error).replace(/^\[rest-slice\] /, '');
}

/** The plain JSON form of an error, as the store keeps it. */
export function serializeError(error: unknown): SerializedError {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  // Only an Error's own `name` is kept: anything else thrown is stored as an `Error`.
  const name = error instanceof Error && typeof error.name === 'string' ? error.name : 'Error';
  const message = errorMessage(error);
  return typeof status === 'number' && Number.isFinite(status) ? { name, message, status } : { name, message };
}

/** Rebuilds an `Error` from its stored form (when the original is not at hand, e.g. after a replay). */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.status !== undefined) (error as Error & { status?: number }).status = serialized.status;
  return error;
}

/** Plain JSON as it survives `JSON.stringify`: `undefined` members left out, Infinity and NaN not allowed. */
function toJson(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value)) return value;
  // Not plain (`plainJson` takes it to JSON.stringify then): a non-finite number, a function, a Symbol, a BigInt, too deep.
  if (typeof value !== 'object' || depth > 50) throw new TypeError('not plain JSON');
  if (Array.isArray(value)) {
    // Copied only when an item changes, as objects below: a clean response is walked, not rebuilt.
    let items: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const json = item === undefined ? null : toJson(item, depth + 1);
      if (json !== item && items === undefined) items = value.slice(0, index);
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
      if (json === item && item !== undefined) continue;
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

/**
 * Args as they go into actions and the state: plain JSON, exactly what
 * `JSON.parse(JSON.stringify(args))` gives (`undefined` members left out).
 * A `FormData` body or a class instance becomes a short description; the real
 * args stay in the middleware's closure. Trailing `undefined` args are left
 * out and one between others becomes `null`, as in a JSON array.
 */
export function serializeArgs(args: readonly unknown[]): unknown[] {
  let length = args.length;
  while (length > 0 && args[length - 1] === undefined) length--;
  return args.slice(0, length).map((arg) => {
    if (arg === undefined) return null;
    if (typeof FormData !== 'undefined' && arg instanceof FormData) return '[FormData]';
    // Not plain JSON (a class instance, a Date, a Map): its JSON form, or a description.
    try {
      const json = plainJson(arg);
      return json === undefined ? `[${typeof arg}]` : json;
    } catch {
      return `[${(arg as object)?.constructor?.name ?? typeof arg}]`;
    }
  });
}
