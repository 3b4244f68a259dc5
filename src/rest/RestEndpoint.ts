import type { AdderSchema, MoveGenerics, RemoveCursor, RemoveGenerics } from './collectionSchemas';
import { collectionMember, derive } from './collectionMembers';
import { paginate, type PaginationEndpoint, type PaginationFieldEndpoint, type RemoveCursorFn } from './paginated';
import { EndpointBaseClass, HEADERS, OPTIONS, fetchOf } from './Endpoint';
import { buildPath, joinUrl, pathToRegexp, searchString } from './paths';
import { describeEndpoint, installRestDefaults, ownName } from './restDefaults';
import { describeKind } from '../schema/own';
import { splitArgs, type EndpointClass, constructEndpoint } from './restArgs';
import { baseRequestInit } from './requestInit';
import { describeRequest } from './NetworkError';
import { decodeBody, readText, sendRequest } from './responses';
import type { ExtendOptions, FetchWithOptions, Generics, InferredOptions, RestEndpointOptions } from './endpointOptions';
import type { CacheOptions } from './cacheOptions';
import type { LiveController, SubscribeResult } from './liveController';
import type { SnapshotInterface } from './Snapshot';
import type { ArgsOf, BodyOfGenerics, HookArgsOf, MergeGenerics, MethodOf, PageFieldOf, ParamsOf, ProcessedOf, ResultOf, RestGenerics, SchemaOf, SearchOfGenerics } from './types';

export type { EndpointClass } from './restArgs';

/** A RestEndpoint instance: callable (resolves the processed body of the response) plus the members of the class. */
export interface RestEndpoint<O extends RestGenerics = RestGenerics> extends RestEndpointBase<O> {
  (...args: ArgsOf<O>): Promise<ResultOf<O>>;
}

/** The `RestEndpoint` class: `new RestEndpoint(options)` infers each typed option; subclass with `extends RestEndpoint<O>`. */
export interface RestEndpointConstructor {
  new <
    P extends string,
    S,
    SE extends boolean | undefined = undefined,
    M extends string = [SE] extends [true] ? 'POST' : 'GET',
    B = unknown,
    SP = unknown,
    PF extends string | undefined = undefined,
    R = unknown,
  >(
    options: InferredOptions<P, S, M, B, SP, PF, R> & { readonly sideEffect?: SE },
  ): RestEndpoint<Generics<P, S, M, B, SP, PF, R>>;
  new <O extends RestGenerics = RestGenerics>(options: RestEndpointOptions<O>): RestEndpoint<O>;
}

/**
 * The members of a RestEndpoint without its call signature: what a subclass instance is typed as
 * (TypeScript drops call signatures from class types; at runtime every instance is callable).
 */
export type RestEndpointInstance<O extends RestGenerics = RestGenerics> = RestEndpointBase<O>;

// The base class's `fetchWith` (inherited, not overridden), typed with this endpoint's args and result.
interface RestEndpointBase<O extends RestGenerics = RestGenerics> {
  /** Runs `fetch(...args)` on a per-call view carrying an injected `fetch` implementation and `AbortSignal` (combined with the endpoint's `signal`). */
  fetchWith(options: FetchWithOptions, ...args: ArgsOf<O>): Promise<ResultOf<O>>;
}

/** No option beyond the known ones (what `extend` adds as members when given none). */
type NoExtra = Record<never, never>;

/** Whether `rest` (a key after its method and prefix) is a URL of the path `pattern` matches, with any query. */
function matchesPath(pattern: RegExp, rest: string): boolean {
  // A literal query in the template (`/search\\?type=all`) is followed by the call's params after `&`.
  for (let end = rest.length; end !== -1; end = rest.lastIndexOf('&', end - 1)) {
    const found = pattern.exec(rest.slice(0, end))?.[0];
    const after = found === undefined ? '-' : rest.slice(found.length);
    if (after === '' || after.startsWith('?') || (after.startsWith('&') && found!.includes('?'))) return true;
  }
  return false;
}

/** An endpoint's own `searchToString` of `search`, checked: a URL is built only from a string. */
function ownSearch(endpoint: RestEndpointBase<any>, search: Record<string, unknown>): string {
  const text: unknown = endpoint.searchToString(search);
  if (typeof text !== 'string') {
    throw new TypeError(`[rest-slice] \`searchToString\` of ${describeEndpoint(endpoint)} must return the query string, got ${describeKind(text)}.`);
  }
  return text;
}

/** The class behind {@link RestEndpoint} (documented there); class fields in a subclass act as defaults. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
class RestEndpointBase<O extends RestGenerics = RestGenerics> extends (EndpointBaseClass as unknown as new (
  fn: undefined,
  options: object,
) => {
  /** {@inheritDoc RestEndpointExtraOptions.errorPolicy} @defaultValue see {@link RestEndpointExtraOptions.errorPolicy} */
  errorPolicy(error: Error & { status?: number }): 'soft' | 'hard' | undefined;
}) {
  /** The path pattern: `:name` arguments, `:name?` optional, `\\` escapes. */
  declare readonly path: O['path'];
  /** Prepended to the path. @defaultValue `''` */
  declare readonly urlPrefix: string;
  /** The HTTP method. @defaultValue `'POST'` when `sideEffect` is `true`, else `'GET'` */
  declare readonly method: MethodOf<O>;
  /** The response's schema. @defaultValue none (the body is returned as is) */
  declare readonly schema: SchemaOf<O>;
  /** Only types the body (`body: {} as Partial<Todo>`); `body: undefined` declares a mutation without one. */
  declare readonly body?: O['body'];
  /** Only types the extra search params (`searchParams: {} as { userId?: number }`). */
  declare readonly searchParams?: O['searchParams'];
  /** The param that selects a page; enables `getPage`. @defaultValue none */
  declare readonly paginationField?: O['paginationField'];
  /** Names the endpoint in actions, devtools and error messages. @defaultValue `` `${urlPrefix}${path}` `` (as Data Client) */
  declare readonly name: string;
  /** `true` for a mutation: set by a `method` other than GET or HEAD; `sideEffect: true` alone makes a POST. @defaultValue `undefined` (a read) */
  declare readonly sideEffect: MethodOf<O> extends 'GET' | 'HEAD' ? undefined : true;
  /** {@inheritDoc CacheOptions.dataExpiryLength} @defaultValue see {@link CacheOptions.dataExpiryLength} */
  declare readonly dataExpiryLength?: CacheOptions['dataExpiryLength'];
  /** {@inheritDoc CacheOptions.errorExpiryLength} @defaultValue see {@link CacheOptions.errorExpiryLength} */
  declare readonly errorExpiryLength?: CacheOptions['errorExpiryLength'];
  /** {@inheritDoc CacheOptions.pollFrequency} @defaultValue see {@link CacheOptions.pollFrequency} */
  declare readonly pollFrequency?: CacheOptions['pollFrequency'];
  /** {@inheritDoc CacheOptions.keepUnusedDataFor} @defaultValue see {@link CacheOptions.keepUnusedDataFor} */
  declare readonly keepUnusedDataFor?: CacheOptions['keepUnusedDataFor'];
  /** {@inheritDoc CacheOptions.invalidIfStale} @defaultValue see {@link CacheOptions.invalidIfStale} */
  declare readonly invalidIfStale?: CacheOptions['invalidIfStale'];
  /** {@inheritDoc CacheOptions.refetchOnFocus} @defaultValue see {@link CacheOptions.refetchOnFocus} */
  declare readonly refetchOnFocus?: CacheOptions['refetchOnFocus'];
  /** {@inheritDoc CacheOptions.refetchOnReconnect} @defaultValue see {@link CacheOptions.refetchOnReconnect} */
  declare readonly refetchOnReconnect?: CacheOptions['refetchOnReconnect'];
  /** {@inheritDoc CacheOptions.pollWhenHidden} @defaultValue see {@link CacheOptions.pollWhenHidden} */
  declare readonly pollWhenHidden?: CacheOptions['pollWhenHidden'];
  /** {@inheritDoc CacheOptions.retry} @defaultValue see {@link CacheOptions.retry} */
  declare readonly retry?: CacheOptions['retry'];
  /** {@inheritDoc CacheOptions.retryDelay} @defaultValue see {@link CacheOptions.retryDelay} */
  declare readonly retryDelay?: CacheOptions['retryDelay'];
  /** {@inheritDoc CacheOptions.update} @defaultValue none */
  declare readonly update?: CacheOptions['update'];
  /** {@inheritDoc RestEndpointExtraOptions.signal} @defaultValue see {@link RestEndpointExtraOptions.signal} */
  declare readonly signal?: AbortSignal;
  /** {@inheritDoc RestEndpointExtraOptions.getOptimisticResponse} @defaultValue see {@link RestEndpointExtraOptions.getOptimisticResponse} */
  declare readonly getOptimisticResponse?: (snap: SnapshotInterface, ...args: HookArgsOf<O>) => unknown;
  /** The live subscription run while the request key has users (see the `onSubscribe` option). @defaultValue none */
  declare readonly onSubscribe?: (controller: LiveController, ...args: HookArgsOf<O>) => SubscribeResult;
  /** {@inheritDoc RestEndpointExtraOptions.requestInit} @defaultValue none */
  declare readonly requestInit?: RequestInit;
  /** {@inheritDoc RestEndpointExtraOptions.extra} @defaultValue none */
  declare readonly extra?: unknown;

  constructor(options: RestEndpointOptions<O> | InferredOptions<any, any, any, any, any, any, any>) {
    if (typeof options?.path !== 'string') {
      throw new TypeError('[rest-slice] `RestEndpoint` needs a `path` option, e.g. `{ path: \'/todos/:id\' }`');
    }
    super(undefined, options);
  }

  /** The request key: `` `${method} ${url}` ``, search params sorted so it is stable. */
  key(...args: ArgsOf<O>): string {
    return `${this.method} ${this.url(...args)}`;
  }

  /**
   * The full URL for these arguments. A path param that is `''` counts as
   * absent when optional (`/todos/:id?` with `{ id: '' }` gives `/todos`).
   * @throws naming the endpoint and the param when a required path param is
   * absent or `''`, when a path param is `.` or `..` (URL parsing would resolve
   * it into another path), or when a value has no URL form (a Symbol, a
   * throwing `toString`, a lone surrogate); nothing is sent then.
   */
  url(...args: ArgsOf<O>): string {
    const [params] = splitArgs(this as unknown as RestEndpoint<O>, args);
    const own = this.searchToString === RestEndpointBase.prototype.searchToString ? undefined : (search: Record<string, unknown>) => ownSearch(this, search);
    return joinUrl(this.urlPrefix, buildPath(this.path, params, () => describeEndpoint(this), own));
  }

  /**
   * The query string (without `?`) of the search params: the params that are not path arguments,
   * `undefined` and `null` members left out. Override it (or pass the `searchToString` option)
   * for another format; `url` and the request key follow it.
   * @defaultValue names sorted, one entry per array item, URL-encoded (`a=1&b=2&b=3`)
   * @throws as `url` does for a value with no URL form.
   */
  searchToString(searchParams: Readonly<Record<string, unknown>>): string {
    return searchString('', searchParams, () => describeEndpoint(this));
  }

  /** Whether `key` is a request key of this endpoint: same method, and a URL of its path pattern with any params. */
  testKey(key: string): boolean {
    const prefix = `${this.method} ${this.urlPrefix}`;
    if (typeof key !== 'string' || !key.startsWith(prefix)) return false;
    const rest = key.slice(prefix.length);
    const pattern = pathToRegexp(this.path);
    // A path of just `/` is left out after a prefix that ends in a segment, and a leading `//` is one `/` (`joinUrl`).
    return (
      matchesPath(pattern, rest) ||
      (((this.path === '/' && (rest === '' || rest[0] === '?')) || this.path.startsWith('//')) && matchesPath(pattern, `/${rest}`))
    );
  }

  /**
   * Runs the request: `url`, `getRequestInit` (then the `prepareHeaders` hook
   * `fetchWith` injected), `fetchResponse`, `parseResponse`, then `process`. Calling the endpoint, `fetchWith` and the
   * store all go through it, so an override (subclass or `extend({ fetch })`)
   * replaces the request everywhere.
   */
  async fetch(...args: ArgsOf<O>): Promise<ResultOf<O>> {
    const [, body] = splitArgs(this as unknown as RestEndpoint<O>, args);
    const url = this.url(...args);
    let init = await this.getRequestInit(body);
    const prepareHeaders = (this as { [HEADERS]?: FetchWithOptions['prepareHeaders'] })[HEADERS];
    if (prepareHeaders !== undefined) init = { ...init, headers: await prepareHeaders(init.headers) };
    const response = await this.fetchResponse(url, init);
    const value = await this.parseResponse(response);
    return this.process(value, ...(args as unknown as HookArgsOf<O>)) as ResultOf<O>;
  }

  /** Builds the `fetch` init: method, signal, and the body (plain data as JSON with `Content-Type: application/json`; `FormData` and other bodies as is). */
  async getRequestInit(body?: unknown): Promise<RequestInit> {
    const { init, headers } = baseRequestInit(this.method, this.signal, body, this.requestInit, () => describeEndpoint(this));
    init.headers = await this.getHeaders(headers);
    return init;
  }

  /** Adjusts request headers; override to add auth. Default: unchanged. */
  getHeaders(headers: Record<string, string>): Promise<HeadersInit> | HeadersInit {
    return headers;
  }

  /**
   * Runs the request with `fetch` (or the one `fetchWith` injected).
   * @throws `NetworkError` for a non-2xx status; an error with `status: 500`
   * when the server cannot be reached. Each message names the endpoint, method and URL.
   */
  fetchResponse(input: string, init: RequestInit): Promise<Response> {
    return sendRequest(fetchOf(this), ownName(this), init.method ?? this.method, input, init);
  }

  /**
   * Reads the body: `null` for 204 or empty, JSON by content type.
   * @throws with `status: 400` for invalid JSON; with `status: 500` when the
   * body is cut off; for a non-JSON body (an HTML page) where the schema needs
   * data. Each message names the endpoint, method and URL.
   */
  async parseResponse(response: Response): Promise<unknown> {
    if (response.status === 204) return null;
    const where = describeRequest(ownName(this), this.method, response.url);
    const text = await readText(response, where, this.signal);
    if (text === '') return null;
    const schema = this.schema as unknown;
    const wantsText =
      schema === undefined || schema === null || typeof schema === 'string' || this.process !== defaultProcess;
    return decodeBody(text, response.headers.get('content-type') ?? '', where, wantsText);
  }

  /** Transforms the parsed body; `args` are the call's arguments. Default: identity. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the base hook names the parameters an override receives.
  process(value: any, ...args: HookArgsOf<O>): any {
    return value;
  }

  /** A new endpoint of the same class with `options` merged over this one's; changing `method` recomputes `sideEffect`. */
  extend<
    P extends string = O['path'],
    S = SchemaOf<O>,
    M extends string = MethodOf<O>,
    B = BodyOfGenerics<O>,
    SP = SearchOfGenerics<O>,
    PF extends string | undefined = PageFieldOf<O>,
    R = ProcessedOf<O>,
    X extends object = NoExtra,
  >(
    options: ExtendOptions<P, S, M, B, SP, PF, R> & X,
  ): RestEndpoint<Generics<P, S, M, B, SP, PF, R>> & Omit<X, keyof ExtendOptions<P, S, M, B, SP, PF, R>> & Omit<this, keyof RestEndpoint> {
    const merged: Record<string, unknown> = {
      ...(this as unknown as { [OPTIONS]: object })[OPTIONS],
      ...(options as Record<string, unknown>),
    };
    if ('method' in options && !('sideEffect' in options)) delete merged.sideEffect;
    return constructEndpoint(this.constructor as EndpointClass, merged);
  }

  /** A POST endpoint adding its response to the end of matching stored collections. */
  get push(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: AdderSchema<SchemaOf<O>> }>> {
    return collectionMember(this as never, 'push') as any;
  }

  /** A POST endpoint adding its response to the start of matching stored collections. */
  get unshift(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: AdderSchema<SchemaOf<O>> }>> {
    return collectionMember(this as never, 'unshift') as any;
  }

  /** A POST endpoint merging its response's members into matching stored Values collections. */
  get assign(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: AdderSchema<SchemaOf<O>> }>> {
    return collectionMember(this as never, 'assign') as any;
  }

  /** A PATCH endpoint merging its response into the entity and taking it out of matching stored collections (not invalidating it). */
  get remove(): RestEndpoint<RemoveGenerics<O>> {
    return collectionMember(this as never, 'remove') as any;
  }

  /**
   * A PATCH endpoint moving its response's entity from the stored collections
   * matching its old values to those matching its new ones; it PATCHes the
   * `movePath` option (a resource's `getList` sets the item path) when given,
   * else this endpoint's path.
   */
  get move(): RestEndpoint<MoveGenerics<O>> {
    return collectionMember(this as never, 'move') as any;
  }

  /**
   * A GET endpoint for the next page (`paginated(paginationField)`): appends it
   * to the collection stored for the same params minus `paginationField`.
   * @throws when the endpoint has no `paginationField` (typed `never` then, so a call does not compile).
   */
  get getPage(): O extends { readonly paginationField: infer F extends string } ? PaginationFieldEndpoint<O, F> : never {
    const field = this.paginationField;
    if (typeof field !== 'string' || field === '') {
      throw new TypeError(
        `[rest-slice] \`getPage\` needs the \`paginationField\` option on '${this.name}', e.g. \`paginationField: 'page'\``,
      );
    }
    return derive(this, 'getPage', () => paginate(this as never, field)) as any;
  }

  /**
   * An endpoint that fetches one page and appends it to the collection stored
   * for the arguments without the cursor: give the cursor's param name, or a
   * function from the page's arguments to the list's.
   * @throws when the schema holds no `schema.Collection`.
   */
  paginated<C extends string>(field: C): PaginationFieldEndpoint<O, C>;
  paginated<A extends unknown[]>(removeCursor: RemoveCursorFn<O, A>): PaginationEndpoint<O, A>;
  paginated(cursor: string | RemoveCursor): unknown {
    return paginate(this as never, cursor);
  }
}

// A call-able instance inherits `call`/`apply`/`bind`; defaults live on the
// prototype so subclass class fields and per-instance options shadow them.
installRestDefaults(RestEndpointBase.prototype);
// The class's name as users import it (the build would otherwise show `_RestEndpointBase` in DevTools and stack traces).
Object.defineProperty(RestEndpointBase, 'name', { value: 'RestEndpoint' });
/** The `process` every RestEndpoint has unless an option or a subclass gives its own (compared, never called alone). */
// eslint-disable-next-line @typescript-eslint/unbound-method
const defaultProcess = RestEndpointBase.prototype.process;

/**
 * A REST endpoint definition. Instances are callable:
 * `await endpoint(params)` / `await endpoint(params, body)` runs the request
 * with the global `fetch` and resolves the processed JSON body (plain data,
 * not Entity instances), no store involved. Options: {@link InferredOptions}
 * (`path`, `schema`, `method`, `body`, `searchParams`, `paginationField`) and
 * {@link RestEndpointExtraOptions} (the others), each with its default.
 * @example
 * const getTodo = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
 */
export const RestEndpoint = RestEndpointBase as unknown as RestEndpointConstructor;

/** The params object an endpoint takes. */
export type EndpointParams<E> = E extends RestEndpoint<infer O> ? ParamsOf<O> : never;
