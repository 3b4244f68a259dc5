import type { AbstractInstance, Entity } from '../schema/Entity';
import { INVALID } from '../schema/INVALID';
import { inactiveResult, inferEntity, inferResult, isQuerySchema } from '../schema/infer';
import type { MemoCache } from '../schema/MemoCache';
import { ExpiryStatus } from '../rest/ExpiryStatus';
import type { EndpointInterface } from './endpoint';
import { deserializeError, errorMessage } from './serialize';
import type { View } from './view';
import type { RestCacheState } from './state';
import { entryOf } from '../schema/own';
import { jsonEqual } from '../schema/jsonEqual';

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

/** `null` as the args: Data Client's inactive request, which reads nothing from the state. */
function isInactive(args: readonly unknown[]): boolean {
  return args.length === 1 && args[0] === null;
}

/** A request key answered by inference: the schema and args that located it, and the state generation it was read in. */
interface Inferred {
  readonly schema: unknown;
  readonly args: readonly unknown[];
  readonly lastReset: number;
  /** What it inferred last. */
  readonly result: unknown;
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

  // What `null` args (an inactive request) read, by endpoint.
  const inactive = new WeakMap<EndpointInterface, ResponseState<unknown>>();

  /**
   * `getResponse(endpoint, null, state)`, as Data Client: nothing is read from the state; the data is the schema's
   * shape with nothing filled in (`undefined` for an entity or a list), valid and never stale.
   */
  function inactiveResponse(endpoint: EndpointInterface): ResponseState<unknown> {
    let response = inactive.get(endpoint);
    if (response === undefined) {
      response = Object.freeze({ data: inactiveResult(endpoint.schema), expiryStatus: ExpiryStatus.Valid, expiresAt: Infinity });
      inactive.set(endpoint, response);
    }
    return response;
  }

  /** `{ data, expiryStatus, expiresAt }` of `endpoint(...args)` in `view`; the same object while nothing changed. */
  function responseOf(view: View, endpoint: EndpointInterface, args: readonly unknown[]): ResponseState<unknown> {
    if (isInactive(args)) return inactiveResponse(endpoint);
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
      // result inference; an Entity, a Union of entities, or an object schema of them such as
      // `{ data: Todo }`), with the earliest expiry of the rows it names.
      const inferred = inferEntity(endpoint.schema, args, view);
      if (inferred !== undefined) {
        // The same inferred result object while it names the same rows (a Union's `{ id, schema }`, an object
        // schema's members): its readers keep their data's reference across states.
        const before = inferredReads.get(key)?.result;
        result = before !== undefined && jsonEqual(before, inferred.result) ? before : inferred.result;
        let rowsExpireAt = inferred.rows.length === 0 ? 0 : Infinity;
        for (const row of inferred.rows) rowsExpireAt = Math.min(rowsExpireAt, view.getMeta(row.key, row.pk)?.expiresAt ?? 0);
        // A meta without a result (an error, `expireAll`) can only make it stale sooner.
        expiresAt = meta === undefined ? rowsExpireAt : Math.min(meta.expiresAt, rowsExpireAt);
        if (inferredReads.size >= MAX_CACHED_RESPONSES) inferredReads.clear();
        inferredReads.set(key, { schema: endpoint.schema, args, lastReset: view.state.lastReset, result });
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
    if (data === undefined && meta?.empty === true && !meta.invalidated && endpoint.schema == null) {
      // A response that was `undefined` (an `Endpoint` resolving nothing): stored, so not missing. As Data Client,
      // it counts as valid until stale (`InvalidIfStale`), and the hooks show `undefined` instead of fetching again.
      expiryStatus = ExpiryStatus.InvalidIfStale;
    } else if (data === INVALID || data === undefined || meta?.invalidated) {
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
    // An inactive request has no error (Data Client).
    if (isInactive(args)) return undefined;
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
      const inferred = inferEntity(entry.schema, entry.args, view);
      // A missing or invalidated row infers no data.
      if (inferred !== undefined && inferred.rows.every((row) => view.getEntity(row.key, row.pk) != null)) keys.push(key);
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
