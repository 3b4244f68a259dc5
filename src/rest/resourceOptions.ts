import type { Collection, CollectionOptions } from '../schema/Collection';
import type { EndpointClass } from './restArgs';
import type { RestEndpointExtraOptions } from './endpointOptions';

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
