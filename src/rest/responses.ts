/** How a RestEndpoint sends its request and reads the answer, with errors naming method and URL. */
import type { FetchImplementation } from './Endpoint';
import { describeRequest, NetworkError } from './NetworkError';

/** An `Error` carrying the HTTP-like `status` that `errorPolicy` reads (`>= 500` is soft). */
export type StatusError = Error & { status: number };

function statusError(message: string, status: number, cause?: unknown): StatusError {
  const error = new Error(message, cause === undefined ? undefined : { cause }) as StatusError;
  error.status = status;
  return error;
}

function isAbort(error: unknown, signal: AbortSignal | null | undefined): boolean {
  // An abort with a reason (`controller.abort('left the page')`) rejects with that reason, whatever it is.
  return (error as Error | null)?.name === 'AbortError' || (signal?.aborted === true && error === signal.reason);
}

/** The message of an error plus its cause's code (`fetch failed: ECONNREFUSED`). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return [(error as Error | null)?.message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
}

/** The start of a body, quoted, for error messages. */
function quoteStart(text: string): string {
  const start = text.trim().slice(0, 200);
  return JSON.stringify(text.trim().length > 200 ? `${start}…` : start);
}

/**
 * Runs `fetchImpl(input, init)`.
 * @throws `NetworkError` for a non-2xx status; an error with `status: 500`
 * naming the request when the server cannot be reached (so it is soft, as
 * in Data Client); an `AbortError`, or the reason of an aborted `init.signal`, as it is.
 */
export async function sendRequest(
  fetchImpl: FetchImplementation,
  endpointName: string | undefined,
  method: string,
  input: string,
  init: RequestInit,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(input, init);
  } catch (error) {
    if (isAbort(error, init.signal)) throw error;
    throw statusError(`[rest-slice] ${describeRequest(endpointName, method, input)} could not be reached (${reasonOf(error)})`, 500, error);
  }
  if (!response.ok) {
    const error = new NetworkError(response, method, input, endpointName);
    error.data = await errorBody(response);
    throw error;
  }
  return response;
}

/** The body of an error response, read from a copy as a schema-less body is decoded; `undefined` when empty or unreadable. */
async function errorBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.clone().text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return decodeBody(text, response.headers.get('content-type') ?? '', '', true);
  } catch {
    // Labeled JSON but not JSON: the text is what there is.
    return text;
  }
}

/**
 * Reads the whole body as text.
 * @throws an error with `status: 500` naming `where` when the connection ends
 * before the body does (a network failure, soft); an `AbortError`, or the reason of the aborted
 * `signal`, as it is.
 */
export async function readText(response: Response, where: string, signal?: AbortSignal | null): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw statusError(
      `[rest-slice] ${where} answered ${response.status} but the connection ended before the whole body arrived (${reasonOf(error)})`,
      500,
      error,
    );
  }
}

/**
 * Decodes a non-empty body: JSON when the content type says so, else the text
 * when `wantsText`, else JSON found in a body mislabeled as text.
 * @throws an error with `status: 400` for invalid JSON (as Data Client), or
 * one naming the content type and quoting the body when the schema needs JSON.
 */
export function decodeBody(text: string, contentType: string, where: string, wantsText: boolean): unknown {
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw statusError(`[rest-slice] ${where} returned invalid JSON (${(error as Error).message}): ${quoteStart(text)}`, 400, error);
    }
  }
  if (wantsText) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // not JSON at all: reported below
  }
  throw new Error(
    `[rest-slice] ${where} returned ${contentType || 'a body with no content type'} where its schema needs JSON; the body starts ${quoteStart(text)}`,
  );
}
