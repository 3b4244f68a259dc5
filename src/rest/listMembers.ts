import { adderSchema, listEditSchema } from './collectionSchemas';
import type { RestEndpoint } from './RestEndpoint';
import { defineOwn } from './Endpoint';
import { lastArg, paramsAndBody } from './optimisticResponses';

/** What `getList`'s own members are built with. */
export interface ListMembersConfig {
  /** The item path (`getList.move` PATCHes the item). */
  readonly path: string;
  readonly body: unknown;
  readonly hasBody: boolean;
  readonly optimistic: boolean;
}

/** Builds `push`, `unshift`, `assign`, `remove`, `move` and `getPage` as own members of a `getList` endpoint. */
export function attachListMembers(getList: RestEndpoint<any>, config: ListMembersConfig): void {
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

/** `create`: `getList.push` under the resource's own name (`<key>.create`). */
export function createMember(getList: RestEndpoint<any>, config: { readonly key: string }): RestEndpoint<any> {
  return (getList as unknown as { push: RestEndpoint<any> }).push.extend({ name: `${config.key}.create` } as never);
}
