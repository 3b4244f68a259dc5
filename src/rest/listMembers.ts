import { listMemberOptions } from './collectionMembers';
import type { RestEndpoint } from './RestEndpoint';
import { defineOwn } from './Endpoint';

/** What `getList`'s own members are built with. */
export interface ListMembersConfig {
  /** The item path (`getList.move` PATCHes the item). */
  readonly path: string;
  readonly body: unknown;
  readonly hasBody: boolean;
}

/** The members `getList` has as its own endpoints (`getPage` too, given a `paginationField`). */
export const LIST_MEMBERS = ['push', 'unshift', 'assign', 'remove', 'move'] as const;

/** Builds `push`, `unshift`, `assign`, `remove`, `move` and `getPage` as own members of a `getList` endpoint. */
export function attachListMembers(getList: RestEndpoint<any>, config: ListMembersConfig): void {
  // The adders POST to the list; `remove` is called like `push` (the list's params, then the body),
  // `move` like `partialUpdate` (it PATCHes the item).
  for (const member of LIST_MEMBERS) {
    const options: Record<string, unknown> = { ...listMemberOptions(getList, member, config.path, `getList.${member}`), paginationField: undefined };
    if (config.hasBody) options.body = config.body;
    defineOwn(getList, member, getList.extend(options as never));
  }
  const field = getList.paginationField;
  if (typeof field === 'string' && field !== '') defineOwn(getList, 'getPage', getList.getPage);
}

/** `create`: `getList.push` under the resource's own name (`<key>.create`). */
export function createMember(getList: RestEndpoint<any>, config: { readonly key: string }): RestEndpoint<any> {
  return (getList as unknown as { push: RestEndpoint<any> }).push.extend({ name: `${config.key}.create` } as never);
}
