export type {
  ExtendOptions,
  FetchWithOptions,
  Generics,
  InferredOptions,
  RestEndpointExtraOptions,
  RestEndpointOptions,
} from './endpointOptions';
import { adderSchema, type AdderSchema, type RemoveCursor } from './collectionSchemas';
import { paginate, type PaginationEndpoint, type PaginationFieldEndpoint, type RemoveCursorFn } from './paginated';
import { NetworkError } from './NetworkError';
import { buildPath, hasRequiredParams } from './paths';
import type {
  ExtendOptions,
  FetchWithOptions,
  Generics,
  InferredOptions,
  RestEndpointOptions,
} from './endpointOptions';
import type { SnapshotInterface } from './Snapshot';
import type {
  ArgsOf,
  MergeGenerics,
  MethodOf,
  ParamsOf,
  ResultOf,
  RestGenerics,
  SchemaOf,
  SearchParamsOf,
} from './types';

/** Any RestEndpoint class or subclass. */
export type EndpointClass = new (options: any) => object;

const OPTIONS = Symbol('rest-slice.options');
const FETCH = Symbol('rest-slice.fetch');
const derivedCache = new WeakMap<object, Map<string, unknown>>();

/** Sets an own, enumerable, writable property (also over a prototype getter). */
export function defineOwn(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Builds an endpoint of `Class` with `options` winning over the class's own
 * class-field defaults (which a subclass initializes after our constructor).
 */
export function constructEndpoint<E>(Class: EndpointClass, options: Record<string, unknown>): E {
  const endpoint = new Class(options);
  for (const key of Object.keys(options)) defineOwn(endpoint, key, options[key]);
  return endpoint as E;
}

function takesBody(endpoint: RestEndpoint<any>): boolean {
  const method = String(endpoint.method).toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') return false;
  return !('body' in endpoint && endpoint.body === undefined);
}

/** Splits call arguments into `[params, body]` as the endpoint reads them. */
export function splitArgs(endpoint: RestEndpoint<any>, args: readonly unknown[]): [Record<string, unknown>, unknown] {
  if (args.length >= 2) return [(args[0] ?? {}) as Record<string, unknown>, args[1]];
  if (args.length === 1 && takesBody(endpoint) && !hasRequiredParams(endpoint.path)) return [{}, args[0]];
  return [(args[0] ?? {}) as Record<string, unknown>, undefined];
}

function isSentAsIs(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

function quoteStart(text: string): string {
  const start = text.trim().slice(0, 200);
  return JSON.stringify(text.trim().length > 200 ? `${start}…` : start);
}

/**
 * A RestEndpoint instance: callable (resolves the processed body of the
 * response) plus the members of the class.
 */
export interface RestEndpoint<O extends RestGenerics = RestGenerics> extends RestEndpointBase<O> {
  (...args: ArgsOf<O>): Promise<ResultOf<O>>;
}

/** The `RestEndpoint` class: `new RestEndpoint(options)` infers each typed option; subclass with `extends RestEndpoint<O>`. */
export interface RestEndpointConstructor {
  new <
    P extends string,
    S,
    M extends string = 'GET',
    B = unknown,
    SP = unknown,
    PF extends string | undefined = undefined,
  >(
    options: InferredOptions<P, S, M, B, SP, PF>,
  ): RestEndpoint<Generics<P, S, M, B, SP, PF>>;
  new <O extends RestGenerics = RestGenerics>(options: RestEndpointOptions<O>): RestEndpoint<O>;
}

/**
 * The members of a RestEndpoint without its call signature: what a subclass
 * instance is typed as (TypeScript drops call signatures from class types;
 * at runtime every instance is callable).
 */
export type RestEndpointInstance<O extends RestGenerics = RestGenerics> = RestEndpointBase<O>;

/**
 * A REST endpoint definition. Instances are callable:
 * `await endpoint(params)` / `await endpoint(params, body)` runs the request
 * with the global `fetch` and resolves the processed JSON body (plain data,
 * not Entity instances), no store involved. Subclass it to override methods
 * such as `getRequestInit`; class fields in a subclass act as defaults.
 */
class RestEndpointBase<O extends RestGenerics = RestGenerics> {
  /** The path pattern: `:name` arguments, `:name?` optional, `\\` escapes. */
  declare readonly path: O['path'];
  /** Prepended to the path. Default: `''`. */
  declare readonly urlPrefix: string;
  /** The HTTP method. Default: `'GET'`. */
  declare readonly method: MethodOf<O>;
  /** The response's schema. Default: none (the body is returned as is). */
  declare readonly schema: SchemaOf<O>;
  /** Only types the body (`body: {} as Partial<Todo>`); `body: undefined` declares a mutation without one. */
  declare readonly body?: O['body'];
  /** Only types the extra search params (`searchParams: {} as { userId?: number }`). */
  declare readonly searchParams?: O['searchParams'];
  /** The param that selects a page; enables `getPage`. Default: none. */
  declare readonly paginationField?: O['paginationField'];
  /** Names the endpoint. Default: `` `${method} ${urlPrefix}${path}` ``. */
  declare readonly name: string;
  /** Whether this is a mutation. Default: true unless the method is GET or HEAD. */
  declare readonly sideEffect: boolean;
  declare readonly dataExpiryLength?: number;
  declare readonly errorExpiryLength?: number;
  declare readonly pollFrequency?: number;
  declare readonly invalidIfStale?: boolean;
  declare readonly signal?: AbortSignal;
  declare readonly getOptimisticResponse?: (snap: SnapshotInterface, ...args: ArgsOf<O>) => unknown;

  constructor(options: RestEndpointOptions<O> | InferredOptions<any, any, any, any, any, any>) {
    if (typeof options?.path !== 'string') {
      throw new TypeError('[rest-slice] `RestEndpoint` needs a `path` option, e.g. `{ path: \'/todos/:id\' }`');
    }
    const self = ((...args: unknown[]) => self.fetchWith({}, ...(args as ArgsOf<O>))) as unknown as RestEndpoint<O>;
    Object.setPrototypeOf(self, new.target.prototype);
    // Drop the arrow's own `name` so the prototype getter (or the `name` option) answers.
    delete (self as { name?: string }).name;
    Object.defineProperty(self, OPTIONS, { value: { ...options } });
    for (const key of Object.keys(options)) defineOwn(self, key, (options as Record<string, unknown>)[key]);
    return self as unknown as RestEndpointBase<O>;
  }

  /** The request key: `` `${method} ${url}` ``, search params sorted so it is stable. */
  key(...args: ArgsOf<O>): string {
    return `${this.method} ${this.url(...args)}`;
  }

  /** The full URL for these arguments. @throws when a required path param is missing. */
  url(...args: ArgsOf<O>): string {
    const [params] = splitArgs(this as unknown as RestEndpoint<O>, args);
    return `${this.urlPrefix}${buildPath(this.path, params)}`;
  }

  /** Like calling the endpoint, with an injected `fetch` implementation and `AbortSignal`. */
  async fetchWith(options: FetchWithOptions, ...args: ArgsOf<O>): Promise<ResultOf<O>> {
    let self = this as unknown as RestEndpoint<O>;
    if (options.fetch !== undefined || options.signal !== undefined) {
      const signal =
        options.signal && this.signal ? AbortSignal.any([options.signal, this.signal]) : options.signal ?? this.signal;
      // A per-call view: overrides calling `super` still see the injected values.
      self = Object.create(this, {
        [FETCH]: { value: options.fetch },
        signal: { value: signal, enumerable: true },
      }) as RestEndpoint<O>;
    }
    const [, body] = splitArgs(self, args);
    const url = self.url(...args);
    const init = await self.getRequestInit(body);
    const response = await self.fetchResponse(url, init);
    const value = await self.parseResponse(response);
    return self.process(value, ...args) as ResultOf<O>;
  }

  /** Builds the `fetch` init: method, signal, and the body (plain data as JSON with `Content-Type: application/json`; `FormData` and other bodies as is). */
  async getRequestInit(body?: unknown): Promise<RequestInit> {
    const init: RequestInit = { method: this.method };
    if (this.signal !== undefined) init.signal = this.signal;
    const headers: Record<string, string> = {};
    const method = String(this.method).toUpperCase();
    if (body !== undefined && method !== 'GET' && method !== 'HEAD') {
      if (isSentAsIs(body)) {
        init.body = body as BodyInit;
      } else {
        init.body = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
    }
    init.headers = await this.getHeaders(headers);
    return init;
  }

  /** Adjusts request headers; override to add auth. Default: unchanged. */
  getHeaders(headers: Record<string, string>): Promise<HeadersInit> | HeadersInit {
    return headers;
  }

  /** Runs the request. @throws `NetworkError` for a non-2xx status, or an Error naming the URL when it cannot be reached. */
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    const fetchImpl = (this as unknown as { [FETCH]?: typeof fetch })[FETCH] ?? globalThis.fetch;
    const method = init.method ?? this.method;
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      const cause = (error as { cause?: { code?: string } })?.cause;
      const reason = [(error as Error)?.message, cause?.code].filter(Boolean).join(': ');
      throw new Error(`[rest-slice] ${method} ${input} could not be reached (${reason})`, { cause: error });
    }
    if (!response.ok) throw new NetworkError(response, method, input);
    return response;
  }

  /** Reads the body: `null` for 204 or empty, JSON by content type. @throws for invalid JSON, or a non-JSON body (an HTML page) where the schema needs data. */
  async parseResponse(response: Response): Promise<unknown> {
    if (response.status === 204) return null;
    const text = await response.text();
    if (text === '') return null;
    const contentType = response.headers.get('content-type') ?? '';
    const where = `${this.method} ${response.url}`;
    if (contentType.includes('json')) {
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new Error(`[rest-slice] ${where} returned invalid JSON (${(error as Error).message}): ${quoteStart(text)}`, {
          cause: error,
        });
      }
    }
    const schema = this.schema as unknown;
    const wantsText =
      schema === undefined || schema === null || typeof schema === 'string' || this.process !== RestEndpointBase.prototype.process;
    if (wantsText) return text;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) return parsed;
    } catch {
      // not JSON at all: reported below
    }
    throw new Error(
      `[rest-slice] ${where} returned ${contentType || 'a body with no content type'} where its schema needs JSON; the body starts ${quoteStart(text)}`,
    );
  }

  /** Transforms the parsed body; `args` are the call's arguments. Default: identity. */
  process(value: any, ...args: ArgsOf<O>): any {
    return value;
  }

  /** `'soft'` (keep showing stale data) for status >= 500, else `undefined`. */
  errorPolicy(error: Error & { status?: number }): 'soft' | undefined {
    return typeof error.status === 'number' && error.status >= 500 ? 'soft' : undefined;
  }

  /** A new endpoint of the same class with `options` merged over this one's; changing `method` recomputes `sideEffect`. */
  extend<
    P extends string = O['path'],
    S = O extends { readonly schema: infer X } ? X : unknown,
    M extends string = MethodOf<O>,
    B = O extends { readonly body: infer X } ? X : unknown,
    SP = O extends { readonly searchParams: infer X } ? X : unknown,
    PF extends string | undefined = O extends { readonly paginationField: infer X extends string } ? X : undefined,
  >(options: ExtendOptions<P, S, M, B, SP, PF>): RestEndpoint<Generics<P, S, M, B, SP, PF>> {
    const merged: Record<string, unknown> = {
      ...(this as unknown as { [OPTIONS]: object })[OPTIONS],
      ...(options as Record<string, unknown>),
    };
    if ('method' in options && !('sideEffect' in options)) delete merged.sideEffect;
    return constructEndpoint(this.constructor as EndpointClass, merged);
  }

  private derive<E>(name: string, make: () => E): E {
    let cache = derivedCache.get(this);
    if (cache === undefined) derivedCache.set(this, (cache = new Map()));
    if (!cache.has(name)) cache.set(name, make());
    return cache.get(name) as E;
  }

  /** A POST endpoint adding its response to the end of matching stored collections. */
  get push(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: AdderSchema<SchemaOf<O>> }>> {
    return this.derive('push', () =>
      this.extend({ method: 'POST', schema: adderSchema(this.schema, 'push', 'push'), name: `${this.name}.push` }),
    ) as any;
  }

  /** A POST endpoint adding its response to the start of matching stored collections. */
  get unshift(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: AdderSchema<SchemaOf<O>> }>> {
    return this.derive('unshift', () =>
      this.extend({ method: 'POST', schema: adderSchema(this.schema, 'unshift', 'unshift'), name: `${this.name}.unshift` }),
    ) as any;
  }

  /** A POST endpoint merging its response's members into matching stored Values collections. */
  get assign(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: AdderSchema<SchemaOf<O>> }>> {
    return this.derive('assign', () =>
      this.extend({ method: 'POST', schema: adderSchema(this.schema, 'assign', 'assign'), name: `${this.name}.assign` }),
    ) as any;
  }

  /**
   * A GET endpoint for the next page (`paginated(paginationField)`): appends it
   * to the collection stored for the same params minus `paginationField`.
   * @throws when the endpoint has no `paginationField`.
   */
  get getPage(): PaginationFieldEndpoint<O, NonNullable<O['paginationField']>> {
    const field = this.paginationField;
    if (typeof field !== 'string' || field === '') {
      throw new TypeError(
        `[rest-slice] \`getPage\` needs the \`paginationField\` option on '${this.name}', e.g. \`paginationField: 'page'\``,
      );
    }
    return this.derive('getPage', () => paginate(this as never, field)) as any;
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
Object.setPrototypeOf(RestEndpointBase.prototype, Function.prototype);
Object.defineProperties(RestEndpointBase.prototype, {
  method: { value: 'GET', writable: true, configurable: true },
  urlPrefix: { value: '', writable: true, configurable: true },
  name: {
    get(this: RestEndpoint<any>) {
      return `${this.method} ${this.urlPrefix}${this.path}`;
    },
    configurable: true,
  },
  sideEffect: {
    get(this: RestEndpoint<any>) {
      const method = String(this.method).toUpperCase();
      return method !== 'GET' && method !== 'HEAD';
    },
    configurable: true,
  },
});

/**
 * A REST endpoint definition. Instances are callable:
 * `await endpoint(params)` / `await endpoint(params, body)` runs the request
 * with the global `fetch` and resolves the processed JSON body (plain data,
 * not Entity instances), no store involved.
 */
export const RestEndpoint = RestEndpointBase as unknown as RestEndpointConstructor;

/** The params object an endpoint takes. */
export type EndpointParams<E> = E extends RestEndpoint<infer O> ? ParamsOf<O> : never;
