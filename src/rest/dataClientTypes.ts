/**
 * The remaining public generic type names of `@data-client/rest` 0.9
 * (`RestInstance`, `RestType`, `RestFetch`, `CustomResource`, `HookResource`,
 * ...), with the same type parameters, defined in terms of rest-slice's own
 * `RestEndpoint<O>` so code that names them type-checks here. Data Client
 * types endpoints by their fetch function `F`; rest-slice by a generics bag
 * `O`. Where a name takes an `F`, its call signature, `key`, `url`, `fetch`
 * and `process` follow `F`, and the other members follow the bag built from
 * the remaining parameters.
 */
import type { Schema } from '../schema/types';
import type { EndpointMembers } from './Endpoint';
import type { MemberOptions, ResourceWith } from './createResource';
import type { FetchWithOptions, RestEndpointExtraOptions } from './endpointOptions';
import type { PathValue } from './pathTypes';
import type { ResourceGenerics } from './resourceTypes';
import type { RestEndpoint, RestEndpointInstance } from './RestEndpoint';
import type { SnapshotInterface } from './Snapshot';
import type { LiveController, SubscribeResult } from './liveController';
import type { ArgsOf, MergeGenerics, RestGenerics } from './types';

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

/** Any RestEndpoint, whatever its generics (a structural check, so every `RestEndpoint<O>` fits). */
interface AnyRestEndpoint {
  readonly path: string;
  readonly method: string;
  key(...args: any[]): string;
  url(...args: any[]): string;
  extend(...args: any[]): unknown;
}

/** The members of a resource Data Client's extension types read (each a RestEndpoint). */
export interface ResourceInterface {
  /** {@inheritDoc ResourceMembers.get} */
  readonly get: AnyRestEndpoint;
  /** {@inheritDoc ResourceMembers.getList} */
  readonly getList: AnyRestEndpoint;
  /** {@inheritDoc ResourceMembers.update} */
  readonly update: AnyRestEndpoint;
  /** {@inheritDoc ResourceMembers.partialUpdate} */
  readonly partialUpdate: AnyRestEndpoint;
  /** {@inheritDoc ResourceMembers.delete} */
  readonly delete: AnyRestEndpoint;
}

type GenericsOfMember<E> = E extends RestEndpointInstance<infer O> ? O : never;

/** Member `E` with the generics in options `X` (path, schema, method, body, ...) put over its own. */
type ExtendedMember<E, X> = RestEndpoint<MergeGenerics<GenericsOfMember<E>, X>>;

/**
 * What `resource.extend(key, options)` returns for an existing member `key`:
 * resource `R` with member `ExtendKey` extended by `O`. Difference: a
 * `process` in `O` does not change the member's resolved type here.
 */
export type ResourceExtension<
  R extends { [K in ExtendKey]: AnyRestEndpoint },
  ExtendKey extends Exclude<Extract<keyof R, string>, 'extend'>,
  O extends PartialRestGenerics | {},
> = ResourceWith<{ [K in Exclude<keyof R, 'extend'>]: K extends ExtendKey ? ExtendedMember<R[K], O> : R[K] }>;

/** Options for member `E` of a resource, with generics `X`: `process` and `getOptimisticResponse` get the member's arguments. */
type MemberExtension<E, X> = Omit<MemberOptions, 'process' | 'getOptimisticResponse'> & {
  process?(value: any, ...args: ArgsOf<unknown extends X ? GenericsOfMember<E> : MergeGenerics<GenericsOfMember<E>, X>>): any;
  getOptimisticResponse?(
    snap: SnapshotInterface,
    ...args: ArgsOf<unknown extends X ? GenericsOfMember<E> : MergeGenerics<GenericsOfMember<E>, X>>
  ): unknown;
} & (unknown extends X ? {} : Readonly<X>);

/**
 * The options object of `resource.extend({ get, getList, update, partialUpdate, delete })`:
 * per member, endpoint options plus its generics (`Get`, `GetList`, ...);
 * `process` and `getOptimisticResponse` get the member's arguments.
 */
export interface ResourceEndpointExtensions<
  R extends ResourceInterface,
  Get extends PartialRestGenerics = any,
  GetList extends PartialRestGenerics = any,
  Update extends PartialRestGenerics = any,
  PartialUpdate extends PartialRestGenerics = any,
  Delete extends PartialRestGenerics = any,
> {
  /** Options (and generics) that extend `get`. */
  readonly get?: MemberExtension<R['get'], Get>;
  /** Options (and generics) that extend `getList`. */
  readonly getList?: MemberExtension<R['getList'], GetList>;
  /** Options (and generics) that extend `update`. */
  readonly update?: MemberExtension<R['update'], Update>;
  /** Options (and generics) that extend `partialUpdate`. */
  readonly partialUpdate?: MemberExtension<R['partialUpdate'], PartialUpdate>;
  /** Options (and generics) that extend `delete`. */
  readonly delete?: MemberExtension<R['delete'], Delete>;
}

type Customized<E, X> = unknown extends X ? E : PartialRestGenerics extends X ? E : ExtendedMember<E, X>;

/**
 * Resource `R` with `get`, `getList`, `update`, `partialUpdate` and `delete`
 * extended by the given generics (`any`, the default, leaves a member as it
 * is). Difference: it keeps `R`'s other members (`create`, ...) and its
 * `extend()` is typed by those members, so `O` only constrains.
 */
export type CustomResource<
  R extends ResourceInterface,
  O extends ResourceGenerics = { path: string; schema: any },
  Get extends PartialRestGenerics | {} = any,
  GetList extends PartialRestGenerics | {} = any,
  Update extends PartialRestGenerics | {} = any,
  PartialUpdate extends PartialRestGenerics | {} = any,
  Delete extends PartialRestGenerics | {} = any,
> = O extends ResourceGenerics
  ? ResourceWith<
      Omit<R, 'get' | 'getList' | 'update' | 'partialUpdate' | 'delete' | 'extend'> & {
        readonly get: Customized<R['get'], Get>;
        readonly getList: Customized<R['getList'], GetList>;
        readonly update: Customized<R['update'], Update>;
        readonly partialUpdate: Customized<R['partialUpdate'], PartialUpdate>;
        readonly delete: Customized<R['delete'], Delete>;
      }
    >
  : never;

/**
 * A resource's members as hooks: `useGet`, `useGetList`, ... each returning
 * the member (as Data Client's `hookifyResource` builds them, e.g. to add a
 * token from context through `extend({ getRequestInit })`).
 */
export type HookResource<R extends {}> = {
  [K in Extract<keyof R, string> as `use${Capitalize<K>}`]: () => R[K];
};
