/**
 * Helpers that keep untrusted keys (`__proto__`, `constructor`, ...) as plain
 * data: lookups only see own properties and writes never reach a prototype.
 */

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** True when `key` is an own property of `obj`. */
export function hasOwn(obj: object, key: string): boolean {
  return hasOwnProperty.call(obj, key);
}

/** Reads an own property, so `obj['constructor']` of a plain object is `undefined`. */
export function getOwn<T>(obj: { readonly [key: string]: T } | undefined, key: string): T | undefined {
  if (obj === undefined) return undefined;
  const value = obj[key];
  return value === undefined || hasOwnProperty.call(obj, key) ? value : undefined;
}

/**
 * Reads `record[key]` as an own property. Rows and tables are plain objects,
 * arrays or `null`, never functions or `Object.prototype`, which is all an
 * inherited member (`constructor`, `toString`, `__proto__`) can be, so
 * checking the value is enough and avoids a `hasOwnProperty` call per read.
 */
export function getOwnRow<T>(record: { readonly [key: string]: T } | undefined, key: string): T | undefined {
  if (record === undefined) return undefined;
  const value = record[key];
  return typeof value === 'function' || value === (Object.prototype as unknown) ? undefined : value;
}

/** Writes an own property; `__proto__` becomes a data property instead of changing the prototype. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** True for an object literal or a null-prototype object: not an array, class instance, Date or FormData. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True for an object that is not an array (a class instance counts): what an object schema reads members from. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A map-like collection: a `Map` or a `WeakMap`. */
interface Keyed<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value of `key` in `map`; one made with `new Make()` is added first when there is none. */
export function entryOf<K, V>(map: Keyed<K, V>, key: K, Make: new () => NoInfer<V>): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = new Make()));
  return value;
}

/** A fresh lookup table with no prototype, so any string is a safe key. */
export function createTable<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The table of `key` in `tables`, made (with no prototype, as {@link createTable}) on first use. */
export function tableOf<T>(tables: Record<string, Record<string, T>>, key: string): Record<string, T> {
  let table = tables[key];
  if (table === undefined) {
    table = createTable<T>();
    tables[key] = table;
  }
  return table;
}

/** Short, printable quote of a value for error messages. */
export function quote(value: unknown): string {
  let text: string;
  try {
    // JSON would print NaN and Infinity as `null`.
    text = typeof value === 'number' ? String(value) : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * Stands in for a message-naming closure in production builds: their messages keep the code and the plain
 * names alone, so they never call it, and with no closure built per call the helpers it used drop out too.
 */
export function unnamed(): string {
  return '';
}

/** Names the kind of a value the way an error message should: `an array`, `null`, `a string`. */
export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}
