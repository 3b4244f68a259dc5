import { entryOf } from '../schema/own';
import { listMemberSchema } from './collectionSchemas';
import { lastArg, paramsAndBody } from './optimisticResponses';
import type { RestEndpoint } from './RestEndpoint';
import type { RestGenerics } from './types';

const derivedCache = new WeakMap<object, Map<string, unknown>>();

/** One derived endpoint per endpoint and name, built on first use (so `getList.push === getList.push`). */
export function derive<E>(endpoint: object, name: string, make: () => E): E {
  const cache = entryOf(derivedCache, endpoint, Map<string, unknown>);
  if (!cache.has(name)) cache.set(name, make());
  return cache.get(name) as E;
}

/** The members an endpoint whose schema holds a Collection derives for editing its lists. */
export type CollectionMember = 'push' | 'unshift' | 'assign' | 'remove' | 'move';

/**
 * The options of a list member derived from `endpoint`: `push`, `unshift` and
 * `assign` POST to the endpoint's path, `remove` and `move` PATCH it (`move`
 * PATCHes `movePath` instead when it is a string), with the member's schema of
 * the held Collection, named `` `${name}.${member}` ``. Each keeps the
 * endpoint's `getOptimisticResponse`, except that `move` turns an optimistic
 * resource's list default into its own.
 * @throws naming `api` when the schema holds no `schema.Collection`.
 */
export function listMemberOptions(
  endpoint: RestEndpoint<RestGenerics>,
  member: CollectionMember,
  movePath: unknown,
  api: string,
): Record<string, unknown> {
  const where = member === 'move' && typeof movePath === 'string' ? { path: movePath, searchParams: undefined } : {};
  const method = member === 'push' || member === 'unshift' || member === 'assign' ? 'POST' : 'PATCH';
  const options: Record<string, unknown> = { ...where, method, schema: listMemberSchema(endpoint.schema, member, api), name: `${endpoint.name}.${member}` };
  // The other members keep the list's optimistic default (the body); `move` changes an item, so it shows the params with the body over them.
  if (member === 'move' && endpoint.getOptimisticResponse === lastArg) options.getOptimisticResponse = paramsAndBody;
  return options;
}

/**
 * `push`, `unshift` and `assign` (POSTs adding their response to matching
 * stored collections) and `remove` and `move` (PATCHes taking the entity out
 * of matching collections, or moving it between them; `move` PATCHes the
 * `movePath` option when given), named `` `${name}.${member}` ``.
 * @throws when the schema holds no `schema.Collection`.
 */
export function collectionMember(endpoint: RestEndpoint<RestGenerics>, member: CollectionMember): unknown {
  return derive(endpoint, member, () =>
    endpoint.extend(listMemberOptions(endpoint, member, (endpoint as { movePath?: unknown }).movePath, endpoint.name ? `${endpoint.name}.${member}` : member) as never),
  );
}
