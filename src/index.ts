/**
 * The `rest-slice` entry point: schemas (Entity, Collection, ...), endpoints
 * (`RestEndpoint`, `createResource`) and the Redux side (`createRestCache`).
 * No React import anywhere below it.
 *
 * @module rest-slice
 */
export { Entity, isEntityClass } from './schema/Entity';
export { EntityMixin } from './schema/EntityMixin';
/** The schema classes under Data Client's names: `schema.Array`, `schema.Collection`, `schema.Entity` (the mixin), `schema.Query`, ... */
export * as schema from './schema/schema';
export { Collection, CollectionAdder } from './schema/Collection';
export { CollectionMover, CollectionRemover } from './schema/CollectionEdits';
export { Invalidate } from './schema/Invalidate';
export { All } from './schema/All';
export { Query } from './schema/Query';
export { Union } from './schema/Union';
export { Values } from './schema/Values';
export { ArraySchema } from './schema/Array';
export { ObjectSchema } from './schema/Object';
export { INVALID } from './schema/INVALID';
export { normalize } from './schema/normalize';
export { denormalize } from './schema/denormalize';
export { MAX_JSON_DEPTH, MAX_SCHEMA_DEPTH } from './schema/limits';

export type { AbstractInstance, AbstractInstance as AbstractInstanceType } from './schema/Entity';
export { validateRequired } from './schema/validateRequired';
export type { EntityMixinClass, EntityMixinOptions } from './schema/EntityMixin';
export type { CollectionArgs, CollectionOptions, AddMode } from './schema/Collection';
export type { SchemaAttribute } from './schema/Polymorphic';
export type {
  NormalizeResult,
  NormalizedEntities,
  NormalizedEntitiesMeta,
} from './schema/normalize';
export type {
  Denormalize,
  DenormalizeNullable,
  EntityMeta,
  EntityMetaTables,
  EntityRow,
  EntityTables,
  GetEntity,
  Schema,
} from './schema/types';

// rest
export { RestEndpoint } from './rest/RestEndpoint';
export { Endpoint } from './rest/Endpoint';
export type { EndpointInstance, EndpointMembers, EndpointOptions, FetchFunction, FetchImplementation } from './rest/Endpoint';
export { createResource } from './rest/createResource';
export { NetworkError } from './rest/NetworkError';
export type { CacheOptions, ResultUpdate } from './rest/cacheOptions';
export type { RetryDelayOption, RetryOption } from './rest/retryOptions';
export type { LiveController, LiveEndpoint, OnSubscribe, SetRest, SetUpdater, SetValue, SubscribeResult } from './rest/liveController';
export { AbortOptimistic } from './rest/AbortOptimistic';
export { ExpiryStatus } from './rest/ExpiryStatus';
export { buildPath, shortenPath } from './rest/paths';
export type { EndpointClass, EndpointParams, RestEndpointConstructor, RestEndpointInstance } from './rest/RestEndpoint';
export type {
  ExtendOptions,
  FetchWithOptions,
  Generics,
  InferredOptions,
  RestEndpointExtraOptions,
  RestEndpointOptions,
} from './rest/endpointOptions';
export type { CreateResourceOptions, ResourceExtraOptions, ResourceOptions, RestEndpointClass } from './rest/resourceOptions';
export type { GetListEndpoint, ResourceMembers } from './rest/resourceMembers';
export type { MemberOptions, ResourceExtend, ResourceWith } from './rest/resourceExtend';
export type {
  AddEndpoint,
  ExtendedResource,
  GenericsOf,
  GetEndpoint,
  MutateEndpoint,
  PathArgsAndSearch,
  Resource,
  ResourceGenerics,
  ResourceMembersOf,
} from './rest/resourceTypes';
export type {
  Defaults,
  FetchGet,
  FetchMutate,
  KeyofRestEndpoint,
  KeysToArgs,
  PartialRestGenerics,
  RestEndpointConstructorOptions,
  RestFetch,
  RestInstance,
  RestType,
} from './rest/dataClientTypes';
export type {
  ArrayElement,
  EndpointExtendOptions,
  EndpointExtraOptions,
  EndpointInstanceInterface,
  EndpointParam,
  EndpointToFunction,
  ErrorTypes,
  ExpiryStatusInterface,
  FromFallBack,
  HookableEndpointInterface,
  IndexParams,
  KeyofEndpointInstance,
  MethodToSide,
  Normalize,
  NormalizeNullable,
  OptionsToFunction,
  ParamFetchNoBody,
  ParamFetchWithBody,
  PolymorphicInterface,
  ReadEndpoint,
  RestEndpointExtendOptions,
  RestExtendedEndpoint,
  RestInstanceBase,
  RestTypeNoBody,
  RestTypeWithBody,
  SchemaClass,
  SchemaSimple,
  SchemaToArgs,
  UnknownError,
} from './rest/dataClientTypes';
export type {
  CustomResource,
  HookResource,
  ResourceEndpointExtensions,
  ResourceExtension,
  ResourceInterface,
} from './rest/dataClientResourceTypes';
export { hookifyResource } from './rest/hookifyResource';
export type { AdderSchema, ExtractCollection, MapCollection, MoveSchema, RemoveCursor, RemoveSchema } from './rest/collectionSchemas';
export type { CursorValue, PaginationEndpoint, PaginationFieldEndpoint, RemoveCursorFn } from './rest/paginated';
export type { SnapshotEndpoint, SnapshotInterface } from './rest/Snapshot';
export type { OptionalPathKeys, PathArgs, PathKeys, PathValue, RequiredPathKeys, ResourcePath, ShortenPath } from './rest/pathTypes';
export type {
  ArgsOf,
  BodyOf,
  HookArgsOf,
  HttpMethod,
  MethodOf,
  ParamsOf,
  ResolveType,
  RestGenerics,
  ResultOf,
  SchemaOf,
} from './rest/types';
// end rest

// store
export { createRestCache, restCache } from './store/createRestCache';
export { initialRestCacheState } from './store/state';
export type { RestCache, RestCacheOptions } from './store/createRestCache';
export type { Scheduler } from './store/scheduler';
export { Controller } from './store/controller';
export type { ControllerConstructor, ResolveOptions, StoreLike } from './store/controller';
export type { EndpointArgs, EndpointData, EndpointInterface, KeyArgs } from './store/endpoint';
export type { ResponseState } from './store/selectors';
export type { NextParams } from './rest/endpointOptions';
export type { OptimisticEntry, RestCacheState, ResultMeta, SerializedError } from './store/state';
export type { BucketedTable, FlatTable, StoredTable, StoredTables } from './store/tables';
export type { AbortPayload } from './store/actions';
export type { CacheAction } from './store/middleware/types';
export type { FeatureCache, FeatureCaseReducer, FeatureMethods, FeatureRequest, FeatureRuntime, FeatureStore, FeatureWrite, RestFeature } from './store/feature';
export type { RestSlice, RestCacheActions } from './store/slice';
export type { HeldQuery, InUseEntry, RetainableQuery, RetainQueryArgs, Usage, UsersChangeListener } from './store/middleware/usage';
export type { GcPayload } from './store/gcReducer';
export type { SetPayload } from './store/setReducer';
// end store

// features: each a module an app installs with `createRestCache({ features: [...] })`
export { allFeatures } from './features/allFeatures';
export { collectionEdits } from './features/collectionEdits/collectionEdits';
export { infinitePages, selectPages } from './features/infinitePages/infinitePages';
export type { PageState, PagesInfo, PagesPayload, PagesState } from './features/infinitePages/pagination';
export { listeners } from './features/listeners/listeners';
export type { ListenersOptions } from './features/listeners/listeners';
export { setupListeners } from './features/listeners/setupListeners';
export type { RemoveListeners } from './features/listeners/setupListeners';
export { live } from './features/live/live';
export { retry } from './features/retry/retry';
export type { RetryFeatureOptions } from './features/retry/retry';
export type { RetryPayload, RetryState } from './features/retry/retryState';
export { updaters } from './features/updaters/updaters';

// React hook state and per-hook polling: the options of `controller.subscribe` and the polling hooks
export type { PollOptions } from './store/controller';

// persist: the cache saved to a storage and restored when a store starts
export { persist } from './features/persist/persist';
export type { PersistFeature, PersistOptions, PersistOutcome } from './features/persist/persist';
export type { RehydratePayload } from './features/persist/rehydrate';
export { indexedDbStorage, localStorageStorage, memoryStorage } from './features/persist/storages';
export type { MemoryStorage, PersistStorage } from './features/persist/storages';

// The outbox feature: writes kept while the server cannot be reached, replayed later.
export { discardOutboxEntry, outbox, retryOutboxEntry, selectOutbox } from './features/outbox/outbox';
export type { OutboxOptions } from './features/outbox/outbox';
export type { OutboxEntry } from './features/outbox/outboxState';

// crossTab: tabs of one app share the cache over a BroadcastChannel
export { crossTab } from './features/crossTab/crossTab';
export type { CrossTabChannel, CrossTabFeature, CrossTabListener, CrossTabOptions } from './features/crossTab/crossTab';
export type { CrossTabStatePayload } from './features/crossTab/tabState';
export type { FeatureAnswer } from './store/feature';

// store-aware headers, endpoint matchers and controller undo (RTK Query habits)
export { prepareHeaders } from './features/prepareHeaders/prepareHeaders';
export type { PrepareHeaders, PrepareHeadersApi } from './features/prepareHeaders/prepareHeaders';
export type { SetPromise } from './store/controller';
export { endpointMatchers } from './store/endpointMatchers';
export type { EndpointMatchers, FulfilledPayload, Jsonified } from './store/endpointMatchers';
export type { SetErrorPayload, SetResponsePayload } from './store/actions';
