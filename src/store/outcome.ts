import type { Dispatch } from '@reduxjs/toolkit';
import { denormalizeTables } from '../schema/denormalize';
import { INVALID } from '../schema/INVALID';
import { normalizeIntoStore, type StoreNormalizeResult } from '../schema/normalize';
import { getOwn, getOwnRow } from '../schema/own';
import { MAX_JSON_DEPTH, formatPath, pathTooDeep } from '../schema/limits';
import type { EntityMeta, GetEntity } from '../schema/types';
import type { MemoCache } from '../schema/MemoCache';
import { adoptTableVersion, freshTableVersion, tableVersionOf } from '../schema/memoEntries';
import type { StoreLike } from './controller';
import { actionName, type EndpointInterface } from './endpoint';
import { plainJson } from '../schema/jsonForm';
import { errorMessage, serializeError } from './serialize';
import type { OtherResults } from './otherResults';
import type { RestCacheActions } from './slice';
import type { RestCacheState } from './state';
import { tablesWrittenFor } from './reducers';
import { getRow, tablesReader } from './tables';

/**
 * `date + length` as the state keeps it: an endless length (`Infinity`) is
 * stored as `Number.MAX_SAFE_INTEGER`, since the state holds only JSON.
 */
export function expiryTime(date: number, length: number): number {
  const time = date + length;
  return Number.isFinite(time) ? time : time > 0 ? Number.MAX_SAFE_INTEGER : date;
}

/** What a response or failure is recorded with: the request, when it was triggered and received. */
export interface OutcomeBase {
  readonly endpoint: string;
  readonly key: string;
  readonly args: readonly unknown[];
  readonly fetchedAt: number;
  readonly date: number;
  /** The fetch's id, when the outcome belongs to a fetch of this store (pairs it with its optimistic update). */
  readonly requestId?: string;
}

/** The request an outcome is of: its key, its args as plain JSON, and when it was triggered. */
export interface OutcomeRequest {
  readonly key: string;
  readonly args: readonly unknown[];
  readonly fetchedAt: number;
}

/** What recording an outcome needs from the cache. */
export interface OutcomeInput {
  /** The cache's clock: it stamps when the outcome was received. */
  readonly now: () => number;
  /** This cache's slice of a root state: the confirmed state a response is normalized against. */
  selectSlice(rootState: unknown): RestCacheState;
  readonly actions: Pick<RestCacheActions, 'setResponse' | 'setError'>;
  /** The memo that reads a state (its store's). */
  memoOf(state: RestCacheState): MemoCache;
  /** Where the original error objects are kept, by the stored form (the selectors hand them out). */
  readonly errorObjects: WeakMap<object, Error>;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
  /** Endpoint names whose `setResponse` carries the response's JSON form too (`endpointMatchers` asked for it). */
  readonly responseCopies: ReadonlySet<string>;
  /** The other results a response changes (features' `updateResults`); absent when no feature has them. */
  readonly otherResults?: OtherResults;
}

/** A request's outcome: the response it answered with, or what it failed with. */
export type OutcomeResult = { readonly value: unknown } | { readonly error: unknown };

/**
 * Records a response or a failure into a store: the one path every outcome takes (fetches, `setResponse`,
 * `resolve`). A response is normalized against the confirmed state and read back, and only then is
 * `setResponse` dispatched; this returns that response's own data, denormalized (Entity instances): the rows
 * this response brought, then the confirmed rows for what it does not hold, so a newer value already in the
 * store does not show through. A response that cannot be normalized or read back (a member converter that
 * throws, a chain too deep) dispatches nothing of it: the error naming the endpoint and request key is
 * recorded instead, and thrown. A failure dispatches `setError` (which rolls back the fetch's optimistic
 * update) and is thrown: the state keeps `{ name, message, status }`, the original error is remembered for
 * the selectors, and whether it is `'soft'` is the endpoint's `errorPolicy`'s call (an endpoint without one
 * has hard errors). `requestId` is the fetch's id when the outcome is of a fetch of this store (it pairs the
 * outcome with the fetch's optimistic update).
 */
export function recordOutcome(
  input: OutcomeInput,
  store: StoreLike,
  endpoint: EndpointInterface,
  { key, args: serialized, fetchedAt }: OutcomeRequest,
  args: readonly unknown[],
  result: OutcomeResult,
  requestId?: string,
): unknown {
  const base: OutcomeBase = {
    endpoint: actionName(endpoint),
    key,
    args: serialized,
    fetchedAt,
    date: input.now(),
    ...(requestId === undefined ? {} : { requestId }),
  };
  let error: unknown;
  if ('value' in result) {
    try {
      return recordResponse(input, store.dispatch, endpoint, base, args, result.value, input.selectSlice(store.getState()));
    } catch (normalizeError) {
      // Recorded as the request's error, and thrown to the caller: the store's entities are untouched.
      error = normalizeError;
    }
  } else {
    error = result.error;
  }
  recordError(input, store.dispatch, endpoint, base, error);
  throw error;
}

function recordResponse(
  input: OutcomeInput,
  dispatch: Dispatch,
  endpoint: EndpointInterface,
  base: OutcomeBase,
  args: readonly unknown[],
  value: unknown,
  confirmed: RestCacheState,
): unknown {
  const expiresAt = expiryTime(base.date, endpoint.dataExpiryLength ?? input.dataExpiryLength);
  const schema = endpoint.schema;
  const hasSchema = schema !== undefined && schema !== null;
  if (!hasSchema && process.env.NODE_ENV !== 'production') {
    // Without a schema nothing else walks the response: check the same depth limit as normalize does (in development).
    const tooDeep = typeof value === 'object' && value !== null ? pathTooDeep(value, MAX_JSON_DEPTH) : undefined;
    if (tooDeep !== undefined) {
      throw badResponse(
        new TypeError(
          `[rest-slice] the response of \`${endpoint.name}\` (${base.key}) could not be stored: it nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels (\`MAX_JSON_DEPTH\`) at \`${formatPath(tooDeep)}\`.`,
        ),
      );
    }
  }
  // The state keeps the response's JSON form on every path, as a body read from the network is:
  // a response given to `setResponse`/`resolve`, or one `process` changed, loses its `undefined`
  // members and keeps a Date as its string. The caller gets the value itself.
  let json: unknown;
  let jsonFailure: { error: unknown } | undefined;
  try {
    json = plainJson(value, true);
  } catch (error) {
    jsonFailure = { error };
  }
  const noJsonForm = (failure: { error: unknown }) =>
    badResponse(
      new Error(
        `[rest-slice] the response of \`${endpoint.name}\` (${base.key}) could not be stored: it has no JSON form (${errorMessage(failure.error)}). Give (or return from \`process\`) plain data.`,
        { cause: failure.error },
      ),
    );
  // An endpoint with matchers gets the response as sent (JSON, `null` for no body) beside the normalized result.
  const copy = input.responseCopies.has(endpoint.name) ? { response: json ?? null } : undefined;
  // Other results this response changes (a feature's), read from the confirmed data; carried by the same action.
  const others = (result: unknown) => {
    const results = input.otherResults?.(endpoint, args, result, (key) => getOwn(confirmed.endpoints, key));
    return results && { results };
  };
  if (!hasSchema) {
    if (jsonFailure !== undefined) throw noJsonForm(jsonFailure);
    dispatch(input.actions.setResponse({ ...base, expiresAt, ...resultMember(json), entities: {}, entitiesMeta: {}, ...copy, ...others(json) }));
    return value;
  }
  let normalized: StoreNormalizeResult;
  try {
    // A fetch of a mutation is a write: a read that landed during its flight lands beneath it (races rule 5b).
    // `setResponse`/`resolve` (streamed events) are reads, whatever the endpoint.
    const write = base.requestId !== undefined && endpoint.sideEffect === true;
    const meta: EntityMeta = write
      ? { fetchedAt: base.fetchedAt, date: base.date, expiresAt, write }
      : { fetchedAt: base.fetchedAt, date: base.date, expiresAt };
    // Without a JSON form the value itself is normalized, only to name a more precise fault (a row too deep).
    normalized = normalizeIntoStore(schema, jsonFailure === undefined ? json : value, args, tablesReader(confirmed), meta);
  } catch (error) {
    throw badResponse(
      new Error(`[rest-slice] the response of \`${endpoint.name}\` (${base.key}) could not be stored: ${errorMessage(error)}`, { cause: error }),
    );
  }
  if (jsonFailure !== undefined) throw noJsonForm(jsonFailure);
  let data: unknown;
  const read: OwnRead = { version: undefined };
  try {
    data = readOwnResponse(input, schema, value, args, normalized, confirmed, read);
  } catch (error) {
    throw new Error(
      `[rest-slice] the response of \`${endpoint.name}\` (${base.key}) was not stored because it cannot be read back: ${errorMessage(error)}`,
      { cause: error },
    );
  }
  const { result, entities, entitiesMeta } = normalized;
  dispatch(input.actions.setResponse({ ...base, expiresAt, ...resultMember(result), entities, entitiesMeta, ...copy, ...others(result) }));
  // Written over the state the read above saw, the tables hold the rows it saw under its own version: giving
  // them that version lets the next read of this data (a selector, `getResponse`) skip the row checks.
  const version = read.version;
  const written = version === undefined ? undefined : tablesWrittenFor(entities, confirmed.entities);
  if (version !== undefined && written !== undefined) for (const key in entities) adoptTableVersion(getOwnRow(written, key), version);
  return data;
}

/** A `setResponse` payload's `result` member: none for an `undefined` result (the action stays JSON; the reducer marks the meta `empty`). */
function resultMember(result: unknown): { readonly result?: unknown } {
  return result === undefined ? {} : { result };
}

/**
 * A response that does not fit its schema (or has no JSON form) fails with `status: 400`, as Data Client's
 * malformed responses and as invalid JSON do: `NetworkErrorBoundary` and status-based error UIs see it.
 */
function badResponse<T extends Error>(error: T): T & { status: number } {
  return Object.assign(error, { status: 400 });
}

/** The version a response's read gave the tables it writes, once it gave one. */
interface OwnRead {
  version: number | undefined;
}

/**
 * A response's own data. Where its copy of an entity won the merge, the row
 * as it will be stored (so the value is the very object selectors return);
 * where newer stored data kept its place, the response's own copy. An entity
 * the response invalidated (a delete) reads as it was last stored; with
 * nothing stored, the response is read as inline data (as Data Client does),
 * and what cannot be read that way is `undefined`.
 */
function readOwnResponse(
  input: Pick<OutcomeInput, 'memoOf'>,
  schema: unknown,
  value: unknown,
  args: readonly unknown[],
  normalized: StoreNormalizeResult,
  confirmed: RestCacheState,
  read: OwnRead,
): unknown {
  const { incoming, entities, entitiesMeta, ownDiffers } = normalized;
  const getEntity: GetEntity = (key, pk) => {
    const changed = getOwnRow(getOwnRow(entities, key), pk);
    // The row as stored is this response's own where its rows are what gets stored (most tables, asked first:
    // no row lookup) or where its copy won the merge.
    const won = !ownDiffers.includes(key) || getOwn(getOwn(entitiesMeta, key), pk) !== undefined;
    if (won && changed !== undefined && changed !== null) return changed;
    const stored = getRow(confirmed.entities, key, pk);
    // Won but unchanged: the stored row is the merge.
    if (won && changed === undefined && stored !== undefined) return stored;
    // Lost to newer stored data (which it may have filled in): its own copy.
    const own = getOwnRow(getOwnRow(incoming, key), pk);
    if (own !== undefined) return own;
    return changed === undefined || changed === null ? (stored === undefined ? changed : stored) : changed;
  };
  // Versions of the tables as read here, so what this read builds is checked table by table later: a table the
  // response did not write is the stored one; the tables it wrote share a version of their own, which the stored
  // tables take once written. Where the response's own rows differ from what gets stored, no version.
  const tableVersion = (key: string): number | undefined =>
    ownDiffers.includes(key)
      ? undefined
      : getOwnRow(entities, key) === undefined
        ? tableVersionOf(getOwnRow(confirmed.entities, key))
        : (read.version ??= freshTableVersion());
  const data = input.memoOf(confirmed).denormalizeWith(schema, normalized.result, { getEntity, tableVersion }, args);
  if (data !== INVALID && data !== undefined) return data;
  try {
    const inline: unknown = denormalizeTables(schema, value, {}, args);
    return inline === INVALID ? undefined : inline;
  } catch {
    // Not readable as inline data either: the stored part is fine, the caller gets no value.
    return undefined;
  }
}

function recordError(input: OutcomeInput, dispatch: Dispatch, endpoint: EndpointInterface, base: OutcomeBase, error: unknown): void {
  const serialized = serializeError(error);
  if (error instanceof Error) input.errorObjects.set(serialized, error);
  // Which errors keep stale data shown is the endpoint's rule (`Endpoint`/`RestEndpoint`: status >= 500).
  const policy = typeof endpoint.errorPolicy === 'function' ? endpoint.errorPolicy(error) : undefined;
  dispatch(
    input.actions.setError({
      ...base,
      expiresAt: expiryTime(base.date, endpoint.errorExpiryLength ?? input.errorExpiryLength),
      error: serialized,
      ...(policy === 'soft' ? { errorPolicy: 'soft' as const } : {}),
      // A failed page of a list (the infinitePages feature) leaves the list's expiry as it was.
      ...((endpoint as { keepsExpiry?: boolean }).keepsExpiry === true ? { keepsExpiry: true as const } : {}),
    }),
  );
}
