import type { AbstractInstance, Entity } from '../schema/Entity';
import { INVALID } from '../schema/INVALID';
import { inferEntity, inferResult, isQuerySchema } from '../schema/infer';
import type { MemoCache } from '../schema/MemoCache';
import { ExpiryStatus } from '../rest/ExpiryStatus';
import type { EndpointInterface } from './endpoint';
import { deserializeError, errorMessage } from './serialize';
import type { View } from './view';
import type { RestCacheState } from './state';
import { entryOf } from '../schema/own';

/** What `getResponse` and `selectResponse` return. */
export interface ResponseState<T> {
  /** The denormalized data; `undefined` while missing or invalid. */
  readonly data: T | undefined;
  readonly expiryStatus: ExpiryStatus;
  /** When the data becomes stale (ms since epoch); 0 when there is none. */
  readonly expiresAt: number;
}

/** What reading a view needs: the memo of a state and the original error objects. */
export interface ReadsInput {
  /** The memo that reads a state (its store's). */
  memoOf(state: RestCacheState): MemoCache;
  /** The original error objects, by the stored form the middleware put in the state. */
  readonly errorObjects: WeakMap<object, Error>;
}

const MAX_CACHED_RESPONSES = 5_000;

/** A request key answered by inference: the entity and args that located it, and the state generation it was read in. */
interface Inferred {
  readonly entity: typeof Entity;
  readonly args: readonly unknown[];
  readonly lastReset: number;
}

/**
 * Reads of one view (a state with its optimistic updates): a request's
 * response and error, an entity. Selectors, the controller and the snapshots
 * `getOptimisticResponse` receives all read through these.
 */
export function createReads(input: ReadsInput) {
  const responses = new Map<string, ResponseState<unknown>>();
  const rebuiltErrors = new WeakMap<object, Error>();
  // Request keys answered by inference (no stored result): `invalidateAll`/`expireAll` reach them too,
  // while they still infer data in the state generation (`lastReset`) they were read in.
  const inferredReads = new Map<string, Inferred>();

  // Reads of one sealed view (one state) are answered once per key.
  const byView = new WeakMap<View, WeakMap<EndpointInterface, Map<string, ResponseState<unknown>>>>();

  /** `{ data, expiryStatus, expiresAt }` of `endpoint(...args)` in `view`; the same object while nothing changed. */
  function responseOf(view: View, endpoint: EndpointInterface, args: readonly unknown[]): ResponseState<unknown> {
    const key = endpoint.key(...args);
    let answered: Map<string, ResponseState<unknown>> | undefined;
    if (view.sealed) {
      answered = entryOf(entryOf(byView, view, WeakMap), endpoint, Map);
      const known = answered.get(key);
      if (known !== undefined) return known;
    }
    let result = view.getResult(key);
    const meta = view.getResultMeta(key);
    let expiresAt = meta?.expiresAt ?? 0;
    if (result === undefined && !meta?.invalidated) {
      // No result stored (never fetched, or only failed), but an entity endpoint's result follows
      // from its params: `get({ id: 2 })` reads Todo 2 when a list already brought it (Data Client's
      // result inference; an Entity or a Union of entities), with that row's expiry.
      const inferred = inferEntity(endpoint.schema, args, view);
      if (inferred !== undefined) {
        result = inferred.result;
        const row = inferred.row;
        const rowExpiresAt = (row === undefined ? undefined : view.getMeta(row.key, row.pk)?.expiresAt) ?? 0;
        // A meta without a result (an error, `expireAll`) can only make it stale sooner.
        expiresAt = meta === undefined ? rowExpiresAt : Math.min(meta.expiresAt, rowExpiresAt);
        if (inferredReads.size >= MAX_CACHED_RESPONSES) inferredReads.clear();
        inferredReads.set(key, { entity: endpoint.schema as typeof Entity, args, lastReset: view.state.lastReset });
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
        const tracked = input.memoOf(view.state).denormalizeTracked(endpoint.schema, result, view.recorder.source, args);
        view.recorder.note(tracked.deps);
        data = tracked.value;
      } else {
        data = input.memoOf(view.state).denormalizeWith(endpoint.schema, result, view, args);
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
      // `data` is undefined while missing or invalid (also after `controller.invalidate`).
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

  /** The error of the request's last failure in `view`: the original object when this process recorded it. */
  function errorOf(view: View, endpoint: EndpointInterface, args: readonly unknown[]): Error | undefined {
    const stored = view.getResultMeta(endpoint.key(...args))?.error;
    if (stored === undefined) return undefined;
    const original = input.errorObjects.get(stored);
    if (original !== undefined) return original;
    let rebuilt = rebuiltErrors.get(stored);
    if (rebuilt === undefined) {
      rebuilt = deserializeError(stored);
      rebuiltErrors.set(stored, rebuilt);
    }
    return rebuilt;
  }

  /** One entity of `view` as an instance, or `undefined` when missing or invalidated. */
  function entityOf<E extends typeof Entity>(view: View, entity: E, pk: string | number): AbstractInstance<E> | undefined {
    const id = String(pk);
    const row = view.getEntity(entity.key, id);
    if (row === undefined || row === null) return undefined;
    let data;
    try {
      data = input.memoOf(view.state).denormalizeWith(entity, id, view);
    } catch (error) {
      throw new Error(
        `[rest-slice] the stored entity \`${entity.key}\` ${JSON.stringify(id)} cannot be read: ${errorMessage(error)}`,
        { cause: error },
      );
    }
    return data === INVALID ? undefined : (data as AbstractInstance<E> | undefined);
  }

  /**
   * Request keys recently answered by inference (bounded) that still infer a
   * row in `view`. A key remembered before the last reset is forgotten: after
   * a reset nothing is inferred until the entity arrives again.
   */
  function inferredKeys(view: View): string[] {
    const keys: string[] = [];
    const generation = view.state.lastReset;
    for (const [key, entry] of inferredReads) {
      if (entry.lastReset < generation) {
        inferredReads.delete(key);
        continue;
      }
      if (entry.lastReset !== generation) continue;
      const pk = inferResult(entry.entity, entry.args, view);
      // A missing or invalidated row infers no data.
      const row = typeof pk === 'string' ? view.getEntity(entry.entity.key, pk) : undefined;
      if (row !== undefined && row !== null) keys.push(key);
    }
    return keys;
  }

  return {
    responseOf,
    errorOf,
    entityOf,
    inferredKeys,
  };
}

/** The reads of one cache instance. */
export type Reads = ReturnType<typeof createReads>;
