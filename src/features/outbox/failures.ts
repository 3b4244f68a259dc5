// How the outbox tells failures apart: no answer at all (kept, also on the first attempt), an answer asking
// to try later (kept on replay), or a refusal (the write fails and rolls back).
import { NetworkError } from '../../rest/NetworkError';
import { isAbortError } from '../../store/abortError';
import type { SerializedError } from '../../store/state';

/** A new id: random, so that two tabs or two pages never make the same. */
export function newId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The status of an error, if it has a numeric one. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A failure with no answer from the server: refused, reset, cut off, no network (status 500 without a response). */
export function isUnreachable(error: unknown): boolean {
  if (isAbortError(error) || error instanceof NetworkError) return false;
  const status = statusOf(error);
  if (status === undefined) return error instanceof TypeError;
  return status === 500 && (error as { response?: unknown }).response === undefined;
}

/** A failure a replay keeps the entry for: no answer, a 5xx, 408 or 429 (the server asks to try later). */
export function isKept(error: unknown): boolean {
  if (isUnreachable(error)) return true;
  const status = statusOf(error);
  return status !== undefined && (status >= 500 || status === 408 || status === 429);
}

export function revive(error: SerializedError): Error {
  return Object.assign(new Error(error.message), error);
}
