import { type AbstractInstance, type Entity, isEntityClass } from '../schema/Entity';
import { INVALID } from '../schema/INVALID';
import { inferResult, isQuerySchema } from '../schema/Query';
import type { Denormalize } from '../schema/types';
import type { MemoCache } from '../schema/MemoCache';
import { ExpiryStatus } from '../rest/ExpiryStatus';
import type { EndpointData, EndpointInterface, KeyArgs } from './endpoint';
import { deserializeError, errorMessage } from './serialize';
import { initialRestCacheState, type RestCacheState, type SerializedError } from './state';
import type { View } from './view';
import { warnOnce } from './warnOnce';

/** What `getResponse` and `selectResponse` return. */
export interface ResponseState<T> {
  /** The denormalized data; `undefined` while missing or invalid. */
  readonly data: T | undefined;
  readonly expiryStatus: ExpiryStatus;
  /** When the data becomes stale (ms since epoch); 0 when there is none. */
  readonly expiresAt: number;
}

export interface SelectorContext {
  readonly reducerPath: string;
  readonly memo: MemoCache;
  viewOf(state: RestCacheState): View;
  /** The original error objects, by the stored form the middleware put in the state. */
  readonly errorObjects: WeakMap<object, Error>;
}

const MAX_CACHED_RESPONSES = 5_000;

/** The pk an Entity endpoint's params name, when that entity is stored (Data Client's result inference). */
function inferEntityPk(schema: unknown, args: readonly unknown[], view: View): { pk: string; expiresAt: number } | undefined {
  if (!isEntityClass(schema)) return undefined;
  const params = args[0];
  if (typeof params !== 'object' || params === null) return undefined;
  let id: unknown;
  try {
    id = schema.pk(params as Record<string, unknown>, undefined, undefined, args);
  } catch {
    return undefined;
  }
  if (id === undefined || id === null || id === '') return undefined;
  const pk = String(id);
  if (view.getEntity(schema.key, pk) === undefined) return undefined;
  return { pk, expiresAt: view.getMeta(schema.key, pk)?.expiresAt ?? 0 };
}

/** Reads the cache's slice of the root state, warning once when it is not mounted. */
export function createSliceSelector(reducerPath: string) {
  const empty = initialRestCacheState();
  return function selectSlice(rootState: unknown): RestCacheState {
    const slice = (rootState as Record<string, RestCacheState | undefined> | undefined)?.[reducerPath];
    if (slice === undefined || slice === null || typeof slice !== 'object' || !('entities' in slice)) {
      warnOnce(
        `[rest-slice] no cache state at \`${reducerPath}\`: add \`[cache.reducerPath]: cache.reducer\` to the store's reducer (\`configureStore({ reducer: { ${reducerPath}: cache.reducer } })\`).`,
      );
      return empty;
    }
    return slice;
  };
}

/** The memoized selectors of one cache instance. They take the root state. */
export function createSelectors(context: SelectorContext) {
  const selectSlice = createSliceSelector(context.reducerPath);
  const responses = new Map<string, ResponseState<unknown>>();
  const entityLists = new WeakMap<Function, unknown[]>();
  const listsByView = new WeakMap<View, WeakMap<Function, unknown[]>>();
  const rebuiltErrors = new WeakMap<object, Error>();
  // Request keys answered by inference (no stored result): `invalidateAll`/`expireAll` reach them too.
  const inferredKeys = new Set<string>();

  // Reads of one sealed view (one state) are answered once per key.
  const byView = new WeakMap<View, WeakMap<EndpointInterface, Map<string, ResponseState<unknown>>>>();

  function responseOf(view: View, endpoint: EndpointInterface, args: readonly unknown[]): ResponseState<unknown> {
    const key = endpoint.key(...args);
    let answered: Map<string, ResponseState<unknown>> | undefined;
    if (view.sealed) {
      let byEndpoint = byView.get(view);
      if (byEndpoint === undefined) {
        byEndpoint = new WeakMap();
        byView.set(view, byEndpoint);
      }
      answered = byEndpoint.get(endpoint);
      if (answered === undefined) {
        answered = new Map();
        byEndpoint.set(endpoint, answered);
      }
      const known = answered.get(key);
      if (known !== undefined) return known;
    }
    let result = view.getResult(key);
    const meta = view.getResultMeta(key);
    let expiresAt = meta?.expiresAt ?? 0;
    if (result === undefined && !meta?.invalidated) {
      // No result stored (never fetched, or only failed), but an entity endpoint's result follows
      // from its params: `get({ id: 2 })` reads Todo 2 when a list already brought it.
      const inferred = inferEntityPk(endpoint.schema, args, view);
      if (inferred !== undefined) {
        result = inferred.pk;
        // A meta without a result (an error, `expireAll`) can only make it stale sooner.
        expiresAt = meta === undefined ? inferred.expiresAt : Math.min(meta.expiresAt, inferred.expiresAt);
        if (inferredKeys.size >= MAX_CACHED_RESPONSES) inferredKeys.clear();
        inferredKeys.add(key);
      }
    }
    if (isQuerySchema(endpoint.schema)) {
      // A Query or All reads the cache itself: every stored row, whatever the last response held.
      const queried = inferResult(endpoint.schema, args, view);
      if (queried !== undefined) result = queried;
    }
    let data: unknown;
    try {
      if (endpoint.schema === undefined || endpoint.schema === null) {
        data = result;
      } else if (view.recorder !== undefined) {
        // An optimistic update reading: note the rows behind the value in one entry.
        const tracked = context.memo.denormalizeTracked(endpoint.schema, result, view.recorder.source.getEntity, args);
        view.recorder.note(tracked.deps);
        data = tracked.value;
      } else {
        data = context.memo.denormalizeWith(endpoint.schema, result, view.getEntity, args);
      }
    } catch (error) {
      // Responses are read back before they are stored; this is data that came another way (a replayed action).
      throw new Error(
        `[rest-slice] the stored response of \`${endpoint.name}\` (${key}) cannot be read: ${errorMessage(error)}. ` +
          'Refetch it, or fix the member schema that fails on it.',
        { cause: error },
      );
    }
    let expiryStatus: ExpiryStatus;
    if (data === INVALID || data === undefined || meta?.invalidated) {
      // API.md: `data` is undefined while missing or invalid (also after `controller.invalidate`).
      data = undefined;
      expiryStatus = ExpiryStatus.Invalid;
    } else {
      expiryStatus = endpoint.invalidIfStale ? ExpiryStatus.InvalidIfStale : ExpiryStatus.Valid;
    }
    const previous = responses.get(key);
    if (
      previous !== undefined &&
      previous.data === data &&
      previous.expiryStatus === expiryStatus &&
      previous.expiresAt === expiresAt
    ) {
      answered?.set(key, previous);
      return previous;
    }
    const next: ResponseState<unknown> = Object.freeze({ data, expiryStatus, expiresAt });
    if (responses.size >= MAX_CACHED_RESPONSES) responses.clear();
    responses.set(key, next);
    answered?.set(key, next);
    return next;
  }

  function errorOf(view: View, endpoint: EndpointInterface, args: readonly unknown[]): Error | undefined {
    const stored = view.getResultMeta(endpoint.key(...args))?.error as SerializedError | undefined;
    if (stored === undefined) return undefined;
    const original = context.errorObjects.get(stored);
    if (original !== undefined) return original;
    let rebuilt = rebuiltErrors.get(stored);
    if (rebuilt === undefined) {
      rebuilt = deserializeError(stored);
      rebuiltErrors.set(stored, rebuilt);
    }
    return rebuilt;
  }

  function entityOf<E extends typeof Entity>(view: View, entity: E, pk: string | number): AbstractInstance<E> | undefined {
    const id = String(pk);
    const row = view.getEntity(entity.key, id);
    if (row === undefined || row === null) return undefined;
    let data;
    try {
      data = context.memo.denormalizeWith(entity, id, view.getEntity);
    } catch (error) {
      throw new Error(
        `[rest-slice] the stored entity \`${entity.key}\` ${JSON.stringify(id)} cannot be read: ${errorMessage(error)}`,
        { cause: error },
      );
    }
    return data === INVALID ? undefined : data;
  }

  return {
    selectSlice,
    /** The view of the cache with pending optimistic updates applied. */
    selectView: (rootState: unknown): View => context.viewOf(selectSlice(rootState)),
    responseOf,
    errorOf,
    entityOf,
    /** Request keys recently answered by inference from stored entities (bounded). */
    inferredKeys: (): Iterable<string> => inferredKeys,

    /**
     * What a `schema.Query`, `schema.All`, Collection or Entity class holds in
     * the cache for `args`, without a request (optimistic view); `undefined`
     * while missing or invalid. The same data and args give the same object.
     */
    selectQuery<S>(rootState: unknown, schema: S, ...args: readonly unknown[]): Denormalize<S> | undefined {
      const view = context.viewOf(selectSlice(rootState));
      const result = inferResult(schema, args, view);
      if (result === undefined) return undefined;
      const data = context.memo.denormalizeWith(schema, result, view.getEntity, args);
      return data === INVALID ? undefined : data;
    },

    /** One entity as an instance (optimistic view), or `undefined` when missing or invalidated. */
    selectEntity<E extends typeof Entity>(rootState: unknown, entity: E, pk: string | number) {
      return entityOf(context.viewOf(selectSlice(rootState)), entity, pk);
    },

    /** Every stored entity of a type, as instances; invalidated ones are left out. */
    selectEntities<E extends typeof Entity>(rootState: unknown, entity: E): AbstractInstance<E>[] {
      const view = context.viewOf(selectSlice(rootState));
      // The same state gives its answer without walking the table again.
      let byEntity = listsByView.get(view);
      if (byEntity === undefined) {
        byEntity = new WeakMap();
        listsByView.set(view, byEntity);
      }
      const answered = byEntity.get(entity);
      if (answered !== undefined) return answered as AbstractInstance<E>[];
      const list: unknown[] = [];
      for (const pk of view.getPks(entity.key)) {
        const item = entityOf(view, entity, pk);
        if (item !== undefined) list.push(item);
      }
      const previous = entityLists.get(entity);
      const result =
        previous !== undefined && previous.length === list.length && previous.every((item, i) => item === list[i])
          ? previous
          : list;
      entityLists.set(entity, result);
      if (view.sealed) byEntity.set(entity, result);
      return result as AbstractInstance<E>[];
    },

    /** `{ data, expiryStatus, expiresAt }` of a request; the same object while nothing changed. */
    selectResponse<E extends EndpointInterface>(rootState: unknown, endpoint: E, ...args: KeyArgs<E>): ResponseState<EndpointData<E>> {
      return responseOf(context.viewOf(selectSlice(rootState)), endpoint, args) as ResponseState<EndpointData<E>>;
    },

    /** The error of the request's last failure, until a later fetch succeeds. */
    selectError<E extends EndpointInterface>(rootState: unknown, endpoint: E, ...args: KeyArgs<E>): Error | undefined {
      return errorOf(context.viewOf(selectSlice(rootState)), endpoint, args);
    },

    /** True while a fetch of this request is in flight. */
    selectIsLoading<E extends EndpointInterface>(rootState: unknown, endpoint: E, ...args: KeyArgs<E>): boolean {
      const slice = selectSlice(rootState);
      return Object.prototype.hasOwnProperty.call(slice.inflight, endpoint.key(...args));
    },
  };
}

export type RestCacheSelectors = ReturnType<typeof createSelectors>;
