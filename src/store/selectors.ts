import type { AbstractInstance, Entity } from '../schema/Entity';
import { INVALID } from '../schema/INVALID';
import { inferResult } from '../schema/Query';
import type { Denormalize } from '../schema/types';
import type { MemoCache } from '../schema/MemoCache';
import type { EndpointData, EndpointInterface, KeyArgs } from './endpoint';
import type { Reads, ResponseState } from './reads';
import { initialRestCacheState, type RestCacheState } from './state';
import type { View } from './view';
import { warnOnce } from './warnOnce';
import { entryOf } from '../schema/own';
import { hasOwn } from '../schema/own';

export type { ResponseState };

/** What the selectors need: where the slice is mounted, the view of a state, and how to read it. */
export interface SelectorsInput {
  readonly reducerPath: string;
  /** The memo that reads a state (its store's). */
  memoOf(state: RestCacheState): MemoCache;
  viewOf(state: RestCacheState): View;
  readonly reads: Pick<Reads, 'responseOf' | 'errorOf' | 'entityOf'>;
  /** Whether any store runs this cache's middleware yet (a development warning when none does). */
  readonly hasStores: () => boolean;
}

/** The warning of a cache whose middleware a store lacks (the controller's and the selectors'). */
export function missingMiddleware(reducerPath: string): string {
  return (
    `[rest-slice] the middleware of the cache at \`${reducerPath}\` has not been added to this store: ` +
    'add it with `middleware: (getDefault) => getDefault().concat(cache.middleware)`.'
  );
}

/** Reads the cache's slice of the root state, warning once when it is not mounted. */
export function createSliceSelector(reducerPath: string, hasStores?: () => boolean) {
  const empty = initialRestCacheState();
  return function selectSlice(rootState: unknown): RestCacheState {
    const slice = (rootState as Record<string, RestCacheState | undefined> | undefined)?.[reducerPath];
    if (slice === undefined || slice === null || typeof slice !== 'object' || !('entities' in slice)) {
      if (process.env.NODE_ENV !== 'production') warnOnce(
        `[rest-slice] no cache state at \`${reducerPath}\`: add \`[cache.reducerPath]: cache.reducer\` to the store's reducer (\`configureStore({ reducer: { ${reducerPath}: cache.reducer } })\`). ` +
          "A slice injected with `combineSlices(...).inject(cache.slice)` has its state from the store's next action: dispatch one before reading.",
      );
      return empty;
    }
    // The slice is there but no store runs the middleware: nothing will ever fetch into it.
    if (process.env.NODE_ENV !== 'production' && hasStores?.() === false) warnOnce(missingMiddleware(reducerPath));
    return slice;
  };
}

/** The memoized selectors of one cache instance. They take the root state. */
export function createSelectors(input: SelectorsInput) {
  const selectSlice = createSliceSelector(input.reducerPath, input.hasStores);
  const { responseOf, errorOf, entityOf } = input.reads;
  const entityLists = new WeakMap<Function, unknown[]>();
  const listsByView = new WeakMap<View, WeakMap<Function, unknown[]>>();
  const selectView = (rootState: unknown): View => input.viewOf(selectSlice(rootState));

  return {
    selectSlice,
    /** The view of the cache with pending optimistic updates applied. */
    selectView,

    /**
     * What a `schema.Query`, `schema.All`, Collection or Entity class holds in
     * the cache for `args`, without a request (optimistic view); `undefined`
     * while missing or invalid. The same data and args give the same object.
     */
    selectQuery<S>(rootState: unknown, schema: S, ...args: readonly unknown[]): Denormalize<S> | undefined {
      const view = selectView(rootState);
      const result = inferResult(schema, args, view);
      if (result === undefined) return undefined;
      const data = input.memoOf(view.state).denormalizeWith(schema, result, view, args);
      return data === INVALID ? undefined : data;
    },

    /** One entity as an instance (optimistic view), or `undefined` when missing or invalidated. */
    selectEntity<E extends typeof Entity>(rootState: unknown, entity: E, pk: string | number) {
      return entityOf(selectView(rootState), entity, pk);
    },

    /** Every stored entity of a type, as instances; invalidated ones are left out. */
    selectEntities<E extends typeof Entity>(rootState: unknown, entity: E): AbstractInstance<E>[] {
      const view = selectView(rootState);
      // The same state gives its answer without walking the table again.
      const byEntity = entryOf(listsByView, view, WeakMap);
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
      return responseOf(selectView(rootState), endpoint, args) as ResponseState<EndpointData<E>>;
    },

    /** The error of the request's last failure, until a later fetch succeeds. */
    selectError<E extends EndpointInterface>(rootState: unknown, endpoint: E, ...args: KeyArgs<E>): Error | undefined {
      return errorOf(selectView(rootState), endpoint, args);
    },

    /** True while a fetch of this request is in flight. */
    selectIsLoading<E extends EndpointInterface>(rootState: unknown, endpoint: E, ...args: KeyArgs<E>): boolean {
      const slice = selectSlice(rootState);
      return hasOwn(slice.inflight, endpoint.key(...args));
    },
  };
}

export type RestCacheSelectors = ReturnType<typeof createSelectors>;
