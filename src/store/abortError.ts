/** Why a request was aborted: `controller.abort`, or the AbortSignal of every caller still waiting for it. */
export type AbortCause = 'controller' | 'signal';

/**
 * The error an aborted request rejects its callers with: `name` is
 * `'AbortError'` (as `fetch`'s), the message names the endpoint and request key.
 */
export function abortError(endpoint: string, key: string, cause: AbortCause, reason?: unknown): Error {
  // A production message keeps the cause's name only (its code's page says what each means).
  const by =
    process.env.NODE_ENV === 'production'
      ? cause
      : cause === 'controller'
        ? '`controller.abort`'
        : 'its AbortSignal (the endpoint\'s `signal` option; a shared GET is aborted once no caller still waits for it)';
  const error = new Error(
    `[rest-slice] \`${endpoint}\` (${key}) was aborted by ${by}: its optimistic update was rolled back and nothing was stored. Fetch it again if it is still needed.`,
    reason === undefined ? undefined : { cause: reason },
  );
  error.name = 'AbortError';
  return error;
}

/** Whether `error` is an abort (`fetch`'s DOMException, or ours). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
