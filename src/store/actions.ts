import type { NormalizedEntities, NormalizedEntitiesMeta } from '../schema/normalize';
import type { SerializedError } from './state';

/** What every request action names: the endpoint, the request, its args. */
export interface RequestPayload {
  /** The endpoint's `name`. */
  readonly endpoint: string;
  /** The request key (`GET https://api.example.com/todos/1`). */
  readonly key: string;
  /** The args as plain JSON. */
  readonly args: readonly unknown[];
}

/** A request action of one fetch: stamped with when the fetch was triggered. */
export interface StampedPayload extends RequestPayload {
  /** When the fetch was triggered (ms, by the cache's clock). */
  readonly fetchedAt: number;
}

/** Payload of `<reducerPath>/fetch`: a request was triggered. */
export interface FetchPayload extends StampedPayload {
  /** Whether the endpoint applies an optimistic update while this fetch is in flight. */
  readonly optimistic: boolean;
  /** False for reads: a read of a key already in flight shares that request (and changes no state, also on replay). */
  readonly sideEffect?: boolean;
}

/** Payload of `<reducerPath>/optimistic`: an optimistic update was applied. */
export interface OptimisticPayload extends StampedPayload {
  /** The fetch's `requestId`: pairs the update with exactly its fetch, even when two share key and `fetchedAt`. */
  readonly requestId?: string;
}

/** Payload of `<reducerPath>/setResponse`: normalized rows, already merged with the store's. */
export interface SetResponsePayload extends StampedPayload {
  /** When the response was received (the cache's clock). */
  readonly date: number;
  /** When the result goes stale (`date` + the endpoint's `dataExpiryLength`). */
  readonly expiresAt: number;
  /** The normalized result: entities as their pks; absent when the response was `undefined` (JSON has no `undefined`). */
  readonly result?: unknown;
  /** The entity rows the response brought, merged with the stored ones, by entity key then pk. */
  readonly entities: NormalizedEntities;
  /** The meta of those rows (`fetchedAt`, `date`, `expiresAt`), laid out like `entities`. */
  readonly entitiesMeta: NormalizedEntitiesMeta;
  /** The fetch's `requestId` (absent for `controller.setResponse`/`resolve`): removes exactly its optimistic update. */
  readonly requestId?: string;
  /**
   * The response after the endpoint's `process`, in its JSON form (`null` for no body),
   * only for endpoints `endpointMatchers` was made for: the reducer ignores it.
   */
  readonly response?: unknown;
  /**
   * Other results the response changes, by request key (a feature's
   * `updateResults`, such as Data Client's `update` option with `updaters()`):
   * written by that feature's `setResponse` case, ignored by the core's.
   */
  readonly results?: Readonly<Record<string, unknown>>;
}

/** Payload of `<reducerPath>/setError`: a fetch failed; its optimistic update is rolled back. */
export interface SetErrorPayload extends StampedPayload {
  /** When the failure was received (the cache's clock). */
  readonly date: number;
  /** When the error goes stale (`date` + the endpoint's `errorExpiryLength`). */
  readonly expiresAt: number;
  /** The error as the store keeps it: `{ name, message, status? }`. */
  readonly error: SerializedError;
  /** `'soft'` when the endpoint's `errorPolicy` keeps stale data shown (5xx by default). */
  readonly errorPolicy?: 'soft';
  /** The fetch's `requestId` (absent for `controller.setError`/`resolve`): rolls back exactly its optimistic update. */
  readonly requestId?: string;
  /** Set for a failed page of an infinite list: the list's result keeps its own expiry (the pages loaded are not stale). */
  readonly keepsExpiry?: true;
}

/** Payload of `<reducerPath>/abort`: a fetch was aborted; its optimistic update and in-flight mark are removed, no error is stored. */
export interface AbortPayload extends StampedPayload {
  /** The fetch's `requestId`: removes exactly its optimistic update. */
  readonly requestId: string;
}

/** Payload of `invalidate`, `invalidateAll` and `expireAll`: the request keys affected. */
export interface KeysPayload {
  readonly keys: readonly string[];
}

/** Payload of `<reducerPath>/reset`. */
export interface ResetPayload {
  readonly date: number;
}

/** Payload of `<reducerPath>/subscribe` and `unsubscribe` (handled by the middleware). */
export interface SubscriptionPayload extends RequestPayload {
  readonly frequency?: number;
}

/** Meta of actions that carry runtime values the middleware keeps in its closure. */
export interface RequestMeta {
  /** Finds the endpoint object and the caller's promise in the middleware's closure. */
  readonly requestId: string;
}
