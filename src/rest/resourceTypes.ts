/**
 * The public generic names of `@data-client/rest` for resources and
 * endpoints (`ResourceGenerics`, `Resource<O>`, `GetEndpoint`, ...), with the
 * same type parameters, so custom resource factories written for Data Client
 * type-check unchanged.
 */
import type { Collection, CollectionAdder } from '../schema/Collection';
import type { ResourceExtend } from './resourceExtend';
import type { ResourceMembers } from './resourceMembers';
import type { Generics } from './endpointOptions';
import type { PathArgs } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';
import type { BodyOfGenerics, PageFieldOf, SearchOfGenerics } from './types';


/** The typed options of a resource: `path` and `schema`, plus `body`, `searchParams` and `paginationField` when given. */
export interface ResourceGenerics {
  /** The path of one item, with at least one `:param` (`'/todos/:id'`); `getList` uses it without the last one. Required. */
  readonly path: string;
  /** The schema of one item (an Entity class or a Union of them). Required. */
  readonly schema: any;
  /**
   * Only types the body of mutations (`body: {} as TodoInput`).
   * @defaultValue the item's fields (`Partial` of the item) or a `FormData`
   */
  readonly body?: any;
  /**
   * Only types the extra search params of `getList` (`searchParams: {} as { userId?: number }`).
   * @defaultValue none
   */
  readonly searchParams?: any;
  /**
   * The search param that selects a page; enables `getList.getPage` and makes `getList` an infinite list.
   * @defaultValue none
   */
  readonly paginationField?: string;
}

/** The members a resource of generics `O` has (see `createResource`). */
export type ResourceMembersOf<O extends ResourceGenerics> = ResourceMembers<
  O['path'],
  O['schema'],
  BodyOfGenerics<O>,
  SearchOfGenerics<O>,
  PageFieldOf<O>
>;

/** A resource: `get`, `getList`, `create`, `update`, `partialUpdate`, `delete` and `extend()` for generics `O`. */
export interface Resource<O extends ResourceGenerics = { path: string; schema: any }>
  extends ResourceMembers<O['path'], O['schema'], BodyOfGenerics<O>, SearchOfGenerics<O>, PageFieldOf<O>>,
    ResourceExtend<ResourceMembersOf<O>> {}

/** A GET endpoint for `{ path, schema, searchParams?, paginationField? }`. */
export type GetEndpoint<
  O extends {
    /** The path pattern. */
    readonly path: string;
    /** The response's schema. */
    readonly schema: unknown;
    /** The type of the extra search params. */
    readonly searchParams?: any;
    /** The search param that selects a page. */
    readonly paginationField?: string;
  } = { path: string; schema: any },
> = RestEndpoint<Generics<O['path'], O['schema'], 'GET', unknown, SearchOfGenerics<O>, PageFieldOf<O>>>;

/** A mutation endpoint with a body for `{ path, schema, body?, searchParams? }`. */
export type MutateEndpoint<
  O extends {
    /** The path pattern. */
    readonly path: string;
    /** The response's schema. */
    readonly schema: unknown;
    /** The type of the extra search params. */
    readonly searchParams?: any;
    /** The type of the body. */
    readonly body?: any;
  } = { path: string; body: any; schema: any },
> = RestEndpoint<Generics<O['path'], O['schema'], 'POST' | 'PUT' | 'PATCH', BodyOfGenerics<O>, SearchOfGenerics<O>, undefined>>;

/** An endpoint adding to a Collection (`push`, `unshift`, `assign`): a POST whose schema is the Collection's adder. */
export type AddEndpoint<
  O extends {
    /** The list's path pattern. */
    readonly path: string;
    /** The Collection added to. */
    readonly schema: Collection<any>;
    /** The type of the body. */
    readonly body?: any;
    /** The type of the extra search params. */
    readonly searchParams?: any;
  },
> = RestEndpoint<
  Generics<
    O['path'],
    O['schema'] extends Collection<infer I> ? CollectionAdder<I> : never,
    'POST',
    BodyOfGenerics<O>,
    SearchOfGenerics<O>,
    undefined
  >
>;

/** A resource with members replaced or added: `Omit<R, keyof T> & T`. */
export type ExtendedResource<R, T extends Record<string, unknown>> = Omit<R, keyof T> & T;

/** `PathArgs` of a path plus any other search params (`Record<string, string | number>`). */
export type PathArgsAndSearch<P extends string> = PathArgs<P> & Record<string, string | number>;

/** The generics of a RestEndpoint type. */
export type GenericsOf<E> = E extends RestEndpoint<infer O> ? O : never;
