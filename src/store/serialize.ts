import type { SerializedError } from './state';

/** The plain JSON form of an error, as the store keeps it. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number'
      ? { name: error.name, message: error.message, status }
      : { name: error.name, message: error.message };
  }
  return { name: 'Error', message: String(error) };
}

/** Rebuilds an `Error` from its stored form (when the original is not at hand, e.g. after a replay). */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.status !== undefined) (error as Error & { status?: number }).status = serialized.status;
  return error;
}

function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth > 50) return false;
  if (Array.isArray(value)) return value.every((item) => isPlainJson(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => item === undefined || isPlainJson(item, depth + 1));
}

/**
 * Args as they go into actions and the state: plain JSON. A `FormData` body or
 * a class instance becomes a short description; the real args stay in the
 * middleware's closure.
 */
export function serializeArgs(args: readonly unknown[]): unknown[] {
  return args.map((arg) => {
    if (arg === undefined || isPlainJson(arg)) return arg;
    if (typeof FormData !== 'undefined' && arg instanceof FormData) return '[FormData]';
    try {
      return JSON.parse(JSON.stringify(arg)) as unknown;
    } catch {
      return `[${(arg as object)?.constructor?.name ?? typeof arg}]`;
    }
  });
}
