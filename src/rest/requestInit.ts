/** How a RestEndpoint turns a call's body into `fetch` init. */

/** Whether `fetch` sends `body` as it is (strings, `FormData`, `Blob`, binary, streams): everything but plain data. */
export function isSentAsIs(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/**
 * The `fetch` init for `method` and `body`, before headers are adjusted:
 * plain data as JSON with `Content-Type: application/json`, other bodies as
 * is; GET and HEAD never carry a body.
 */
export function baseRequestInit(
  method: string,
  signal: AbortSignal | undefined,
  body: unknown,
): { init: RequestInit; headers: Record<string, string> } {
  const init: RequestInit = { method };
  if (signal !== undefined) init.signal = signal;
  const headers: Record<string, string> = {};
  const upper = String(method).toUpperCase();
  if (body !== undefined && upper !== 'GET' && upper !== 'HEAD') {
    if (isSentAsIs(body)) {
      init.body = body as BodyInit;
    } else {
      init.body = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }
  return { init, headers };
}
