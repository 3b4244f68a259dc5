/**
 * Type-level description of a RestEndpoint: the generics bag it is built from,
 * and the params, arguments and results derived from it.
 */
import type { AbstractInstance } from '../schema/Entity';
import type { Invalidate } from '../schema/Invalidate';
import type { Denormalize } from '../schema/types';
import type { PathArgs, RequiredPathKeys } from './pathTypes';

/** An HTTP method; non-GET methods are mutations. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** The typed options an endpoint's types are computed from. */
export interface RestGenerics {
  /** The path pattern, e.g. `'/todos/:id'`. */
  readonly path: string;
  /** The response's schema. */
  readonly schema?: unknown;
  /** The HTTP method (`'GET'` when not given). */
  readonly method?: string;
  /** The type of the body a call takes. */
  readonly body?: unknown;
  /** The type of the extra search params. */
  readonly searchParams?: unknown;
  /** The search param that selects a page. */
  readonly paginationField?: string;
}

/** The method of an endpoint's generics; `'GET'` when not given. */
export type MethodOf<O> = O extends { readonly method: infer M extends string }
  ? string extends M
    ? HttpMethod
    : M
  : 'GET';

/** The schema of an endpoint's generics; `unknown` when not given. */
export type SchemaOf<O> = O extends { readonly schema: infer S } ? S : unknown;

/** The `body` type of generics `O` as given (`unknown`: not given). */
export type BodyOfGenerics<O> = O extends { readonly body: infer B } ? B : unknown;

/** The `searchParams` type of generics `O` (`unknown`: not given). */
export type SearchOfGenerics<O> = O extends { readonly searchParams: infer SP } ? SP : unknown;

/** The `paginationField` of generics `O` (`undefined`: not given). */
export type PageFieldOf<O> = O extends { readonly paginationField: infer PF extends string } ? PF : undefined;

/** Whether calls of the endpoint take a body: mutations other than DELETE, unless `body: undefined`. */
export type HasBody<O> = MethodOf<O> extends 'GET' | 'HEAD' | 'DELETE'
  ? false
  : O extends { readonly body: infer B }
    ? 0 extends 1 & B
      ? true
      : [B] extends [undefined]
        ? false
        : true
    : true;

/** Any body a request can send: a JSON-able object or array, or `FormData`. */
export type DefaultBody = object;

/** The body type of an endpoint: its `body` option's type (`any` when declared `any`), else {@link DefaultBody}. */
export type BodyOf<O> = O extends { readonly body: infer B } ? (0 extends 1 & B ? any : unknown extends B ? DefaultBody : B) : DefaultBody;

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * The search params an endpoint declares with its `searchParams` option. A declared `| undefined` (Data
 * Client's todo-app writes `{} as { userId?: number } | undefined`) only says the params may be left out.
 */
export type SearchParamsOf<O> = O extends { readonly searchParams: infer SP }
  ? [NonNullable<SP>] extends [never]
    ? {}
    : [NonNullable<SP>] extends [object]
      ? NonNullable<SP>
      : {}
  : {};

/** The params object of an endpoint: path arguments plus declared search params. */
export type ParamsOf<O extends RestGenerics> = {} extends SearchParamsOf<O>
  ? keyof SearchParamsOf<O> extends never
    ? PathArgs<O['path']>
    : Flatten<PathArgs<O['path']> & SearchParamsOf<O>>
  : Flatten<PathArgs<O['path']> & SearchParamsOf<O>>;

type NeedsParams<O extends RestGenerics> = RequiredPathKeys<O['path']> extends never
  ? {} extends SearchParamsOf<O>
    ? false
    : true
  : true;

/**
 * The arguments of an endpoint: `(params)` for reads and DELETE,
 * `(params, body)` for mutations with a body, and `(body)` too when the
 * path needs no params. Optional params with no named member (a list's
 * `/todos`) are any `object`, not `{}`, which would take `5` or `'5'`.
 */
export type ArgsOf<O extends RestGenerics> = HasBody<O> extends true
  ? NeedsParams<O> extends true
    ? [params: ParamsOf<O>, body: BodyOf<O>]
    : [body: BodyOf<O>] | [params: ParamsOf<O>, body: BodyOf<O>]
  : NeedsParams<O> extends true
    ? [params: ParamsOf<O>]
    : [params?: [keyof ParamsOf<O>] extends [never] ? object : ParamsOf<O>];

/**
 * {@link ArgsOf} as one tuple, for the hooks an endpoint calls with its
 * arguments (`process`, `getOptimisticResponse`, `onSubscribe`, `url`,
 * `key`). `(body)` or `(params, body)` becomes `(paramsOrBody, body?)`: a
 * hook may then declare fewer or more parameters, which a union of tuples
 * rejects (`process(value) { ... }` on `getList.push`).
 */
export type HookArgsOf<O extends RestGenerics> = HasBody<O> extends true
  ? NeedsParams<O> extends true
    ? [params: ParamsOf<O>, body: BodyOf<O>]
    : [paramsOrBody: ParamsOf<O> | BodyOf<O>, body?: BodyOf<O>]
  : ArgsOf<O>;

type AnyFunction = (...args: any[]) => any;

/**
 * The plain JSON a denormalized type comes from: methods dropped, `Date`
 * members as strings, recursively. Calling an endpoint resolves this (it
 * does not build Entity instances; the store does).
 */
export type ResolveType<T> = T extends Date
  ? string
  : T extends AnyFunction
    ? never
    : T extends readonly (infer I)[]
      ? ResolveType<I>[]
      : T extends object
        ? { [K in keyof T as T[K] extends AnyFunction ? never : K]: ResolveType<T[K]> }
        : T;

/** What the store hands out for an endpoint: its schema denormalized (Entity instances). */
export type EndpointData<E> = E extends { readonly schema: infer S } ? Denormalize<S> : unknown;

/**
 * What calling an endpoint resolves: the type `process` declares it returns,
 * else the processed JSON body typed from the schema. An `Invalidate(E)`
 * endpoint resolves part of an `E` (the server's item, or for
 * `resource.delete` the params naming it).
 */
export type ResultOf<O extends RestGenerics> = unknown extends ProcessedOf<O> ? SchemaResultOf<O> : ProcessedOf<O>;

/** What the generics' `process` declares it returns: `unknown` when not set; {@link ResultOf} treats `any` the same. */
export type ProcessedOf<O> = O extends { readonly process?: (...args: any[]) => infer R } ? R : unknown;

type SchemaResultOf<O extends RestGenerics> = O extends { readonly schema: infer S }
  ? unknown extends S
    ? unknown
    : S extends Invalidate<infer E>
      ? Partial<ResolveType<AbstractInstance<E>>>
      : ResolveType<Denormalize<S>>
  : unknown;

/** Merges endpoint generics: members of `E` replace those of `O`. */
export type MergeGenerics<O extends RestGenerics, E> = Flatten<
  Omit<O, keyof E & keyof RestGenerics> & Pick<E, keyof E & keyof RestGenerics>
> extends infer M extends RestGenerics
  ? M
  : never;
