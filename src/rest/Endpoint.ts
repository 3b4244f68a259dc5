/**
 * The protocol-free endpoint: an async function plus the metadata the store
 * needs (`key`, `name`, `schema`, `sideEffect`, ...). `RestEndpoint` extends it.
 */
import type { FetchWithOptions } from './endpointOptions';
import type { CacheOptions } from './cacheOptions';
import type { LiveController, SubscribeResult } from './liveController';
import type { SnapshotInterface } from './Snapshot';

/** Any async function an `Endpoint` can wrap; `this` is the endpoint (with `signal` when the store runs it). */
export type FetchFunction = (this: EndpointMembers<any, any, any>, ...args: any[]) => Promise<any>;

/** The options of `new Endpoint(fn, options)`; each is optional. */
export interface EndpointOptions<F extends FetchFunction = FetchFunction, S = undefined, SE extends true | undefined = undefined>
  extends CacheOptions {
  /** Names the endpoint in keys, actions and devtools. @defaultValue the name of `fn` (an anonymous `fn` needs this) */
  name?: string;
  /** The response's schema. @defaultValue none (the value is stored as is) */
  schema?: S;
  /** `true` for a mutation (never deduplicated, may be optimistic). @defaultValue `undefined` (a read) */
  sideEffect?: SE;
  /** The request key. @defaultValue `` `${name} ${JSON.stringify(args)}` `` */
  key?(this: EndpointInstance<F, S, SE>, ...args: Parameters<F>): string;
  /** Whether a stored request key is one this endpoint makes. @defaultValue the key starts with `` `${name} ` `` */
  testKey?(this: EndpointInstance<F, S, SE>, key: string): boolean;
  /** The value to put in the cache before `fn` resolves; throw `AbortOptimistic` to skip. @defaultValue none */
  getOptimisticResponse?(this: EndpointInstance<F, S, SE>, snap: SnapshotInterface, ...args: Parameters<F>): unknown;
  /** Decides whether an error keeps stale data shown (`'soft'`). @defaultValue `'soft'` for `status >= 500` */
  errorPolicy?(error: Error & { status?: number }): 'soft' | 'hard' | undefined;
  /** Replaces the function the endpoint runs (as `extend({ fetch })` does). @defaultValue the `fn` given to `new Endpoint(fn)` */
  fetch?: F;
  /**
   * Starts a live subscription (WebSocket, `EventSource`) when the request key
   * gets its first user (a mounted hook, `controller.subscribe`,
   * `controller.retain`); the cleanup it returns runs when the last user
   * leaves. Writes events with `controller.set`/`setResponse`.
   * @defaultValue none
   */
  onSubscribe?(this: EndpointInstance<F, S, SE>, controller: LiveController, ...args: Parameters<F>): SubscribeResult;
}

/** The members of an Endpoint (without its call signature). */
export interface EndpointMembers<F extends FetchFunction = FetchFunction, S = undefined, SE extends true | undefined = undefined>
  extends Readonly<CacheOptions> {
  /** Names the endpoint in keys, actions and devtools (the `name` option, else `fn`'s name). */
  readonly name: string;
  /** The response's schema (the `schema` option). */
  readonly schema: S;
  /** `true` for a mutation (the `sideEffect` option). */
  readonly sideEffect: SE;
  /** Aborts requests of this endpoint: the `signal` option, or the one `fetchWith` injected for a call. */
  readonly signal?: AbortSignal;
  /** The optimistic value, when the endpoint is optimistic; see {@link EndpointOptions.getOptimisticResponse}. */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: Parameters<F>): unknown;
  /** The live subscription run while the request key has users; see {@link EndpointOptions.onSubscribe}. */
  onSubscribe?(controller: LiveController, ...args: Parameters<F>): SubscribeResult;
  /** Runs the wrapped function with `this` = the endpoint. */
  fetch(...args: Parameters<F>): ReturnType<F>;
  /** The request key of these arguments; see {@link EndpointOptions.key}. */
  key(...args: Parameters<F>): string;
  /** Whether a stored request key is one this endpoint makes; see {@link EndpointOptions.testKey}. */
  testKey(key: string): boolean;
  /** Whether an error keeps stale data shown (`'soft'`); see {@link EndpointOptions.errorPolicy}. */
  errorPolicy(error: Error & { status?: number }): 'soft' | 'hard' | undefined;
  /** Like calling the endpoint, with an injected `fetch` and `AbortSignal` (readable as `this.signal` in `fn`). */
  fetchWith(options: FetchWithOptions, ...args: Parameters<F>): ReturnType<F>;
  /** A new endpoint with `options` merged over this one's. */
  extend<F2 extends FetchFunction = F, S2 = S, SE2 extends true | undefined = SE>(
    options: EndpointOptions<F2, S2, SE2>,
  ): EndpointInstance<F2, S2, SE2>;
}

/** An Endpoint instance: callable like its function, plus its members. */
export type EndpointInstance<F extends FetchFunction = FetchFunction, S = undefined, SE extends true | undefined = undefined> = ((
  ...args: Parameters<F>
) => ReturnType<F>) &
  EndpointMembers<F, S, SE>;

/** The `Endpoint` class: `new Endpoint(fn, options)`. */
export interface EndpointConstructor {
  new <F extends FetchFunction, S = undefined, SE extends true | undefined = undefined>(
    fn: F,
    options?: EndpointOptions<F, S, SE>,
  ): EndpointInstance<F, S, SE>;
  readonly prototype: EndpointMembers<any, any, any>;
}

/** Where an instance keeps the options it was built from (read by `extend`). */
export const OPTIONS = Symbol('rest-slice.options');
/** Where a per-call view keeps the `fetch` implementation `fetchWith` injected. */
export const FETCH = Symbol('rest-slice.fetch');
/** Where a per-call view keeps the `prepareHeaders` hook `fetchWith` injected. */
export const HEADERS = Symbol('rest-slice.headers');
const AUTO_NAME = Symbol('rest-slice.autoName');

/** Sets an own, enumerable, writable property (also over a prototype getter). */
export function defineOwn(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * What a `fetch` option takes: the global `fetch`, a wrapper of it, or a fake that reads its first
 * argument as a string (rest-slice always passes the URL as one). The method form makes the parameters
 * bivariant, so `async (url: string) => ...` is accepted while an unannotated `(input, init)` still reads
 * as `fetch`'s own.
 */
export type FetchImplementation = {
  /** Sends the request; rest-slice passes the URL as a string and an init with the method, headers, body and signal. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}['fetch'];

/** The `fetch` implementation a call should use: the one `fetchWith` injected, else the global one. */
export function fetchOf(endpoint: object): FetchImplementation {
  return (endpoint as { [FETCH]?: FetchImplementation })[FETCH] ?? globalThis.fetch;
}

/**
 * A callable endpoint wrapping `fn`. Calling it (or `controller.fetch`) runs
 * `fn` with `this` = the endpoint; the store caches by `key(...args)`.
 */
class EndpointBase {
  declare readonly name: string;
  declare readonly signal?: AbortSignal;
  declare fetch: (...args: unknown[]) => Promise<unknown>;

  constructor(fn: ((...args: any[]) => Promise<unknown>) | undefined, options?: object) {
    const self = ((...args: unknown[]) => self.fetch(...args)) as unknown as EndpointBase;
    Object.setPrototypeOf(self, new.target.prototype);
    // Drop the arrow's own `name` so the prototype getter (or the `name` option) answers.
    delete (self as { name?: string }).name;
    const given: Record<string, unknown> = { ...options };
    if (typeof fn === 'function') {
      given.fetch = fn;
      if (!('name' in given) && fn.name !== '' && fn.name !== 'anonymous' && fn.name !== 'fetch') {
        Object.defineProperty(self, AUTO_NAME, { value: fn.name });
      }
    }
    Object.defineProperty(self, OPTIONS, { value: given });
    for (const key of Object.keys(given)) defineOwn(self, key, given[key]);
    return self;
  }

  /** `` `${name} ${JSON.stringify(args)}` ``. @throws when the endpoint has no name. */
  key(...args: unknown[]): string {
    const name = this.name;
    if (typeof name !== 'string' || name === '') {
      throw new TypeError(
        '[rest-slice] `Endpoint` has no name, so it cannot build request keys: pass `name` in its options or wrap a named function',
      );
    }
    return `${name} ${JSON.stringify(args)}`;
  }

  /** Whether `key` is a request key of this endpoint: it starts with `` `${name} ` ``. */
  testKey(key: string): boolean {
    return typeof this.name === 'string' && key.startsWith(`${this.name} `);
  }

  /** `'soft'` (keep showing stale data) for status >= 500, else `undefined`. */
  errorPolicy(error: Error & { status?: number }): 'soft' | 'hard' | undefined {
    return typeof error?.status === 'number' && error.status >= 500 ? 'soft' : undefined;
  }

  /**
   * Runs `this.fetch(...args)` on a per-call view of the endpoint that carries
   * the injected `fetch`, `prepareHeaders` and `signal` (combined with the endpoint's own), so
   * an overridden `fetch` and methods calling `super` see them too.
   */
  fetchWith(options: FetchWithOptions, ...args: unknown[]): Promise<unknown> {
    if (options.fetch === undefined && options.signal === undefined && options.prepareHeaders === undefined) return this.fetch(...args);
    const signal =
      options.signal && this.signal ? AbortSignal.any([options.signal, this.signal]) : options.signal ?? this.signal;
    const view = Object.create(this, {
      [FETCH]: { value: options.fetch },
      [HEADERS]: { value: options.prepareHeaders },
      signal: { value: signal, enumerable: true },
    }) as EndpointBase;
    return view.fetch(...args);
  }

  /** A new endpoint of the same class with `options` merged over this one's. */
  extend(options: object): unknown {
    const merged: Record<string, unknown> = { ...(this as unknown as { [OPTIONS]: object })[OPTIONS], ...options };
    const Class = this.constructor as new (fn: unknown, options: object) => object;
    return new Class(merged.fetch, merged);
  }
}

Object.setPrototypeOf(EndpointBase.prototype, Function.prototype);
// The class's name as users import it, as Data Client's (`EndpointBase` is this file's own name for it).
Object.defineProperty(EndpointBase, 'name', { value: 'Endpoint' });
Object.defineProperties(EndpointBase.prototype, {
  name: {
    get(this: { [AUTO_NAME]?: string }) {
      return this[AUTO_NAME];
    },
    configurable: true,
  },
  sideEffect: { value: undefined, writable: true, configurable: true },
  schema: { value: undefined, writable: true, configurable: true },
});

/**
 * The protocol-free endpoint of Data Client: `new Endpoint(fn, options)` is
 * callable like `fn` (with `this` = the endpoint) and usable with
 * `controller.fetch`, optimistic updates included. Default `key`:
 * `` `${name} ${JSON.stringify(args)}` ``; default `name`: `fn`'s name.
 */
export const Endpoint = EndpointBase as unknown as EndpointConstructor;
/** An endpoint made by `new Endpoint(fn, options)`, as a type (`Endpoint<typeof fetchTodo, typeof Todo>`), as in Data Client. */
export type Endpoint<F extends FetchFunction = FetchFunction, S = undefined, SE extends true | undefined = undefined> = EndpointInstance<F, S, SE>;

/** The runtime base class, for `RestEndpoint` to extend. */
export const EndpointBaseClass = EndpointBase;
