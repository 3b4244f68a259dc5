import type { Collection, CollectionOptions } from '../schema/Collection';
import type { RestEndpointInstance } from './RestEndpoint';
import type { RestEndpointExtraOptions, RestEndpointOptions } from './endpointOptions';
import type { EndpointClass } from './restArgs';
import type { RestGenerics } from './types';

/**
 * `RestEndpoint` or a subclass of it, generic or not: what `createResource`
 * builds its members with. A factory can subclass the one it is given
 * (`class Override<O extends RestGenerics = any> extends Endpoint<O> {}`).
 */
export interface RestEndpointClass {
  new <O extends RestGenerics = any>(options: RestEndpointOptions<O>): RestEndpointInstance<O>;
}

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
   * Installs a default `getOptimisticResponse` on every mutation: `update` and
   * `getList.move` show the params with the body's fields, `partialUpdate` the params, the cached
   * item, then the body's fields (skipped while the item is not cached), `create` and the list edits
   * the body, `delete` removes the item at once. `getList` carries the list edits' default (a read
   * is never optimistic itself), so endpoints extended from it keep it.
   * @defaultValue `false`
   */
  readonly optimistic?: boolean;
  /**
   * The class every member is built with (a `RestEndpoint` subclass, e.g. one adding auth headers).
   * @defaultValue `RestEndpoint`
   */
  readonly Endpoint?: RestEndpointClass;
  /**
   * The class of `getList`'s schema, built with `{ key }` naming the item and
   * the list's URL, so resources with other paths keep their own lists (an
   * endpoint extended from `getList` to another URL gets one built the same way).
   * @defaultValue `schema.Collection`
   */
  readonly Collection?: new (schema: [any], options?: CollectionOptions) => Collection<any>;
}

/** What {@link createResource} takes besides the generics: {@link ResourceOptions}, with `Endpoint` any RestEndpoint class, generic or not. */
export type CreateResourceOptions = Omit<ResourceOptions, 'Endpoint'> & {
  /** {@inheritDoc ResourceOptions.Endpoint} */
  readonly Endpoint?: RestEndpointClass | EndpointClass;
};
