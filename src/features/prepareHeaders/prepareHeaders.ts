import type { RestFeature } from '../../store/feature';
import { errorMessage } from '../../store/serialize';

/**
 * What {@link prepareHeaders} is given: the headers of one request and the
 * store that runs it; it returns the headers to send, or nothing to send
 * `headers` as changed in place.
 */
export type PrepareHeaders = (headers: Headers, api: PrepareHeadersApi) => HeadersInit | void | Promise<HeadersInit | void>;

/** What {@link PrepareHeaders} learns of the request and of the store that runs it. */
export interface PrepareHeadersApi {
  /** The root state of the store that runs the request (cast it to your `RootState`). */
  getState(): unknown;
  /** The endpoint's `name` (`Todo.get`). */
  readonly endpoint: string;
  /** The request key (`GET https://api.example.com/todos/1`). */
  readonly key: string;
  /** The call's args as plain JSON, as the `fetch` action has them. */
  readonly args: readonly unknown[];
  /** `'mutation'` for an endpoint with `sideEffect`, else `'query'` (RTK Query's names). */
  readonly type: 'query' | 'mutation';
}

/**
 * The store-aware headers feature (RTK Query's `prepareHeaders`): `prepare`
 * gets the headers of each request the store sends (after the endpoint's own
 * `getRequestInit`/`getHeaders`) and the store's `getState`, so a token kept
 * in an auth slice is read at each request, and again at each retry. Change
 * `headers` in place or return others (which keep the body's `Content-Type`
 * when they name none). A throw fails that request, which is
 * not sent; the error names the endpoint and request, with the original as
 * `cause`. An endpoint called directly (no store) does not run it, nor does
 * an endpoint whose own `fetch` skips `getRequestInit`.
 *
 * @example
 * const cache = createRestCache({
 *   features: [
 *     prepareHeaders((headers, { getState }) => {
 *       const token = (getState() as RootState).auth.token;
 *       if (token) headers.set('Authorization', `Bearer ${token}`);
 *     }),
 *   ],
 * });
 */
export function prepareHeaders(prepare: PrepareHeaders): RestFeature {
  if (typeof prepare !== 'function') {
    throw new TypeError(`[rest-slice] \`prepareHeaders(prepare)\` takes a function \`(headers, { getState }) => headers\`, got ${prepare === null ? 'null' : typeof prepare}.`);
  }
  return {
    name: 'prepareHeaders',
    setup: (cache, store) => ({
      async prepareHeaders(given, { endpoint, payload }) {
        const headers = new Headers(given);
        const contentType = headers.get('Content-Type');
        const { key, args } = payload;
        try {
          const returned = await prepare(headers, { getState: store.getState, endpoint: endpoint.name, key, args, type: endpoint.sideEffect ? 'mutation' : 'query' });
          if (returned === undefined || returned === null) return headers;
          // Other headers in place of these still describe the same body: a JSON body stays `application/json`
          // (as RTK Query's `fetchBaseQuery` sets it after `prepareHeaders`).
          const replaced = new Headers(returned);
          if (contentType !== null && !replaced.has('Content-Type')) replaced.set('Content-Type', contentType);
          return replaced;
        } catch (error) {
          throw new Error(
            `[rest-slice] \`prepareHeaders\` of the cache at \`${cache.reducerPath}\` threw for \`${endpoint.name}\` (${key}), so the request was not sent: ${errorMessage(error)}`,
            { cause: error },
          );
        }
      },
    }),
  };
}
