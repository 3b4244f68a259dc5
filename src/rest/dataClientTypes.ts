/**
 * The remaining public generic type names of `@data-client/rest` 0.9 for
 * endpoints (`RestInstance`, `RestType`, `RestFetch`, `KeysToArgs`, ...; the
 * resource ones are in `dataClientResourceTypes.ts`), with the same type
 * parameters, defined in terms of rest-slice's own `RestEndpoint<O>` so code
 * that names them type-checks here. Data Client types endpoints by their
 * fetch function `F`; rest-slice by a generics bag `O`. Where a name takes an
 * `F`, its call signature, `key`, `url`, `fetch` and `process` follow `F`, and
 * the other members follow the bag built from the remaining parameters.
 * The last section holds the rest of Data Client's public type names
 * (`@data-client/endpoint`'s included: `EndpointInstanceInterface`,
 * `Normalize`, `SchemaSimple`, `ErrorTypes`, ...), each over rest-slice's own types.
 */
import type { AbstractInstance } from '../schema/Entity';
import type { ArraySchema } from '../schema/Array';
import type { Invalidate } from '../schema/Invalidate';
import type { ObjectSchema } from '../schema/Object';
import type { SchemaAttribute } from '../schema/Polymorphic';
import type { Query } from '../schema/Query';
import type { Values } from '../schema/Values';
import type {
  Denormalize,
  DenormalizeVisitor,
  EntityLikeSchema,
  NormalizeVisitor,
  Schema,
  SchemaClass as SchemaProtocol,
  SchemaType,
} from '../schema/types';
import type { EndpointInterface } from '../store/endpoint';
import type { CacheOptions } from './cacheOptions';
import type { EndpointInstance, EndpointMembers, EndpointOptions, FetchFunction } from './Endpoint';
import type { ExpiryStatus } from './ExpiryStatus';
import type { FetchWithOptions, Generics, RestEndpointExtraOptions } from './endpointOptions';
import type { NetworkError } from './NetworkError';
import type { PathValue } from './pathTypes';
import type { RestEndpoint, RestEndpointInstance } from './RestEndpoint';
import type { SnapshotInterface } from './Snapshot';
import type { LiveController, SubscribeResult } from './liveController';
import type {
  ArgsOf,
  BodyOfGenerics,
  MethodOf,
  PageFieldOf,
  ProcessedOf,
  RestGenerics,
  ResultOf,
  SchemaOf,
  SearchOfGenerics,
} from './types';

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

/** The function of an endpoint taking `params` (when `P` has keys) and a `body` `B`, resolving `R`. Default: body `{}`, resolves `any`. */
export type ParamFetchWithBody<P, B = {}, R = any> = P extends undefined
  ? (this: EndpointMembers<any, any, any>, body: B) => Promise<R>
  : {} extends P
    ? keyof P extends never
      ? (this: EndpointMembers<any, any, any>, body: B) => Promise<R>
      :
          | ((this: EndpointMembers<any, any, any>, params: P, body: B) => Promise<R>)
          | ((this: EndpointMembers<any, any, any>, body: B) => Promise<R>)
    : (this: EndpointMembers<any, any, any>, params: P, body: B) => Promise<R>;

/** The function of an endpoint taking only `params` (optional when every key of `P` is), resolving `R`. Default: resolves `any`. */
export type ParamFetchNoBody<P, R = any> = P extends undefined
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

// ---------------------------------------------------------------------------
// The rest of Data Client's public type names: endpoints, errors, schemas and
// small utilities, each over rest-slice's own types.
// ---------------------------------------------------------------------------

/** The element type of an array or tuple type: `ArrayElement<readonly ['a', 'b']>` is `'a' | 'b'`. */
export type ArrayElement<ArrayType extends unknown[] | readonly unknown[]> = ArrayType[number];

/** `O[K]` when options `O` have a member `K`, else endpoint `E`'s: what an `extend(O)` keeps of `E`. */
export type FromFallBack<K extends keyof E, O, E> = K extends keyof O ? O[K] : E[K];

/** The first argument of endpoint `E` (its params object): from its call signature, else from its `key`. */
export type EndpointParam<E> = E extends (...args: infer A) => any
  ? A[0]
  : E extends {
        /** The request key of these arguments. */
        key(...args: infer A): string;
      }
    ? A[0]
    : never;

/**
 * A function with endpoint `E`'s arguments and result, run with `this` = the endpoint (what its `fetch` is).
 * @typeParam E - the endpoint (any async function)
 */
export type EndpointToFunction<E extends (...args: any) => Promise<any>> = (this: E, ...args: Parameters<E>) => ReturnType<E>;

/** Any error without a known shape (a failed `fetch`, a throw in `process`): its `status` and `response`, if present, are unchecked. */
export interface UnknownError extends Error {
  /** The status the error carries, if any (not necessarily a number). */
  status?: unknown;
  /** The response the error carries, if any. */
  response?: unknown;
}

/** An error a request can fail with: a {@link NetworkError} (a non-2xx response) or any other, an {@link UnknownError}. */
export type ErrorTypes = NetworkError | UnknownError;

/** How usable cached data is: the values of {@link ExpiryStatus} (`1 | 2 | 3`). */
export type ExpiryStatusInterface = ExpiryStatus;

/**
 * The cache and optimistic options of an endpoint whose function is `F`:
 * {@link CacheOptions} (expiry lengths, polling, `invalidIfStale`, ...) plus
 * `errorPolicy` and `getOptimisticResponse`.
 */
export type EndpointExtraOptions<F extends FetchFunction = FetchFunction> = CacheOptions &
  Pick<EndpointOptions<F, any, any>, 'errorPolicy' | 'getOptimisticResponse'>;

/** What `endpoint.extend()` takes: the options of `new Endpoint(fn, options)` for `F`, schema `S` and `sideEffect` `M`, with a `fetch` that may be another function. */
export type EndpointExtendOptions<
  F extends FetchFunction = FetchFunction,
  S extends Schema | undefined = Schema | undefined,
  M extends true | undefined = true | undefined,
> = Omit<EndpointOptions<F, S, M>, 'fetch'> & {
  /** Replaces the function the endpoint runs (its arguments and result may differ from `F`'s). */
  fetch?: FetchFunction;
};

/** An Endpoint instance without `extend`: callable as `F`, with its `key`, `fetch`, `testKey`, schema `S` and `sideEffect` `M`. */
export type EndpointInstanceInterface<
  F extends FetchFunction = FetchFunction,
  S extends Schema | undefined = Schema | undefined,
  M extends true | undefined = true | undefined,
> = ((...args: Parameters<F>) => ReturnType<F>) & Omit<EndpointMembers<F, S, M>, 'extend'>;

/** Every member name of an Endpoint, those of functions (`call`, `bind`, `length`, ...) included: to `Omit` them from an object of custom members. */
export type KeyofEndpointInstance = keyof EndpointInstance | keyof CallableFunction;

/** An endpoint for reads (`sideEffect` not set): callable as `F`, whose `key` takes `F`'s arguments, with schema `S`. */
export type ReadEndpoint<F extends FetchFunction = FetchFunction, S extends Schema | undefined = Schema | undefined> = ((
  ...args: Parameters<F>
) => ReturnType<F>) &
  EndpointInterface & {
    /** The request key of these arguments. */
    key(...args: Parameters<F>): string;
    /** The response's schema. */
    readonly schema?: S;
    /** Not set: a read. */
    readonly sideEffect?: undefined;
  };

/** An endpoint that `hookifyResource` can turn into a hook: one with `extend`, which gives another such endpoint. */
export interface HookableEndpointInterface extends EndpointInterface {
  /** A new endpoint with the given options merged over this one's. */
  extend(...args: any[]): HookableEndpointInterface;
}

/** The `sideEffect` a method gives: `undefined` for GET and HEAD (reads) and when none is given, `true` for any other. */
export type MethodToSide<M> = M extends string ? (M extends 'GET' | 'HEAD' ? undefined : true) : undefined;

/** The members of a RestEndpoint derived for lists and pages. */
type ListKeys = 'paginated' | 'getPage' | 'push' | 'unshift' | 'assign' | 'remove' | 'move';

/**
 * A {@link RestInstance} without the members derived for lists and pages
 * (`paginated`, `getPage`, `push`, `unshift`, `assign`, `remove`, `move`):
 * callable as `F`, with schema `S`, `sideEffect` `M` and options `O`.
 */
export type RestInstanceBase<
  F extends AnyFetch = AnyFetch,
  S extends Schema | undefined = any,
  M extends true | undefined = true | undefined,
  O extends {
    path: string;
    body?: any;
    searchParams?: any;
    method?: string;
  } = { path: string },
> = ((...args: Parameters<F>) => ReturnType<F>) & Omit<RestInstance<F, S, M, O>, ListKeys>;

/** A RestEndpoint taking only params ({@link ParamFetchNoBody}): `UrlParams`, schema `S`, `sideEffect` `M`, resolving `R`, options `O`. */
export type RestTypeNoBody<
  UrlParams = any,
  S extends Schema | undefined = Schema | undefined,
  M extends true | undefined = true | undefined,
  R = any,
  O extends { path: string; body?: undefined; searchParams?: any } = { path: string; body: undefined },
> = RestInstance<ParamFetchNoBody<UrlParams, R>, S, M, O>;

/** A RestEndpoint taking params and a body ({@link ParamFetchWithBody}): `UrlParams`, schema `S`, `sideEffect` `M`, body `Body`, resolving `R`, options `O`. */
export type RestTypeWithBody<
  UrlParams = any,
  S extends Schema | undefined = Schema | undefined,
  M extends true | undefined = true | undefined,
  Body = any,
  R = any,
  O extends { path: string; body?: any; searchParams?: any } = { path: string; body: any },
> = RestInstance<ParamFetchWithBody<UrlParams, Body, R>, S, M, O>;

/** The generics of endpoint `E`: those it was built with, else read from its `path`, `schema`, `method`, `body`, `searchParams` and `paginationField`. */
type GenericsOfEndpoint<E> =
  E extends RestEndpointInstance<infer G>
    ? G
    : {
        readonly path: E extends { readonly path: infer P extends string } ? P : string;
        readonly schema: E extends { readonly schema: infer S } ? S : unknown;
        readonly method: E extends { readonly method: infer M extends string } ? M : 'GET';
        readonly body: E extends { readonly body?: infer B } ? B : unknown;
        readonly searchParams: E extends { readonly searchParams?: infer SP } ? SP : unknown;
        readonly paginationField: E extends { readonly paginationField?: infer PF extends string } ? PF : undefined;
      };

/**
 * Generics `G` with the typed options `O` of `extend(O)` put over them, as
 * `RestEndpoint.extend` types its result; without a `process` in `O`, the
 * endpoint resolves `R`.
 */
type ExtendedGenerics<G extends RestGenerics, O, R = ProcessedOf<G>> = Generics<
  'path' extends keyof O ? Extract<O['path'], string> : G['path'],
  'schema' extends keyof O ? O['schema'] : SchemaOf<G>,
  'method' extends keyof O ? Extract<O['method'], string> : MethodOf<G>,
  'body' extends keyof O ? O['body'] : BodyOfGenerics<G>,
  'searchParams' extends keyof O ? O['searchParams'] : SearchOfGenerics<G>,
  'paginationField' extends keyof O ? Extract<O['paginationField'], string | undefined> : PageFieldOf<G>,
  'process' extends keyof O ? (O extends { readonly process?: (...args: any[]) => infer X } ? X : R) : R
>;

/** What an endpoint whose function is `F` resolves after `extend(O)`: `F`'s value, unless `O` sets a `schema` (then the schema's, or the endpoint's own `process`'s). */
type KeptResult<O, G extends RestGenerics, F extends AnyFetch> = 'schema' extends keyof O ? ProcessedOf<G> : Awaited<ReturnType<F>>;

/**
 * The function of the endpoint `E.extend(O)` gives, where `F` is `E`'s:
 * the arguments of the merged `path`, `method`, `body` and `searchParams`,
 * resolving what `O`'s `process` returns, else `F`'s value (the new
 * schema's when `O` sets one).
 */
export type OptionsToFunction<
  O extends PartialRestGenerics,
  E extends { body?: any; path?: string; method?: string },
  F extends AnyFetch,
> = (
  this: RestEndpoint<ExtendedGenerics<GenericsOfEndpoint<E>, O, KeptResult<O, GenericsOfEndpoint<E>, F>>>,
  ...args: ArgsOf<ExtendedGenerics<GenericsOfEndpoint<E>, O, KeptResult<O, GenericsOfEndpoint<E>, F>>>
) => Promise<ResultOf<ExtendedGenerics<GenericsOfEndpoint<E>, O, KeptResult<O, GenericsOfEndpoint<E>, F>>>>;

/**
 * The options `E.extend(O)` takes besides the typed generics `O`, where `F`
 * is `E`'s function: {@link RestEndpointExtraOptions} typed by the merged
 * generics (hooks get the new arguments), plus `E`'s own custom members.
 */
export type RestEndpointExtendOptions<
  O extends PartialRestGenerics,
  E extends { body?: any; path?: string; schema?: Schema; method?: string },
  F extends AnyFetch,
> = RestEndpointExtraOptions<ExtendedGenerics<GenericsOfEndpoint<E>, O, KeptResult<O, GenericsOfEndpoint<E>, F>>> &
  Partial<Omit<E, KeyofRestEndpoint | keyof PartialRestGenerics | keyof RestEndpointExtraOptions>>;

/**
 * The endpoint `E.extend(O)` gives: a RestEndpoint of `E`'s generics with
 * `O`'s put over them, plus the custom members of `O` and of `E`.
 */
export type RestExtendedEndpoint<O extends PartialRestGenerics, E extends RestInstanceBase & { getPage?: unknown }> = RestEndpoint<
  ExtendedGenerics<GenericsOfEndpoint<E>, O>
> &
  Omit<O, KeyofRestEndpoint | keyof PartialRestGenerics> &
  Omit<E, KeyofRestEndpoint | keyof O>;

/**
 * A schema object that denormalizes to `T`, whose `normalize` gets the
 * endpoint's arguments `Args` (as `visitor.args`): every class of `schema.*`,
 * or one of the app's own.
 */
export interface SchemaSimple<T = any, Args extends any[] = any[]> extends SchemaProtocol, SchemaType<T> {
  /** Schema protocol: returns what is stored in place of `input`; `visitor.args` are the endpoint's arguments. */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor & { readonly args: Readonly<Args> }): unknown;
  /** Schema protocol: returns the value rebuilt from what `normalize` stored. */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown;
}

/**
 * A {@link SchemaSimple} that denormalizes to `T`. `N`, what it gives while
 * its data is missing, is always `T | undefined` in rest-slice (see
 * `DenormalizeNullable`), so it changes nothing here.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- `N` is Data Client's parameter, kept so code naming it compiles.
export interface SchemaClass<T = any, N = T | undefined> extends SchemaSimple<T> {}

/** A schema of several items, one schema or a mapping of them (`schema.Array`, `schema.Values`, `schema.Union`, `schema.All`), that denormalizes to `T`. */
export interface PolymorphicInterface<T = any> extends SchemaSimple<T> {
  /** The item schema, or the mapping of schemas. */
  readonly schema: any;
  /** How an item picks its schema in the mapping; `undefined` for a single schema. */
  readonly schemaAttribute: SchemaAttribute | undefined;
}

/** The arguments a schema is normalized and read with: a `schema.Query`'s own `P`, else the endpoint's arguments (`any[]`). */
export type SchemaToArgs<S extends Pick<SchemaProtocol, 'normalize'>> = S extends Query<any, infer P, any> ? P : any[];

/**
 * The params of a lookup by an Entity's secondary indexes
 * (`static indexes = ['username'] as const`): each indexed member, optional;
 * `Readonly<object>` for a schema without `indexes`. rest-slice has no
 * `Index` lookup: this only types such params.
 */
export type IndexParams<S extends Schema> = S extends {
  /** The members the Entity is looked up by. */
  readonly indexes: readonly string[];
}
  ? Partial<Pick<AbstractInstance<S>, Extract<ArrayElement<S['indexes']>, keyof AbstractInstance<S>>>>
  : Readonly<object>;

/** What one item of a list or map of `D` is stored as: a mapping of classes gives references (`unknown`), one schema its own form. */
type NormalizeItem<D> = D extends ((...args: never[]) => unknown) | (abstract new (...args: never[]) => unknown)
  ? Normalize<D>
  : D extends { readonly [key: string]: abstract new (...args: never[]) => unknown }
    ? unknown
    : Normalize<D>;

/**
 * What schema `S` stores in place of the data (the `result` of
 * `normalize`): an Entity, a Collection or an invalidated Entity its pk
 * (`string`), lists and objects member by member, a Query its inner
 * schema's form; `unknown` for polymorphic references, other schema objects
 * and converters (`Date`), whose values are stored as received.
 */
export type Normalize<S> = S extends EntityLikeSchema
  ? string
  : S extends Invalidate<infer E>
    ? E extends EntityLikeSchema
      ? string
      : unknown
    : S extends Query<infer Inner, any, any>
      ? Normalize<Inner>
      : S extends ObjectSchema<infer O>
        ? { [K in keyof O]: Normalize<O[K]> }
        : S extends ArraySchema<infer D>
          ? NormalizeItem<D>[]
          : S extends Values<infer D>
            ? Record<string, NormalizeItem<D>>
            : S extends SchemaProtocol | ((...args: any[]) => unknown) | (abstract new (...args: any[]) => unknown)
              ? unknown
              : S extends readonly (infer I)[]
                ? Normalize<I>[]
                : S extends object
                  ? { [K in keyof S]: Normalize<S[K]> }
                  : Denormalize<S>;

/** Like {@link Normalize}, or `undefined` while the data is missing (as `DenormalizeNullable` is to {@link Denormalize}). */
export type NormalizeNullable<S> = Normalize<S> | undefined;
