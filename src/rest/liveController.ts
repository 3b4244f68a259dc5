/** What `onSubscribe` receives and returns; `controller.set`'s argument types. The store implements them. */
import type { Denormalize } from '../schema/types';

// The store's `Controller` has every method below (and more); it is declared here because rest/ does
// not import store/. `onSubscribe` is typed by these, so a definition file needs no store import.

/**
 * A value `controller.set` accepts for a schema: its denormalized shape, or
 * the same as plain data (entity members as plain objects; methods and
 * members that the merge keeps from the stored row may be left out).
 */
export type SetValue<S> = Denormalize<S> | PlainValue<Denormalize<S>>;

type PlainValue<T> = T extends readonly (infer I)[]
  ? readonly PlainValue<I>[]
  : T extends Date
    ? T | string | number
    : T extends object
      ? { readonly [K in keyof T as T[K] extends (...args: any[]) => any ? never : K]?: PlainValue<T[K]> }
      : T;

/** `controller.set`'s updater: gets the stored (confirmed) value, returns the next one. */
export type SetUpdater<S> = (previous: Denormalize<S>) => SetValue<S>;

/** `controller.set`'s arguments after the schema: the args that locate the value, then the value or an updater. */
export type SetRest<S> = readonly [...args: unknown[], value: SetValue<S> | SetUpdater<S>];

/** The endpoint shape the subscription controller takes: anything with a `key` and a `name`. */
export interface LiveEndpoint {
  /** The request key of these arguments. */
  key(...args: any[]): string;
  /** The endpoint's name. */
  readonly name: string;
}

type LiveArgs<E> = E extends { key(...args: infer A): string } ? A : readonly unknown[];

/** The part of the store's controller an `onSubscribe` subscription writes with (the store's `Controller` has all of it). */
export interface LiveController {
  /** Writes a value for a schema (and args) without a request; see `Controller.set`. */
  set<S>(schema: S, ...rest: SetRest<S>): Promise<void>;
  /** Stores a response as if `endpoint(...args)` had returned it. The last argument is the response. */
  setResponse<E extends LiveEndpoint>(endpoint: E, ...rest: [...LiveArgs<E>, unknown]): Promise<void>;
  /** Fetches through the store. */
  fetch<E extends LiveEndpoint>(endpoint: E, ...args: LiveArgs<E>): Promise<unknown>;
  /** Marks one request's result invalid: it counts as missing until refetched. */
  invalidate<E extends LiveEndpoint>(endpoint: E, ...args: LiveArgs<E>): Promise<void>;
}

/** What `onSubscribe` may return: a cleanup, nothing, or (async) a promise of either. */
export type SubscribeResult = (() => void) | void | Promise<(() => void) | void>;

/**
 * Endpoint option: starts a live subscription (WebSocket, `EventSource`)
 * while the request key has users (mounted hooks, `controller.subscribe`,
 * `controller.retain`); runs when the first user appears, its returned
 * cleanup when the last one leaves. Writes events with `controller.set` or
 * `controller.setResponse`. Called with `this` = the endpoint.
 */
export type OnSubscribe<A extends readonly unknown[] = any[]> = (controller: LiveController, ...args: A) => SubscribeResult;
