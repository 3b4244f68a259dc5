/**
 * `endpoint.paginated(field | removeCursor)`: an endpoint that fetches one
 * page and appends it to the collection stored for the arguments without the
 * cursor (the collection `getList` reads), under `getList`'s request key, so
 * the list's other members (`nextPage`, totals) come from the latest page.
 */
import type { PathArgs } from './pathTypes';
import { paginatedSchema, removeField, type RemoveCursor } from './collectionSchemas';
import type { RestEndpoint } from './RestEndpoint';
import type { MergeGenerics, ParamsOf, RestGenerics, SearchParamsOf } from './types';

/** A value that selects a page: `?page=2`, `?cursor=abc`. */
export type CursorValue = string | number | boolean;

// Data Client's pagination types take the endpoint; ours also take its generics bag.
type GenericsLike<E extends RestGenerics> = E extends RestEndpoint<infer O> ? O : E;

/** `endpoint.paginated('cursor')` (and `getPage`) of endpoint `E` (or generics `E`): its params plus the cursor field. */
export type PaginationFieldEndpoint<E extends RestGenerics, C extends string> = RestEndpoint<
  MergeGenerics<
    GenericsLike<E>,
    { searchParams: SearchParamsOf<GenericsLike<E>> & { [K in C]: CursorValue }; paginationField: C }
  >
>;

/** `endpoint.paginated((params) => remainingArgs)` of endpoint `E` (or generics `E`): takes the params the function takes. */
export type PaginationEndpoint<E extends RestGenerics, A extends readonly unknown[]> = RestEndpoint<
  MergeGenerics<GenericsLike<E>, { searchParams: Omit<A[0] & {}, keyof PathArgs<GenericsLike<E>['path']>> }>
>;

/** The `removeCursor` function form of `paginated`. */
export type RemoveCursorFn<O extends RestGenerics, A extends unknown[]> = (...args: A) => readonly [ParamsOf<O>?, ...unknown[]];

/**
 * Builds the page endpoint of `endpoint`.
 * @throws when `endpoint`'s schema holds no Collection, or `cursor` is an empty string.
 */
export function paginate(endpoint: RestEndpoint<any>, cursor: string | RemoveCursor): RestEndpoint<any> {
  if (cursor === '' || (typeof cursor !== 'string' && typeof cursor !== 'function')) {
    throw new TypeError(
      `[rest-slice] \`${endpoint.name}.paginated\` takes the cursor's param name or \`(...args) => argsWithoutCursor\`, got ${JSON.stringify(cursor) ?? String(cursor)}`,
    );
  }
  const field = typeof cursor === 'string' ? cursor : undefined;
  const removeCursor = typeof cursor === 'string' ? removeField(cursor) : cursor;
  const base = endpoint;
  const options: Record<string, unknown> = {
    schema: paginatedSchema(endpoint.schema, removeCursor, `${endpoint.name}.paginated`),
    name: `${endpoint.name}.getPage`,
    // As Data Client: the page lands under the list's request key, so the list's result takes the page's other members.
    key(...args: unknown[]): string {
      return (base.key as (...a: unknown[]) => string).apply(base, [...removeCursor(...args)]);
    },
  };
  if (field !== undefined) {
    options.paginationField = field;
    const baseUrl = endpoint.url;
    options.url = function url(this: RestEndpoint<any>, ...args: unknown[]): string {
      const params = args[0] as Record<string, unknown> | undefined;
      if (params?.[field] === undefined || params[field] === null) {
        throw new TypeError(`[rest-slice] \`${this.name}\` needs the '${field}' param (its pagination field)`);
      }
      return (baseUrl as (...a: unknown[]) => string).apply(this, args);
    };
  }
  return endpoint.extend(options as never);
}
