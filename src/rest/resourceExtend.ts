import type { RestEndpoint } from './RestEndpoint';
import type { ExtendOptions, Generics, RestEndpointExtraOptions } from './endpointOptions';
import { attachListMembers, createMember, LIST_MEMBERS, type ListMembersConfig } from './listMembers';
import type { SnapshotInterface } from './Snapshot';
import type { BodyOfGenerics, MergeGenerics, MethodOf, PageFieldOf, ProcessedOf, RestGenerics, SchemaOf, SearchOfGenerics } from './types';

/** Options for one member in `resource.extend({ member: options })`. */
export type MemberOptions = Partial<RestGenerics> & Omit<RestEndpointExtraOptions, 'getOptimisticResponse' | 'process'> & {
  /** See `RestEndpoint` `getOptimisticResponse`; arguments are the member's call arguments. */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: any[]): unknown;
  /** See `RestEndpoint` `process`. */
  process?(value: any, ...args: any[]): any;
};

type GenericsOf<E> = E extends RestEndpoint<infer O> ? O : never;
/** No typed option given (the batch form's default for a member it does not name). */
type NoOptions = Record<never, never>;
/** The members whose batch options are typed by what they make. */
type TypedMember = 'get' | 'getList' | 'update' | 'partialUpdate' | 'delete';
/** The options that decide a member's types, inferred from the batch form's object. */
interface OptionGenerics {
  readonly path?: string;
  readonly schema?: unknown;
  readonly method?: string;
  readonly body?: unknown;
  readonly searchParams?: unknown;
  readonly paginationField?: string;
}
type Given<X, K extends string, D> = X extends { readonly [P in K]: infer V } ? V : D;
/** The options of member `N` given as `X`, each hook typed by the generics they make. */
type TypedOptions<R, N, X> = ExtendOptions<
  Given<X, 'path', PathOf<BaseOf<R, N>>> & string,
  Given<X, 'schema', SchemaOf<BaseOf<R, N>>>,
  Given<X, 'method', MethodOf<BaseOf<R, N>>> & string,
  Given<X, 'body', BodyOfGenerics<BaseOf<R, N>>>,
  Given<X, 'searchParams', SearchOfGenerics<BaseOf<R, N>>>,
  Given<X, 'paginationField', PageFieldOf<BaseOf<R, N>>> & (string | undefined),
  ProcessedOf<BaseOf<R, N>>
>;
/** Member `N` after the batch form: unchanged when not given or given no typed option, else built from its options. */
type TypedResult<R, N extends TypedMember, X> = N extends keyof R
  ? {
      readonly [K in N]: unknown extends X
        ? R[K]
        : OptionGenerics extends X
          ? R[K]
          : [keyof X & keyof OptionGenerics] extends [never]
            ? R[K]
            : Extended<R[K], X>;
    }
  : unknown;
/** The generics a named member starts from: its own, or `get`'s for a new member. */
type BaseOf<R, N> = GenericsOf<N extends keyof R ? R[N] : R extends { get: infer G } ? G : never>;
type PathOf<O> = O extends { readonly path: infer P extends string } ? P : string;
type Extended<E, X> = RestEndpoint<MergeGenerics<GenericsOf<E>, X>>;

/** The `extend()` of a resource: batch overrides, an added member, or members derived from the base. */
export interface ResourceExtend<R> {
  /**
   * Overrides known members with options (batch form). The options of `get`, `getList`, `update`,
   * `partialUpdate` and `delete` type their hooks by the member they make, as `extend(name, options)`
   * does; options of other members go through the form below.
   */
  extend<
    G extends OptionGenerics = NoOptions,
    L extends OptionGenerics = NoOptions,
    U extends OptionGenerics = NoOptions,
    PU extends OptionGenerics = NoOptions,
    D extends OptionGenerics = NoOptions,
  >(overrides: {
    readonly get?: TypedOptions<R, 'get', G> & Readonly<G>;
    readonly getList?: TypedOptions<R, 'getList', L> & Readonly<L>;
    readonly update?: TypedOptions<R, 'update', U> & Readonly<U>;
    readonly partialUpdate?: TypedOptions<R, 'partialUpdate', PU> & Readonly<PU>;
    readonly delete?: TypedOptions<R, 'delete', D> & Readonly<D>;
  }): ResourceWith<
    Omit<R, TypedMember> &
      TypedResult<R, 'get', G> &
      TypedResult<R, 'getList', L> &
      TypedResult<R, 'update', U> &
      TypedResult<R, 'partialUpdate', PU> &
      TypedResult<R, 'delete', D>
  >;
  /** The batch form for any member, its options untyped beyond {@link MemberOptions}. */
  extend<const T extends { readonly [K in keyof R]?: MemberOptions }>(
    overrides: T,
  ): ResourceWith<Omit<R, keyof T> & { readonly [K in keyof T]: K extends keyof R ? Extended<R[K], T[K]> : never }>;
  /**
   * Extends the member `name` with `options` when the resource has it (as the batch form does), else
   * adds a member built from `get` with `options` (path, method, schema, ...) merged in (as Data Client).
   * The options' hooks are typed by the member they make: `getOptimisticResponse(snap, params)` reads
   * the params of the new `path` and `searchParams`.
   */
  extend<
    const N extends string,
    P extends string = PathOf<BaseOf<R, N>>,
    S = SchemaOf<BaseOf<R, N>>,
    M extends string = MethodOf<BaseOf<R, N>>,
    B = BodyOfGenerics<BaseOf<R, N>>,
    SP = SearchOfGenerics<BaseOf<R, N>>,
    PF extends string | undefined = PageFieldOf<BaseOf<R, N>>,
    Res = ProcessedOf<BaseOf<R, N>>,
  >(
    name: N,
    options: ExtendOptions<P, S, M, B, SP, PF, Res>,
  ): ResourceWith<Omit<R, N> & { readonly [K in N]: RestEndpoint<Generics<P, S, M, B, SP, PF, Res>> }>;
  /** The untyped form of the above, for options built elsewhere. */
  extend<const N extends string, const T extends MemberOptions>(
    name: N,
    options: T,
  ): ResourceWith<
    Omit<R, N> & {
      readonly [K in N]: K extends keyof R ? Extended<R[K], T> : R extends { get: infer G } ? Extended<G, T> : never;
    }
  >;
  /** Adds or replaces members computed from the base resource. */
  extend<X extends Record<string, unknown>>(members: (base: R) => X): ResourceWith<Omit<R, keyof X> & X>;
}

/** A resource given by its members `R`, plus `extend()` (what `extend()` returns). */
export type ResourceWith<R> = R & ResourceExtend<R>;

/** What a resource's members are built with: `createResource` makes it, `extend()` builds with it again. */
export interface ResourceConfig extends ListMembersConfig {
  readonly key: string;
}

/** The resource of `members` with its `extend()` (not enumerable, so spreading a resource copies only its members). */
export function buildResource(members: Record<string, unknown>, config: ResourceConfig): ResourceWith<any> {
  const resource: Record<string, unknown> = { ...members };
  delete resource.extend;
  Object.defineProperty(resource, 'extend', {
    value: (...args: unknown[]) => extendResource(resource, config, args),
    enumerable: false,
  });
  const endpoints = resourceEndpoints(resource);
  for (const endpoint of endpoints) Object.defineProperty(endpoint, SIBLINGS, { value: endpoints, configurable: true, writable: true });
  return resource as ResourceWith<any>;
}

/**
 * Where a resource's member endpoints find the others: a cache that meets one (a fetch, a hook) learns the
 * names of all, so an optimistic update another tab relays, or a restored one, is recomputed by a tab that
 * only read the data so far.
 */
export const SIBLINGS = /* @__PURE__ */ Symbol.for('rest-slice/siblings');

/** The endpoints of a resource: its members and `getList`'s (`push`, `unshift`, `assign`, `remove`, `move`, `getPage`). */
function resourceEndpoints(resource: Record<string, unknown>): object[] {
  const found: object[] = [];
  for (const member of Object.values(resource)) {
    if (typeof member !== 'function') continue;
    found.push(member);
    for (const name of [...LIST_MEMBERS, 'getPage']) {
      const listMember = Object.getOwnPropertyDescriptor(member, name)?.value as unknown;
      if (typeof listMember === 'function') found.push(listMember);
    }
  }
  return found;
}

function extendResource(resource: Record<string, unknown>, config: ResourceConfig, args: unknown[]): ResourceWith<any> {
  const [first, second] = args;
  if (typeof first === 'function') {
    return buildResource({ ...resource, ...(first as (base: unknown) => Record<string, unknown>)(resource) }, config);
  }
  if (typeof first === 'string') {
    const existing: unknown = resource[first];
    // An existing member is extended itself (`extend('getList', { ... })`), as in Data Client.
    if (typeof existing === 'function' && typeof (existing as { extend?: unknown }).extend === 'function') {
      return extendResource(resource, config, [{ [first]: second }]);
    }
    const get = resource.get as RestEndpoint<any>;
    const member = get.extend({ name: `${config.key}.${first}`, ...(second as object) } as never);
    return buildResource({ ...resource, [first]: member }, config);
  }
  if (typeof first !== 'object' || first === null) {
    throw new TypeError(
      '[rest-slice] `extend` takes `{ member: options }`, `(name, options)` or `(base) => ({ ...members })`',
    );
  }
  const next: Record<string, unknown> = { ...resource };
  for (const [name, options] of Object.entries(first)) {
    const member = resource[name] as RestEndpoint<any> | undefined;
    if (typeof member !== 'function' || typeof member.extend !== 'function') {
      throw new TypeError(
        `[rest-slice] \`extend\` cannot override '${name}': the resource has no such member; add it with \`extend('${name}', options)\``,
      );
    }
    const extended = member.extend(options as never);
    if (name === 'getList') {
      attachListMembers(extended, config);
      // `create` is `getList.push` under another name: it follows an overridden `getList`.
      if (!('create' in first)) next.create = createMember(extended, config);
    }
    next[name] = extended;
  }
  return buildResource(next, config);
}
