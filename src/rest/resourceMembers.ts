import type { Collection, CollectionAdder } from '../schema/Collection';
import type { Entity } from '../schema/Entity';
import type { Invalidate } from '../schema/Invalidate';
import type { Union } from '../schema/Union';
import type { Denormalize } from '../schema/types';
import type { ShortenPath } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';
import type { Generics } from './endpointOptions';
import type { ResolveType } from './types';

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
            Collection<S[]>,
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
