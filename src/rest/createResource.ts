import { Collection, type CollectionAdder, type CollectionOptions } from '../schema/Collection';
import { describeSchema } from '../schema/describeSchema';
import { isEntityClass, type Entity } from '../schema/Entity';
import { Invalidate } from '../schema/Invalidate';
import { Union } from '../schema/Union';
import type { Denormalize } from '../schema/types';
import { AbortOptimistic } from './AbortOptimistic';
import { adderSchema, listEditSchema } from './collectionSchemas';
import type { ShortenPath } from './pathTypes';
import { shortenPath } from './paths';
import { RestEndpoint } from './RestEndpoint';
import { defineOwn } from './Endpoint';
import { constructEndpoint, type EndpointClass } from './restArgs';
import type { Generics, RestEndpointExtraOptions } from './endpointOptions';
import type { SnapshotInterface } from './Snapshot';
import type { Resource, ResourceGenerics } from './resourceTypes';
import type { MergeGenerics, ResolveType, RestGenerics } from './types';

/** Endpoint options that `createResource` passes to every member (expiry lengths, `pollFrequency`, ...). */
export type ResourceExtraOptions = Omit<
  RestEndpointExtraOptions,
  'name' | 'sideEffect' | 'getOptimisticResponse' | 'process' | 'key' | 'url'
>;

/**
 * The untyped options of {@link createResource} (the typed ones are
 * {@link ResourceGenerics}). Every other endpoint option (expiry lengths,
 * `retry`, `getHeaders`, `fetchResponse`, ...) is passed to each member, with
 * the meaning and default it has in {@link RestEndpointExtraOptions}.
 */
export interface ResourceOptions extends ResourceExtraOptions {
  /**
   * Prepended to every member's path, e.g. `https://api.example.com`.
   * @defaultValue `''`
   */
  readonly urlPrefix?: string;
  /**
   * Installs a default `getOptimisticResponse` on every mutation: `update`,
   * `getList.move` and `partialUpdate` (skipped while the item is not cached) show the params with
   * the body's fields, `create` and the list edits the body, `delete` removes the item at once.
   * @defaultValue `false`
   */
  readonly optimistic?: boolean;
  /**
   * The class every member is built with (a `RestEndpoint` subclass, e.g. one adding auth headers).
   * @defaultValue `RestEndpoint`
   */
  readonly Endpoint?: EndpointClass;
  /**
   * The class of `getList`'s schema, built with `{ key }` naming the item and
   * the list's URL, so resources with other paths keep their own lists.
   * @defaultValue `schema.Collection`
   */
  readonly Collection?: new (schema: [any], options?: CollectionOptions) => Collection<any>;
}

type ItemBody<S> = Partial<ResolveType<Denormalize<S>>>;
/** The body of `update`: the `body` option's type, else the item's fields or a `FormData` of them (as Data Client). */
type BodyFor<B, S> = unknown extends B ? ItemBody<S> | FormData : B;
/** The body of `partialUpdate`: part of the `body` option's type, else as {@link BodyFor}. */
type PartialBodyFor<B, S> = unknown extends B ? ItemBody<S> | FormData : Partial<B>;
type InvalidateOf<S> = S extends typeof Entity ? Invalidate<S> : S extends Union<any> ? Invalidate<S> : S;

// `body` types what `push` / `unshift` / `assign` send (a GET itself sends none); `movePath` is where `move` PATCHes.
type ListGenerics<P extends string, S, B, SP, PF extends string | undefined> = Generics<
  ShortenPath<P>,
  Collection<S[]>,
  'GET',
  BodyFor<B, S>,
  SP,
  PF
> & { readonly movePath: P };
type AdderEndpoint<P extends string, S, B, SP> = RestEndpoint<
  Generics<ShortenPath<P>, CollectionAdder<S[]>, 'POST', BodyFor<B, S>, SP, undefined>
>;

/**
 * `getList` of a resource: a GET of the collection plus `push`, `unshift`,
 * `assign`, `remove` (a PATCH of the list), `move` (a PATCH of the item) and,
 * with `paginationField`, `getPage`.
 */
export type GetListEndpoint<P extends string, S, B, SP, PF extends string | undefined> = RestEndpoint<
  ListGenerics<P, S, B, SP, PF>
> & {
  /** POSTs to the list's URL and adds the response to the end of each matching stored list. */
  readonly push: AdderEndpoint<P, S, B, SP>;
  /** POSTs to the list's URL and adds the response to the start of each matching stored list. */
  readonly unshift: AdderEndpoint<P, S, B, SP>;
  /** POSTs to the list's URL and merges the response's members into each matching stored `Values` list. */
  readonly assign: AdderEndpoint<P, S, B, SP>;
} & (PF extends string
    ? {
        /** GETs one page (`{ ...params, [paginationField]: page }`) and appends its items to the list stored for the params without it. */
        readonly getPage: RestEndpoint<
          Generics<
            ShortenPath<P>,
            CollectionAdder<S[]>,
            'GET',
            unknown,
            (unknown extends SP ? {} : SP) & { [K in PF]: string | number },
            PF
          >
        >;
      }
    : {});

/** The members `createResource` builds (see the seed's member table). */
export interface ResourceMembers<P extends string, S, B, SP, PF extends string | undefined> {
  /** GETs one item at `path` (e.g. `GET /todos/:id`). */
  readonly get: RestEndpoint<Generics<P, S, 'GET', unknown, unknown, undefined>>;
  /** GETs the list at `path` without its last `:param` (e.g. `GET /todos`), stored as a `schema.Collection` of the items. */
  readonly getList: GetListEndpoint<P, S, B, SP, PF>;
  /** `getList.push` under Data Client 0.9's name (deprecated there in favor of `getList.push`). */
  readonly create: AdderEndpoint<P, S, B, SP>;
  /** PUTs the whole item at `path`; the response updates the stored item. */
  readonly update: RestEndpoint<Generics<P, S, 'PUT', BodyFor<B, S>, unknown, undefined>>;
  /** PATCHes some fields of the item at `path`; the response updates the stored item. */
  readonly partialUpdate: RestEndpoint<Generics<P, S, 'PATCH', PartialBodyFor<B, S>, unknown, undefined>>;
  /** DELETEs the item at `path` and invalidates it in the cache (the response when it is a non-empty object, else the params, names it). */
  readonly delete: RestEndpoint<Generics<P, InvalidateOf<S>, 'DELETE', unknown, unknown, undefined>>;
}

/** Options for one member in `resource.extend({ member: options })`. */
export type MemberOptions = Partial<RestGenerics> & Omit<RestEndpointExtraOptions, 'getOptimisticResponse' | 'process'> & {
  /** See `RestEndpoint` `getOptimisticResponse`; arguments are the member's call arguments. */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: any[]): unknown;
  /** See `RestEndpoint` `process`. */
  process?(value: any, ...args: any[]): any;
};

type GenericsOf<E> = E extends RestEndpoint<infer O> ? O : never;
type Extended<E, X> = RestEndpoint<MergeGenerics<GenericsOf<E>, X>>;

/** The `extend()` of a resource: batch overrides, an added member, or members derived from the base. */
export interface ResourceExtend<R> {
  /** Overrides known members with options (batch form). */
  extend<const T extends { readonly [K in keyof R]?: MemberOptions }>(
    overrides: T,
  ): ResourceWith<Omit<R, keyof T> & { readonly [K in keyof T]: K extends keyof R ? Extended<R[K], T[K]> : never }>;
  /**
   * Extends the member `name` with `options` when the resource has it (as the batch form does), else
   * adds a member built from `get` with `options` (path, method, schema, ...) merged in (as Data Client).
   */
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

interface Config {
  readonly key: string;
  /** The item path (`getList.move` PATCHes the item). */
  readonly path: string;
  readonly body: unknown;
  readonly hasBody: boolean;
  readonly optimistic: boolean;
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** A `FormData` body as the plain object of its fields, so an optimistic response can spread it (as Data Client). */
function fieldsOf(body: unknown): unknown {
  return typeof FormData !== 'undefined' && body instanceof FormData ? Object.fromEntries(body.entries()) : body;
}

function lastArg(snap: SnapshotInterface, ...args: unknown[]): unknown {
  return fieldsOf(args[args.length - 1]);
}

/** The default optimistic response of an update or a move: the params with the body's fields over them. */
function paramsAndBody(snap: SnapshotInterface, params: object, data: object): object {
  return { ...params, ...(fieldsOf(data) as object) };
}

/** Builds `push`, `unshift`, `assign`, `remove`, `move` and `getPage` as own members of a `getList` endpoint. */
function attachListMembers(getList: RestEndpoint<any>, config: Config): void {
  for (const mode of ['push', 'unshift', 'assign'] as const) {
    const options: Record<string, unknown> = {
      method: 'POST',
      schema: adderSchema(getList.schema, mode, `getList.${mode}`),
      name: `${getList.name}.${mode}`,
      paginationField: undefined,
    };
    if (config.hasBody) options.body = config.body;
    if (config.optimistic) options.getOptimisticResponse = lastArg;
    defineOwn(getList, mode, getList.extend(options as never));
  }
  // `remove` is called like `push` (the list's params, then the body); `move` like `partialUpdate`.
  const edits = [
    ['remove', {}, lastArg],
    ['move', { path: config.path, searchParams: undefined }, paramsAndBody],
  ] as const;
  for (const [edit, where, optimistic] of edits) {
    const options: Record<string, unknown> = {
      ...where,
      method: 'PATCH',
      schema: listEditSchema(getList.schema, edit, `getList.${edit}`),
      name: `${getList.name}.${edit}`,
      paginationField: undefined,
    };
    if (config.hasBody) options.body = config.body;
    if (config.optimistic) options.getOptimisticResponse = optimistic;
    defineOwn(getList, edit, getList.extend(options as never));
  }
  const field = getList.paginationField;
  if (typeof field === 'string' && field !== '') defineOwn(getList, 'getPage', getList.getPage);
}

function createMember(getList: RestEndpoint<any>, config: Config): RestEndpoint<any> {
  return (getList as unknown as { push: RestEndpoint<any> }).push.extend({ name: `${config.key}.create` } as never);
}

/** The name of a resource's schema in its members' names: the Entity's key, or `A|B` for a Union of A and B. */
function resourceKey(schema: unknown): string {
  if (schema instanceof Union) return Object.values(schema.schema).map(describeSchema).join('|');
  return describeSchema(schema);
}

/** The schema of `delete`: an Invalidate of the Entity (or Union of Entities), else the schema itself. */
function deleteSchema(schema: unknown): unknown {
  if (schema instanceof Union || isEntityClass(schema)) return new Invalidate(schema as typeof Entity);
  return schema;
}

function buildResource(members: Record<string, unknown>, config: Config): ResourceWith<any> {
  const resource: Record<string, unknown> = { ...members };
  delete resource.extend;
  Object.defineProperty(resource, 'extend', {
    value: (...args: unknown[]) => extendResource(resource, config, args),
    enumerable: false,
  });
  return resource as ResourceWith<any>;
}

function extendResource(resource: Record<string, unknown>, config: Config, args: unknown[]): ResourceWith<any> {
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

/**
 * Builds the REST members of one resource from an item path and schema:
 * `get`, `getList` (with `push`, `unshift`, `assign`, `remove`, `move`, and
 * `getPage` given a `paginationField`), `update`, `partialUpdate` and `delete`, plus `extend()`.
 * Options: {@link ResourceGenerics} (typed) and {@link ResourceOptions}, each with its default.
 * @throws when `path` has no `:param`.
 * @example
 * const TodoResource = createResource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
 */
export function createResource<O extends ResourceGenerics>(options: Readonly<O> & ResourceOptions): Resource<O> {
  const {
    path,
    schema,
    body,
    searchParams,
    paginationField,
    optimistic = false,
    Endpoint = RestEndpoint,
    Collection: CollectionClass = Collection,
    ...extra
  } = options as ResourceGenerics & ResourceOptions;
  const listPath = shortenPath(path);
  const key = resourceKey(schema);
  const config: Config = { key, path, body, hasBody: body !== undefined, optimistic };
  const withBody = config.hasBody ? { body } : {};
  const make = (memberOptions: Record<string, unknown>): RestEndpoint<any> =>
    constructEndpoint(Endpoint, { ...extra, ...memberOptions });

  const get = make({ path, schema, name: `${key}.get` });
  const getList = make({
    path: listPath,
    schema: new CollectionClass([schema], { key: `[${key}] ${extra.urlPrefix ?? ''}${listPath}` }),
    name: `${key}.getList`,
    // `getList.move` PATCHes the item; kept as an option so an extended `getList` still knows where.
    movePath: path,
    ...(searchParams !== undefined ? { searchParams } : {}),
    ...(paginationField !== undefined ? { paginationField } : {}),
  });
  attachListMembers(getList, config);
  const update = make({
    path,
    schema,
    method: 'PUT',
    name: `${key}.update`,
    ...withBody,
    ...(optimistic ? { getOptimisticResponse: paramsAndBody } : {}),
  });
  const partialUpdate = make({
    path,
    schema,
    method: 'PATCH',
    name: `${key}.partialUpdate`,
    ...withBody,
    ...(optimistic
      ? {
          getOptimisticResponse(snap: SnapshotInterface, params: object, data: object) {
            // The seed: a partial change needs the cached item; without it, skip the optimistic update.
            if (!snap.getResponse(get, params).data) throw new AbortOptimistic();
            return { ...params, ...(fieldsOf(data) as object) };
          },
        }
      : {}),
  });
  const remove = make({
    path,
    schema: deleteSchema(schema),
    method: 'DELETE',
    name: `${key}.delete`,
    // The seed's rule: a non-empty object answer names the item, else the params do.
    process: (value: unknown, params: unknown) => (isNonEmptyObject(value) ? value : params),
    ...(optimistic ? { getOptimisticResponse: (snap: SnapshotInterface, params: unknown) => params } : {}),
  });
  const create = createMember(getList, config);
  return buildResource({ get, getList, create, update, partialUpdate, delete: remove }, config);
}
