import type { Dispatch } from '@reduxjs/toolkit';
import { normalizeIntoStore } from '../schema/normalize';
import type { CacheContext } from './context';
import type { EndpointInterface } from './endpoint';
import { serializeError } from './serialize';
import type { RestCacheState } from './state';

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

/**
 * Normalizes a response against the confirmed state and dispatches
 * `setResponse`. Returns the normalized result. A response that cannot be
 * normalized dispatches nothing and throws an error naming the endpoint and
 * request; the caller records it with {@link recordError}.
 */
export function recordResponse(
  context: CacheContext,
  dispatch: Dispatch,
  endpoint: EndpointInterface,
  base: OutcomeBase,
  args: readonly unknown[],
  value: unknown,
  confirmed: RestCacheState,
): unknown {
  const expiresAt = expiryTime(base.date, endpoint.dataExpiryLength ?? context.options.dataExpiryLength);
  const schema = endpoint.schema;
  let normalized;
  try {
    normalized =
      schema === undefined || schema === null
        ? { result: value, entities: {}, entitiesMeta: {} }
        : normalizeIntoStore(schema, value, args, confirmed, { fetchedAt: base.fetchedAt, date: base.date, expiresAt });
  } catch (error) {
    throw new Error(
      `[rest-slice] the response of \`${endpoint.name}\` (${base.key}) could not be stored: ${(error as Error).message}`,
      { cause: error },
    );
  }
  dispatch(context.actions.setResponse({ ...base, expiresAt, ...normalized }));
  return normalized.result;
}

/**
 * Dispatches `setError` (which rolls back the fetch's optimistic update). The
 * state keeps `{ name, message, status }`; the original error is remembered
 * for the selectors. 5xx errors are `'soft'` unless the endpoint's
 * `errorPolicy` says otherwise.
 */
export function recordError(context: CacheContext, dispatch: Dispatch, endpoint: EndpointInterface, base: OutcomeBase, error: unknown): void {
  const serialized = serializeError(error);
  if (error instanceof Error) context.errorObjects.set(serialized, error);
  const status = (error as { status?: unknown } | null | undefined)?.status;
  const policy = endpoint.errorPolicy
    ? endpoint.errorPolicy(error)
    : typeof status === 'number' && status >= 500
      ? 'soft'
      : undefined;
  dispatch(
    context.actions.setError({
      ...base,
      expiresAt: expiryTime(base.date, endpoint.errorExpiryLength ?? context.options.errorExpiryLength),
      error: serialized,
      ...(policy === 'soft' ? { errorPolicy: 'soft' as const } : {}),
    }),
  );
}
