/**
 * The remaining public generic type names of `@data-client/rest` 0.9 for
 * resources (`CustomResource`, `ResourceExtension`, `HookResource`, ...), with
 * the same type parameters, defined in terms of rest-slice's own
 * `ResourceWith` and `RestEndpoint<O>` so code that names them type-checks here.
 */
import type { MemberOptions, ResourceWith } from './resourceExtend';
import type { PartialRestGenerics } from './dataClientTypes';
import type { ResourceGenerics } from './resourceTypes';
import type { RestEndpoint, RestEndpointInstance } from './RestEndpoint';
import type { SnapshotInterface } from './Snapshot';
import type { ArgsOf, MergeGenerics } from './types';

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
