import { quote } from '../schema/own';
import { Collection } from '../schema/Collection';
import { describeSchema } from '../schema/describeSchema';
import { isEntityClass, type Entity } from '../schema/Entity';
import { Invalidate } from '../schema/Invalidate';
import { isUnion } from '../schema/Polymorphic';
import { AbortOptimistic } from './AbortOptimistic';
import { shortenPath } from './paths';
import { RestEndpoint } from './RestEndpoint';
import { constructEndpoint } from './restArgs';
import type { SnapshotInterface } from './Snapshot';
import type { Resource, ResourceGenerics } from './resourceTypes';
import type { CreateResourceOptions, ResourceOptions } from './resourceOptions';
import { fieldsOf, lastArg, paramsAndBody } from './optimisticResponses';
import { attachListMembers, createMember } from './listMembers';
import { buildResource, type ResourceConfig } from './resourceExtend';

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** The name of a resource's schema in its members' names: the Entity's key, or `A|B` for a Union of A and B. */
function resourceKey(schema: unknown): string {
  if (isUnion(schema)) return Object.values(schema.schema).map(describeSchema).join('|');
  return describeSchema(schema);
}

/** The schema of `delete`: an Invalidate of the Entity (or Union of Entities), else the schema itself. */
function deleteSchema(schema: unknown): unknown {
  if (isUnion(schema) || isEntityClass(schema)) return new Invalidate(schema as typeof Entity);
  return schema;
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
export function createResource<O extends ResourceGenerics>(options: Readonly<O> & CreateResourceOptions): Resource<O> {
  if (process.env.NODE_ENV !== 'production' && typeof (options as { path?: unknown } | null | undefined)?.path !== 'string') {
    throw new TypeError(`[rest-slice] \`createResource\` takes options with a \`path\` (\`{ path: '/todos/:id', schema: Todo }\`), got ${quote(options)}`);
  }
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
  const config: ResourceConfig = { key, path, body, hasBody: body !== undefined };
  const withBody = config.hasBody ? { body } : {};
  const make = (memberOptions: Record<string, unknown>): RestEndpoint<any> =>
    constructEndpoint(Endpoint, { ...extra, ...memberOptions });

  const get = make({ path, schema, name: `${key}.get` });
  const getList = make({
    path: listPath,
    // The default key (`[Todo]`), as Data Client: every list of the entity shares the table, nested Collections too.
    schema: new CollectionClass([schema]),
    name: `${key}.getList`,
    // `getList.move` PATCHes the item; kept as an option so an extended `getList` still knows where.
    movePath: path,
    // A read is never optimistic itself: the list members, and those of endpoints extended from it, inherit it (as Data Client).
    ...(optimistic ? { getOptimisticResponse: lastArg } : {}),
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
          getOptimisticResponse(snap: SnapshotInterface, params: object, body: object) {
            // A partial change needs the cached item; without it, skip the optimistic update. The item goes between the
            // params and the body (as Data Client), so its pk is there when the params do not hold it (`:postId/:commentId`).
            const cached = snap.getResponse(get, params).data;
            if (!cached) throw new AbortOptimistic();
            return { ...params, ...cached, ...(fieldsOf(body) as object) };
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
