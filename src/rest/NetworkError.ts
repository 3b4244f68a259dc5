/**
 * Thrown for a non-2xx response; keeps the `Response` (body unread) so a
 * caller can read the server's error payload.
 */
export class NetworkError extends Error {
  /** The HTTP status, e.g. `404`. */
  readonly status: number;
  /** The response, with its body unread. */
  readonly response: Response;

  constructor(response: Response, method = 'GET', url: string = response.url) {
    const statusText = response.statusText ? ` ${response.statusText}` : '';
    super(`[rest-slice] ${method} ${url} failed: ${response.status}${statusText}`);
    this.name = 'NetworkError';
    this.status = response.status;
    this.response = response;
  }
}
