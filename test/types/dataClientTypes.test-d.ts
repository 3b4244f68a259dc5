// Type tests for the remaining generic names of `@data-client/rest`
// (`RestInstance`, `RestType`, `RestFetch`, `CustomResource`, `HookResource`,
// ...): code written against Data Client's types, and the calls they reject.
// Checked by `tsc --noEmit` (never run by jest).
import {
  createResource,
  Endpoint,
  Entity,
  RestEndpoint,
  type CustomResource,
  type Defaults,
  type FetchGet,
  type FetchMutate,
  type HookResource,
  type KeyofRestEndpoint,
  type KeysToArgs,
  type ResourceEndpointExtensions,
  type ResourceExtension,
  type RestEndpointConstructorOptions,
  type RestFetch,
  type RestGenerics,
  type RestInstance,
  type RestType,
  type ResourcePath,
} from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Post extends Entity {
  id = 0;
  title = '';
  body = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Post';
}
type PostJSON = { id: number; title: string; body: string };

// --- KeysToArgs and Defaults: plain type utilities ----------------------------
export type UtilityCases = [
  Expect<Equal<KeysToArgs<'id'>, { id: string | number }>>,
  Expect<Equal<KeysToArgs<'group' | 'id?'>, { group: string | number; id?: string | number }>>,
  Expect<Equal<Defaults<{ a?: number; b: string | undefined }, { a: 1; c: boolean }>, { a: number; b: string; c: boolean }>>,
];
const groupArgs: KeysToArgs<'group' | 'page?'> = { group: 'react' };
void groupArgs;
// @ts-expect-error a required key is missing
const noGroup: KeysToArgs<'group' | 'page?'> = { page: 2 };
void noGroup;

// --- ResourcePath: the bound of a resource factory's path parameter ------------
function pathOf<P extends ResourcePath>(path: P): P {
  return path;
}
export type ResourcePathCases = [Expect<Equal<ReturnType<typeof pathOf<'/posts/:id'>>, '/posts/:id'>>, Expect<Equal<ResourcePath, string>>];

// --- RestFetch, FetchGet, FetchMutate: the function shapes --------------------
type GetPost = RestFetch<{ id: number }, undefined, PostJSON>;
type CreatePost = RestFetch<{ group: string }, Partial<PostJSON>, PostJSON>;
type ListAll = RestFetch<{ page?: number }, undefined, PostJSON[]>;
export type FetchCases = [
  Expect<Equal<Parameters<GetPost>, [params: { id: number }]>>,
  Expect<Equal<Parameters<CreatePost>, [params: { group: string }, body: Partial<PostJSON>]>>,
  Expect<Equal<Parameters<ListAll>, [params: { page?: number }] | []>>,
  Expect<Equal<ReturnType<GetPost>, Promise<PostJSON>>>,
];
const readOne: FetchGet<[{ id: number }], PostJSON> = async function (params) {
  const res = await fetch(this.url(params));
  return (await res.json()) as PostJSON;
};
const writeOne: FetchMutate<[{ id: number }, Partial<PostJSON>], PostJSON> = async function (params, body) {
  return { id: params.id, title: body.title ?? '', body: '' };
};
void readOne;
void writeOne;

// --- RestInstance / RestType: annotate an endpoint ----------------------------
const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post });
const createPost = new RestEndpoint({
  path: '/groups/:group/posts',
  method: 'POST',
  body: {} as Partial<PostJSON>,
  schema: Post,
});

// An endpoint declared by its parts, as a class member or exported constant.
const getPostTyped: RestType<{ id: string | number }, undefined, typeof Post, undefined, PostJSON, { path: '/posts/:id' }> =
  getPost as any;
void getPostTyped({ id: 1 }).then((p: PostJSON) => p.title);
void getPostTyped.key({ id: 1 });
void getPostTyped.url({ id: '1' });
export type InstanceCases = [
  Expect<Equal<typeof getPostTyped.schema, typeof Post>>,
  Expect<Equal<typeof getPostTyped.sideEffect, undefined>>,
  Expect<Equal<typeof getPostTyped.path, '/posts/:id'>>,
  Expect<Equal<ReturnType<typeof getPostTyped>, Promise<PostJSON>>>,
];
// @ts-expect-error wrong param name
void getPostTyped({ postId: 1 });
// @ts-expect-error params are required
void getPostTyped();

const createTyped: RestType<{ group: string }, Partial<PostJSON>, typeof Post, true, PostJSON, { path: '/groups/:group/posts'; body: Partial<PostJSON>; method: 'POST' }> =
  createPost as any;
void createTyped({ group: 'a' }, { title: 'hi' });
export type MutateCases = [
  Expect<Equal<typeof createTyped.sideEffect, true>>,
  Expect<Equal<typeof createTyped.method, 'POST'>>,
];
// @ts-expect-error the body is missing
void createTyped({ group: 'a' });
// @ts-expect-error wrong body type
void createTyped({ group: 'a' }, { title: 5 });

// RestInstance by a fetch function: calls follow `F`.
declare const searchPosts: RestInstance<(params: { q: string }) => Promise<PostJSON[]>, [typeof Post], undefined, { path: '/search'; searchParams: { q: string } }>;
void searchPosts({ q: 'react' }).then((list) => list[0]?.title);
void searchPosts.extend({ dataExpiryLength: 1000 });
// @ts-expect-error `q` is required
void searchPosts({});
// A generic helper over any endpoint, as Data Client code writes it.
function urlOf<E extends RestInstance>(endpoint: E, ...args: Parameters<E>): string {
  return endpoint.url(...args);
}
void urlOf(searchPosts, { q: 'x' });

// KeyofRestEndpoint: strip the endpoint members from an object of custom ones.
type CustomOnly = Omit<typeof getPost & { retries: number }, KeyofRestEndpoint>;
export type KeyofCases = [
  Expect<Equal<keyof CustomOnly, 'retries'>>,
  Expect<Equal<'url' extends KeyofRestEndpoint ? true : false, true>>,
  Expect<Equal<'getRequestInit' extends KeyofRestEndpoint ? true : false, true>>,
];

// --- RestEndpointConstructorOptions: a subclass's constructor passes them on ---
class AuthedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  constructor(options: RestEndpointConstructorOptions<O> & Readonly<O>) {
    super({ dataExpiryLength: 5000, ...options });
  }
}
const authed = new AuthedEndpoint({ path: '/me', urlPrefix: 'https://api.example.com', pollFrequency: 1000 });
void authed;
// @ts-expect-error not an option
const badOptions: RestEndpointConstructorOptions = { dataExpiryLenght: 5 };
void badOptions;

// --- Resource extension types -------------------------------------------------
const PostResource = createResource({ path: '/posts/:id', schema: Post });

// ResourceExtension: one member re-pathed.
type Renamed = ResourceExtension<typeof PostResource, 'get', { path: '/articles/:slug' }>;
declare const renamed: Renamed;
void renamed.get({ slug: 'hello' });
void renamed.getList();
// @ts-expect-error the old param is gone
void renamed.get({ id: 1 });
const renamedReal: Renamed = PostResource.extend('get', { path: '/articles/:slug' }) as any;
void renamedReal;

// ResourceEndpointExtensions: the batch options object, built apart from `extend`.
const extensions = {
  getList: { dataExpiryLength: 60_000 },
  partialUpdate: {
    process(response: any, params) {
      return { ...response, id: params.id };
    },
  },
} satisfies ResourceEndpointExtensions<typeof PostResource>;
const withExtensions = PostResource.extend(extensions);
void withExtensions.partialUpdate({ id: 1 }, { title: 'x' });
const badExtensions: ResourceEndpointExtensions<typeof PostResource> = {
  // @ts-expect-error not an endpoint option
  get: { dataExpiryLenght: 5 },
  update: {
    process(response: any, params) {
      // @ts-expect-error `update` takes `{ id }`
      return { ...response, id: params.slug };
    },
  },
};
void badExtensions;

// CustomResource: the declared return of a factory that re-paths `get`.
type Slugged = CustomResource<typeof PostResource, { path: '/posts/:id'; schema: typeof Post }, { path: '/posts/:slug' }>;
declare const slugged: Slugged;
void slugged.get({ slug: 'a' });
void slugged.update({ id: 1 }, { title: 'b' });
void slugged.getList.push({ title: 'c' });
void slugged.extend({ delete: { dataExpiryLength: 1 } });
// @ts-expect-error `get` takes the new param
void slugged.get({ id: 1 });
// @ts-expect-error `update` still needs a body
void slugged.update({ id: 1 });
export type CustomCases = [Expect<Equal<Slugged['delete'], (typeof PostResource)['delete']>>];

// --- HookResource: a resource whose members come from hooks ---------------------
type PostHooks = HookResource<typeof PostResource>;
function hookify<R extends {}>(resource: R, useInit: () => RequestInit): HookResource<R> {
  const hooks: Record<string, () => unknown> = {};
  for (const [name, member] of Object.entries(resource)) {
    hooks[`use${name[0]!.toUpperCase()}${name.slice(1)}`] = () => {
      const init = useInit();
      return typeof (member as { extend?: unknown }).extend === 'function'
        ? (member as RestEndpoint).extend({ getRequestInit: () => init } as any)
        : member;
    };
  }
  return hooks as HookResource<R>;
}
const PostHooksValue: PostHooks = hookify(PostResource, () => ({ headers: { 'Access-Token': 't' } }));
void PostHooksValue.useGet()({ id: 1 });
void PostHooksValue.useUpdate()({ id: 1 }, { title: 't' });
export type HookCases = [
  Expect<Equal<ReturnType<PostHooks['useGet']>, (typeof PostResource)['get']>>,
  Expect<Equal<'useGetList' extends keyof PostHooks ? true : false, true>>,
];
// @ts-expect-error no such hook
void PostHooksValue.useFetch;
// @ts-expect-error the hook's endpoint still needs params
void PostHooksValue.useGet()();

// --- hooks with fewer or more parameters than an adder's (body) | (params, body) call ---
void PostResource.getList.push.extend({ process: (value: unknown) => value });
void PostResource.getList.push.extend({ getOptimisticResponse: (snap) => ({ id: 1, snap }) });
void PostResource.getList.push.extend({ getOptimisticResponse: (snap, body) => body });
void PostResource.getList.push.extend({ getOptimisticResponse: (snap, params, body) => ({ ...params, ...body }) });
// --- url, key, extra and requestInit, as Data Client's RestEndpoint options ---
const mirrored = PostResource.get.extend({ url: (params: { id: number }) => `https://mirror.example.com/${params.id}`, extra: { tag: 'x' } });
export type OptionCases = [Expect<Equal<typeof mirrored.extra, unknown>>, Expect<Equal<Parameters<typeof mirrored.url>, [params: { id: string | number }]>>];
void new RestEndpoint({ path: '/posts', requestInit: { credentials: 'include' }, key: () => 'posts' });
// A url override's params never change the path's type, in extend or in the constructor.
const listUrl = PostResource.getList.extend({ url: () => 'https://mirror.example.com/posts' });
const built = new RestEndpoint({ path: '/posts/:id', url: (params: { id: number }) => `/p/${params.id}` });
export type UrlCases = [
  Expect<Equal<(typeof listUrl)['path'], '/posts'>>,
  Expect<Equal<(typeof built)['path'], '/posts/:id'>>,
];
// A subclass instance keeps its path's typing (params required, the path literal).
class PlainSubclass<O extends RestGenerics = any> extends RestEndpoint<O> {}
const subclassed = new PlainSubclass({ path: '/todos/:id' });
// @ts-expect-error `id` is required by the path
void subclassed({});
export type SubclassCases = [Expect<Equal<(typeof subclassed)['path'], '/todos/:id'>>];
// `sideEffect: true` without a method is a POST, in the types as at runtime.
const sideEffectOnly = new RestEndpoint({ sideEffect: true, path: '/todos', body: {} as { title: string }, getOptimisticResponse: (snap, body) => body });
export type SideEffectCases = [
  Expect<Equal<(typeof sideEffectOnly)['method'], 'POST'>>,
  Expect<Equal<(typeof sideEffectOnly)['sideEffect'], true>>,
  Expect<Equal<(typeof subclassed)['method'], 'GET'>>,
];
void sideEffectOnly({ title: 'x' });

// `Endpoint` names a type too, as in Data Client.
async function fetchPost({ id }: { id: number }) {
  return { id, title: '' };
}
export const typedEndpoint: Endpoint<typeof fetchPost, typeof Post> = new Endpoint(fetchPost, { schema: Post });
export type EndpointTypeCases = [Expect<Equal<Parameters<typeof typedEndpoint>, [{ id: number }]>>];
