/** How a RestEndpoint turns a call's body into `fetch` init. */
import { describeKind } from '../schema/own';

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

/** `headers` of a `RequestInit` (an object, pairs or a `Headers`) as a plain object. */
function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  const entries: Iterable<readonly [string, string]> =
    typeof Headers !== 'undefined' && headers instanceof Headers
      ? headers.entries()
      : Array.isArray(headers)
        ? headers
        : Object.entries(headers as Record<string, string>);
  for (const [name, value] of entries) out[name] = value;
  return out;
}

/**
 * The `fetch` init for `method` and `body`, before headers are adjusted:
 * `defaults` (the endpoint's `requestInit`) with the method, the signal and
 * the body over it; plain data as JSON with `Content-Type: application/json`
 * unless `defaults` names a content type, other bodies as is; GET and HEAD
 * never carry a body.
 */
export function baseRequestInit(
  method: string,
  signal: AbortSignal | undefined,
  body: unknown,
  defaults?: RequestInit,
  owner: () => string = () => 'a RestEndpoint',
): { init: RequestInit; headers: Record<string, string> } {
  if (defaults !== undefined && (typeof defaults !== 'object' || defaults === null || Array.isArray(defaults))) {
    throw new TypeError(
      `[rest-slice] ${owner()}'s \`requestInit\` must be an object of fetch init options (\`credentials\`, \`headers\`, ...), got ${describeKind(defaults)}`,
    );
  }
  const init: RequestInit = { ...defaults, method };
  if (defaults !== undefined) {
    // The call's body and the headers below replace the defaults' own.
    delete init.body;
    delete init.headers;
  }
  if (signal !== undefined) init.signal = signal;
  const own = headersOf(defaults?.headers);
  const headers: Record<string, string> = {};
  const upper = String(method).toUpperCase();
  if (body !== undefined && upper !== 'GET' && upper !== 'HEAD') {
    if (isSentAsIs(body)) {
      init.body = body as BodyInit;
    } else {
      try {
        init.body = JSON.stringify(body);
      } catch (error) {
        // A BigInt, a cycle, a `toJSON` that throws: the engine's message names no request.
        throw new TypeError(`[rest-slice] the body of ${owner()} has no JSON form, so nothing was sent: ${error instanceof Error ? error.message : 'a value JSON.stringify refused'}`, { cause: error });
      }
      if (!Object.keys(own).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    }
  }
  return { init, headers: Object.assign(headers, own) };
}
