import { plainJson } from '../schema/jsonForm';
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
