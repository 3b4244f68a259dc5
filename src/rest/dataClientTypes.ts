/**
 * The remaining public generic type names of `@data-client/rest` 0.9 for
 * endpoints (`RestInstance`, `RestType`, `RestFetch`, `KeysToArgs`, ...; the
 * resource ones are in `dataClientResourceTypes.ts`), with the same type
 * parameters, defined in terms of rest-slice's own `RestEndpoint<O>` so code
 * that names them type-checks here. Data Client types endpoints by their
 * fetch function `F`; rest-slice by a generics bag `O`. Where a name takes an
 * `F`, its call signature, `key`, `url`, `fetch` and `process` follow `F`, and
 * the other members follow the bag built from the remaining parameters.
 */
import type { Schema } from '../schema/types';
import type { EndpointMembers } from './Endpoint';
import type { FetchWithOptions, RestEndpointExtraOptions } from './endpointOptions';
import type { PathValue } from './pathTypes';
import type { RestEndpointInstance } from './RestEndpoint';
import type { SnapshotInterface } from './Snapshot';
import type { LiveController, SubscribeResult } from './liveController';
import type { RestGenerics } from './types';

type Flatten<T> = { [K in keyof T]: T[K] };

/** Any function a {@link RestInstance} can be typed by; `this` is not checked. */
type AnyFetch = (this: any, ...args: any[]) => Promise<any>;

/** Endpoint generics as options: every member optional, plus `process` (whose return is ignored by rest-slice's types). */
export type PartialRestGenerics = Partial<RestGenerics> & {
  /** See `RestEndpoint` `process`. */
  process?(value: any, ...args: any): any;
};

/** The generics bag of a {@link RestInstance}: `O`'s members, schema `S`, and the method `O` gives, else POST when `M` is true, else GET. */
type InstanceGenerics<S, M extends true | undefined, O extends { path: string }> = {
  readonly path: O['path'];
  readonly schema: S;
  readonly method: O extends { readonly method: infer X extends string } ? X : [M] extends [true] ? 'POST' : 'GET';
  readonly body: O extends { readonly body: infer B } ? B : unknown;
  readonly searchParams: O extends { readonly searchParams: infer SP } ? SP : unknown;
  readonly paginationField: O extends { readonly paginationField: infer PF extends string } ? PF : undefined;
};

/** The members whose signature follows the fetch function `F` rather than the generics bag. */
type FetchTypedKeys =
  | 'key'
  | 'url'
  | 'fetch'
  | 'fetchWith'
  | 'process'
  | 'getOptimisticResponse'
  | 'onSubscribe'
  | 'sideEffect'
  | 'schema';

/** The members derived from an endpoint's generics (other endpoints, `extend`). */
type DerivedKeys = 'extend' | 'paginated' | 'push' | 'unshift' | 'assign' | 'remove' | 'move' | 'getPage';

/** The members of an endpoint whose path is any string: derived members untyped, so every RestEndpoint fits. */
type AnyPathMembers = Omit<RestEndpointInstance<any>, FetchTypedKeys | DerivedKeys> & {
  extend(...args: any[]): any;
  paginated(...args: any[]): any;
  readonly push: any;
  readonly unshift: any;
  readonly assign: any;
  readonly remove: any;
  readonly move: any;
  readonly getPage: any;
};

/**
 * A RestEndpoint typed Data Client's way: callable as `F` (its parameters and
 * resolved value), with schema `S`, `sideEffect` `M` and the options `O`
 * (`path`, `body`, `searchParams`, `method`, `paginationField`).
 * Difference: `F`'s `this` type is not enforced (rest-slice binds `this` to
 * the endpoint itself); `extend()`, `push`, `getPage` and friends are typed
 * from `O` and `S`, not from `F`, and are untyped (`any`) when `O['path']` is
 * `string` (the default), so that `E extends RestInstance` takes any endpoint.
 */
export type RestInstance<
  F extends AnyFetch = AnyFetch,
  S extends Schema | undefined = any,
  M extends true | undefined = true | undefined,
  O extends {
    path: string;
    body?: any;
    searchParams?: any;
    method?: string;
    paginationField?: string;
  } = { path: string },
> = ((...args: Parameters<F>) => ReturnType<F>) &
  (string extends O['path'] ? AnyPathMembers : Omit<RestEndpointInstance<InstanceGenerics<S, M, O>>, FetchTypedKeys>) & {
    /** The response's schema. */
    readonly schema: S;
    /** `true` for a mutation. */
    readonly sideEffect: M;
    /** The request key of these arguments. */
    key(...args: Parameters<F>): string;
    /** The full URL of these arguments. */
    url(...args: Parameters<F>): string;
    /** Runs the request (what calling the endpoint does). */
    fetch(...args: Parameters<F>): ReturnType<F>;
    /** Runs the request with an injected `fetch` and `AbortSignal`. */
    fetchWith(options: FetchWithOptions, ...args: Parameters<F>): ReturnType<F>;
    /** Transforms the parsed body. */
    process(value: any, ...args: Parameters<F>): any;
    /** The optimistic value, when the endpoint is optimistic. */
    getOptimisticResponse?(snap: SnapshotInterface, ...args: Parameters<F>): unknown;
    /** The live subscription run while the request key has users. */
    onSubscribe?(controller: LiveController, ...args: Parameters<F>): SubscribeResult;
  };

/** The function of an endpoint taking `params` (when `P` has keys) and a `body` `B`, resolving `R`. */
type ParamFetchWithBody<P, B, R> = P extends undefined
  ? (this: EndpointMembers<any, any, any>, body: B) => Promise<R>
  : {} extends P
    ? keyof P extends never
      ? (this: EndpointMembers<any, any, any>, body: B) => Promise<R>
      :
          | ((this: EndpointMembers<any, any, any>, params: P, body: B) => Promise<R>)
          | ((this: EndpointMembers<any, any, any>, body: B) => Promise<R>)
    : (this: EndpointMembers<any, any, any>, params: P, body: B) => Promise<R>;

/** The function of an endpoint taking only `params` (optional when every key of `P` is), resolving `R`. */
type ParamFetchNoBody<P, R> = P extends undefined
  ? (this: EndpointMembers<any, any, any>) => Promise<R>
  : {} extends P
    ? keyof P extends never
      ? (this: EndpointMembers<any, any, any>) => Promise<R>
      :
          | ((this: EndpointMembers<any, any, any>, params: P) => Promise<R>)
          | ((this: EndpointMembers<any, any, any>) => Promise<R>)
    : (this: EndpointMembers<any, any, any>, params: P) => Promise<R>;

/**
 * The fetch function of a REST call: `(params, body)` when `Body` is an
 * object type, `(params)` when it is `undefined`; `params` may be left out
 * when every key of `UrlParams` is optional. Resolves `Resolve`. Default:
 * body `{}`, resolves `any`.
 */
export type RestFetch<UrlParams, Body = {}, Resolve = any> = Body extends {}
  ? ParamFetchWithBody<UrlParams, Body, Resolve>
  : ParamFetchNoBody<UrlParams, Resolve>;

/**
 * A RestEndpoint by its parts: `UrlParams` (path plus search params), `Body`
 * (`undefined` for none), schema `S`, `sideEffect` `M`, resolved value `R`
 * and options `O`. Default: any params and body, `sideEffect` true or
 * undefined, resolves `any`.
 */
export type RestType<
  UrlParams = any,
  Body = any,
  S extends Schema | undefined = Schema | undefined,
  M extends true | undefined = true | undefined,
  R = any,
  O extends { path: string; body?: any; searchParams?: any; paginationField?: string } = {
    path: string;
    paginationField: string;
  },
> = Body extends {}
  ? RestInstance<ParamFetchWithBody<UrlParams, Body, R>, S, M, O>
  : RestInstance<ParamFetchNoBody<UrlParams, R>, S, M, O>;

/** Every member name of a RestEndpoint (to `Omit` them from an object of custom members). */
export type KeyofRestEndpoint = keyof RestInstance;

/** A fetch function for reads: `A` is its arguments (default `[any]`), resolving `R`; `this` is the endpoint. */
export type FetchGet<A extends readonly any[] = [any], R = any> = (this: RestInstance, ...args: A) => Promise<R>;

/** A fetch function for mutations: `A` is `(params, body)` or `(body)` (the default), resolving `R`; `this` is the endpoint. */
export type FetchMutate<A extends readonly any[] = [any, {}] | [{}], R = any> = (this: RestInstance, ...args: A) => Promise<R>;

/** `O` with defaults `D`: each key of either, `O`'s value unless it is (only) undefined, then `D`'s. */
export type Defaults<O, D> = {
  [K in keyof O | keyof D]: K extends keyof O ? Exclude<O[K], undefined> : D[Extract<K, keyof D>];
};

/**
 * Everything `new RestEndpoint(options)` accepts besides the typed generics
 * `O` themselves (`urlPrefix`, `dataExpiryLength`, `getOptimisticResponse`,
 * `process`, ...). Difference: Data Client's also lists `requestInit` and
 * `update`, which rest-slice does not have.
 */
export type RestEndpointConstructorOptions<O extends RestGenerics = any> = RestEndpointExtraOptions<O>;

type OnlyOptional<K extends string> = K extends `${infer N}?` ? N : never;
type OnlyRequired<K extends string> = K extends `${string}?` ? never : K;

/** The params object for path keys: `KeysToArgs<'id' | 'tab?'>` is `{ id: string | number; tab?: string | number }`. */
export type KeysToArgs<Key extends string> = Flatten<
  { [K in Key as OnlyOptional<K>]?: PathValue } & { [K in Key as OnlyRequired<K>]: PathValue }
>;
