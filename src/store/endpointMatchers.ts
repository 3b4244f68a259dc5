import type { PayloadAction } from '@reduxjs/toolkit';
import type { AbortPayload, FetchPayload, RequestMeta, SetErrorPayload, SetResponsePayload } from './actions';
import type { EndpointData, EndpointInterface, KeyArgs } from './endpoint';
import { responseCopies } from './responseCopies';
import type { RestCacheActions } from './slice';

/**
 * The JSON form of a value, as a response body has it: class instances as
 * their data members (no methods), a `Date` as its string (a member an Entity
 * converts with `static schema`, `createdAt: Date`, is the server's string).
 */
export type Jsonified<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Date
    ? string
    : T extends readonly (infer U)[]
      ? Jsonified<U>[]
      : T extends object
        ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonified<T[K]> }
        : T;

/** The payload of a `<reducerPath>/setResponse` that `matchFulfilled` accepted: the normalized result, and the response as sent. */
export interface FulfilledPayload<E> extends SetResponsePayload {
  /** The response after the endpoint's `process`, in its JSON form (`null` for no body), where `result` has entities as pks. */
  readonly response: Jsonified<EndpointData<E>>;
}

/**
 * Type guards for one endpoint's actions (RTK Query's
 * `api.endpoints.x.matchFulfilled`), for `builder.addMatcher` in
 * `extraReducers`, `isAnyOf` and the listener middleware's `matcher`.
 */
export interface EndpointMatchers<E> {
  /** `<reducerPath>/fetch`: a request was triggered (a call sharing a GET in flight dispatches none). */
  matchPending(action: unknown): action is PayloadAction<FetchPayload, string, RequestMeta>;
  /** `<reducerPath>/setResponse` with `payload.response`, the response after `process` in its JSON form. */
  matchFulfilled(action: unknown): action is PayloadAction<FulfilledPayload<E>>;
  /** `<reducerPath>/setError`: the request failed; `payload.error` is `{ name, message, status? }`. */
  matchRejected(action: unknown): action is PayloadAction<SetErrorPayload>;
  /** `<reducerPath>/abort`: the request was aborted (`controller.abort`, its callers' signals); no error is stored. */
  matchAborted(action: unknown): action is PayloadAction<AbortPayload>;
}

/**
 * Matchers of `endpoint`'s actions in `cache` (every request of it, or with
 * `args` the one request they name). From the moment they are made, this
 * endpoint's `setResponse` actions carry `response`, the response as the
 * server sent it, beside the normalized `result` (a login's `user` as an
 * object, not its pk); other endpoints' actions do not, so DevTools keeps one
 * copy of their data. The state keeps one copy either way. Make them where
 * the slice is defined, before the requests run.
 *
 * @example
 * const login = endpointMatchers(cache, AuthResource.login);
 * const auth = createSlice({
 *   name: 'auth',
 *   initialState: { token: null as string | null },
 *   reducers: {},
 *   extraReducers: (builder) =>
 *     builder.addMatcher(login.matchFulfilled, (state, action) => {
 *       state.token = action.payload.response.token;
 *     }),
 * });
 */
export function endpointMatchers<E extends EndpointInterface>(
  cache: { readonly actions: RestCacheActions },
  endpoint: E,
  ...args: [] | KeyArgs<E>
): EndpointMatchers<E> {
  const name = endpoint.name;
  const key = args.length === 0 ? undefined : endpoint.key(...args);
  const testKey = (endpoint as { testKey?: (key: string) => boolean }).testKey;
  const { actions } = cache;
  responseCopies(actions).add(name);
  // The name, and the key: the one named, else one this endpoint makes (two endpoints may share a default name).
  const ours = (action: unknown, creator: { match(action: unknown): boolean }): boolean => {
    if (!creator.match(action)) return false;
    const payload = (action as { payload: { endpoint: string; key: string } }).payload;
    return payload.endpoint === name && (key !== undefined ? payload.key === key : typeof testKey !== 'function' || testKey.call(endpoint, payload.key));
  };
  return {
    matchPending: (action): action is PayloadAction<FetchPayload, string, RequestMeta> => ours(action, actions.fetch),
    matchFulfilled: (action): action is PayloadAction<FulfilledPayload<E>> =>
      ours(action, actions.setResponse) && 'response' in (action as { payload: object }).payload,
    matchRejected: (action): action is PayloadAction<SetErrorPayload> => ours(action, actions.setError),
    matchAborted: (action): action is PayloadAction<AbortPayload> => ours(action, actions.abort),
  };
}
