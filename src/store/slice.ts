import { createSlice, isDraft, original, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type {
  AbortPayload,
  FetchPayload,
  KeysPayload,
  OptimisticPayload,
  RequestMeta,
  ResetPayload,
  SetErrorPayload,
  SetResponsePayload,
  SubscriptionPayload,
} from './actions';
import {
  adoptState,
  expireReducer,
  fetchReducer,
  invalidateReducer,
  optimisticReducer,
  resetReducer,
  setErrorReducer,
  setResponseReducer,
} from './reducers';
import { gcReducer, type GcPayload } from './gcReducer';
import { setReducer, type SetPayload } from './setReducer';
import { abortReducer } from './requestReducers';
import { initialRestCacheState, type RestCacheState } from './state';
import type { RestFeature } from './feature';
import type { CacheAction } from './middleware/types';

/** The state before this action (case reducers build a new state instead of writing to the draft); a preloaded one is adopted first. */
function base(state: unknown): RestCacheState {
  return adoptState((isDraft(state) ? original(state) : state) as RestCacheState);
}

function withMeta<P>(payload: P, meta?: RequestMeta) {
  return { payload, meta: meta ?? { requestId: '' } };
}

// Plain JSON: an action creator without `prepare` would carry `payload: undefined`.
const noPayload = () => ({ payload: {} as Record<string, never> });

/** The cache's slice: its name is the `reducerPath`, so actions read `rest/fetch`, `rest/setResponse`, ...; the features' cases run after the core's. */
export function createRestSlice<P extends string = string>(reducerPath: P, features: readonly RestFeature[] = []) {
  return createSlice({
    name: reducerPath,
    initialState: initialRestCacheState(),
    reducers: {
      /** A request was triggered (the middleware turns it into the HTTP call). */
      fetch: {
        reducer: (state: RestCacheState, action: PayloadAction<FetchPayload, string, RequestMeta>) => fetchReducer(base(state), action.payload),
        prepare: withMeta<FetchPayload>,
      },
      /** An optimistic update was applied on top of the confirmed data. */
      optimistic: (state: RestCacheState, action: PayloadAction<OptimisticPayload>) => optimisticReducer(base(state), action.payload),
      /** A response, normalized and merged; removes the fetch's optimistic update. */
      setResponse: (state: RestCacheState, action: PayloadAction<SetResponsePayload>) => setResponseReducer(base(state), action.payload),
      /** A failure; removes (rolls back) the fetch's optimistic update. */
      setError: (state: RestCacheState, action: PayloadAction<SetErrorPayload>) => setErrorReducer(base(state), action.payload),
      /** A fetch was aborted (`controller.abort` or its callers' signals): its optimistic update rolls back, no error is stored. */
      abort: (state: RestCacheState, action: PayloadAction<AbortPayload>) => abortReducer(base(state), action.payload),
      /** Marks request results invalid: they count as missing until refetched. */
      invalidate: (state: RestCacheState, action: PayloadAction<KeysPayload>) => invalidateReducer(base(state), action.payload),
      /** Like `invalidate`, for every key a `testKey` matched. */
      invalidateAll: (state: RestCacheState, action: PayloadAction<KeysPayload>) => invalidateReducer(base(state), action.payload),
      /** Marks request results stale (refetched on next use, still shown meanwhile). */
      expireAll: (state: RestCacheState, action: PayloadAction<KeysPayload>) => expireReducer(base(state), action.payload),
      /** Empties the cache; responses of fetches started before it are dropped. */
      reset: (state: RestCacheState, action: PayloadAction<ResetPayload>) => resetReducer(base(state), action.payload),
      /** A garbage collection sweep removed these results and entity rows (nothing in use reached them). */
      gc: (state: RestCacheState, action: PayloadAction<GcPayload>) => gcReducer(base(state), action.payload),
      /** `controller.set`: rows written without a request, merged like a response's (no result, request or optimistic update changes). */
      set: (state: RestCacheState, action: PayloadAction<SetPayload>) => setReducer(base(state), action.payload),
      /** A component or script subscribed to a request (the middleware polls it). */
      subscribe: {
        reducer: (state: RestCacheState) => state,
        prepare: withMeta<SubscriptionPayload>,
      },
      /** The subscription ended. */
      unsubscribe: {
        reducer: (state: RestCacheState) => state,
        prepare: withMeta<SubscriptionPayload>,
      },
      /** The page became visible or its window got focus (`setupListeners`): results in use refetch, sleeping polls wake. */
      focus: { reducer: (state: RestCacheState) => state, prepare: noPayload },
      /** The page became hidden (`setupListeners`): polling sleeps unless the endpoint sets `pollWhenHidden`. */
      blur: { reducer: (state: RestCacheState) => state, prepare: noPayload },
      /** The network came back (`setupListeners`): results in use refetch, sleeping polls wake. */
      online: { reducer: (state: RestCacheState) => state, prepare: noPayload },
      /** The network went away (`setupListeners`): polling sleeps. */
      offline: { reducer: (state: RestCacheState) => state, prepare: noPayload },
    },
    extraReducers: (builder) => {
      // A feature's cases, by full type; one matcher per feature, so features run in the order installed.
      for (const feature of features) {
        const cases = feature.reducers;
        if (cases === undefined) continue;
        const byType = new Map(Object.keys(cases).map((suffix) => [`${reducerPath}/${suffix}`, cases[suffix]]));
        builder.addMatcher(
          (action: UnknownAction): action is CacheAction => byType.has(action.type),
          (state, action) => byType.get(action.type)!(base(state), action),
        );
      }
      // Any other action (Redux's init among them) adopts a preloaded state, before RTK's checks first walk it.
      builder.addDefaultCase(base);
    },
  });
}

/** The cache's slice; `P` is its `reducerPath` (and name), so `combineSlices` keys the state by it. */
export type RestSlice<P extends string = string> = ReturnType<typeof createRestSlice<P>>;
export type RestCacheActions = RestSlice['actions'];
