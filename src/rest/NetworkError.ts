/**
 * Thrown for a non-2xx response; keeps the `Response` (body unread) so a
 * caller can read the server's error payload, and a RestEndpoint's fetch
 * gives that payload already read as `data`.
 */
export class NetworkError extends Error {
  /** The HTTP status, e.g. `404`. */
  readonly status: number;
  /** The response, with its body unread. */
  readonly response: Response;
  /**
   * The body of the error response, read from a copy (`response` stays
   * unread): parsed JSON when the content type says JSON, else the text;
   * `undefined` when empty or unreadable, and for one made by hand. What
   * RTK Query's `fetchBaseQuery` gives as `error.data`.
   */
  data?: unknown;

  /** `endpointName`, when given, is named before the request: `` `Todo.get` (GET …/todos/5) failed: 404 ``. */
  constructor(response: Response, method = 'GET', url: string = response.url, endpointName?: string) {
    const statusText = response.statusText ? ` ${response.statusText}` : '';
    super(`[rest-slice] ${describeRequest(endpointName, method, url)} failed: ${response.status}${statusText}`);
    this.name = 'NetworkError';
    this.status = response.status;
    this.response = response;
  }
}

/**
 * How error messages name one request: `GET http://…/todos/1`, or
 * `` `Todo.get` (GET http://…/todos/1) `` when the endpoint has its own name.
 */
export function describeRequest(endpointName: string | undefined, method: string, url: string): string {
  return endpointName === undefined ? `${method} ${url}` : `\`${endpointName}\` (${method} ${url})`;
}
