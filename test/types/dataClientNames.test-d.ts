// Type tests for the rest of `@data-client/rest` 0.9's public type names
// (`EndpointInstanceInterface`, `RestInstanceBase`, `Normalize`, `SchemaSimple`,
// `ErrorTypes`, ...): each instantiated with Data Client's usual arguments,
// with the uses they reject. Checked by `tsc --noEmit` (never run by jest).
import {
  Endpoint,
  Entity,
  NetworkError,
  RestEndpoint,
  schema,
  type ArrayElement,
  type EndpointExtendOptions,
  type EndpointExtraOptions,
  type EndpointInstanceInterface,
  type EndpointParam,
  type EndpointToFunction,
  type ErrorTypes,
  type ExpiryStatusInterface,
  type FromFallBack,
  type HookableEndpointInterface,
  type IndexParams,
  type KeyofEndpointInstance,
  type MethodToSide,
  type Normalize,
  type NormalizeNullable,
  type OptionsToFunction,
  type ParamFetchNoBody,
  type ParamFetchWithBody,
  type PolymorphicInterface,
  type ReadEndpoint,
  type RestEndpointExtendOptions,
  type RestExtendedEndpoint,
  type RestInstanceBase,
  type RestTypeNoBody,
  type RestTypeWithBody,
  type SchemaClass,
  type SchemaSimple,
  type SchemaToArgs,
  type UnknownError,
} from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class User extends Entity {
  id = 0;
  username = '';
  email = '';
  pk() {
    return String(this.id);
  }
  static override key = 'User';
  static indexes = ['username'] as const;
}
class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Post';
}
type PostJSON = { id: number; title: string };

const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post });
const createPost = new RestEndpoint({ path: '/posts', method: 'POST', body: {} as Partial<PostJSON>, schema: Post });
async function fetchPost({ id }: { id: number }): Promise<PostJSON> {
  return { id, title: '' };
}
const postEndpoint = new Endpoint(fetchPost, { schema: Post, name: 'post' });

// --- Small utilities ----------------------------------------------------------
export type UtilityCases = [
  Expect<Equal<ArrayElement<readonly ['username', 'email']>, 'username' | 'email'>>,
  Expect<Equal<ArrayElement<number[]>, number>>,
  Expect<Equal<FromFallBack<'path', { path: '/b' }, { path: '/a'; method: 'GET' }>, '/b'>>,
  Expect<Equal<FromFallBack<'method', { path: '/b' }, { path: '/a'; method: 'GET' }>, 'GET'>>,
  Expect<Equal<EndpointParam<typeof fetchPost>, { id: number }>>,
  Expect<Equal<EndpointParam<{ key(params: { q: string }): string }>, { q: string }>>,
  Expect<Equal<EndpointParam<typeof getPost>, { id: string | number }>>,
  Expect<Equal<MethodToSide<'GET'>, undefined>>,
  Expect<Equal<MethodToSide<'HEAD'>, undefined>>,
  Expect<Equal<MethodToSide<'DELETE'>, true>>,
  Expect<Equal<MethodToSide<undefined>, undefined>>,
  Expect<Equal<ExpiryStatusInterface, 1 | 2 | 3>>,
];
// @ts-expect-error ArrayElement takes an array type
export type NotArray = ArrayElement<string>;
// @ts-expect-error `K` must be a key of the endpoint `E`
export type NotAKey = FromFallBack<'nope', {}, { path: '/a' }>;

type PostFn = EndpointToFunction<typeof postEndpoint>;
export type ToFunctionCases = [
  Expect<Equal<Parameters<PostFn>, [{ id: number }]>>,
  Expect<Equal<ThisParameterType<PostFn>, typeof postEndpoint>>,
];
// @ts-expect-error EndpointToFunction takes an async function
export type NotAsync = EndpointToFunction<() => number>;

// --- Errors -------------------------------------------------------------------
function statusOf(error: ErrorTypes): unknown {
  return error instanceof NetworkError ? error.status : error.status;
}
const plain: UnknownError = new TypeError('Failed to fetch');
void statusOf(plain);
void statusOf(new NetworkError(new Response(null, { status: 404 })));
// @ts-expect-error an UnknownError's status is not known to be a number
export const unknownStatus: number = plain.status;

// --- Endpoint option and instance types -----------------------------------------
const extra: EndpointExtraOptions<typeof fetchPost> = {
  dataExpiryLength: 60_000,
  invalidIfStale: true,
  errorPolicy: (error) => (error.status === 500 ? 'soft' : undefined),
  getOptimisticResponse: (snap, params) => ({ id: params.id, title: '', at: snap.fetchedAt }),
};
void new Endpoint(fetchPost, { ...extra, name: 'withExtra' });
const badExtra: EndpointExtraOptions<typeof fetchPost> = {
  // @ts-expect-error `F`'s params have no `slug`
  getOptimisticResponse: (snap, params: { slug: string }) => params,
};
void badExtra;

const extendOptions: EndpointExtendOptions<typeof fetchPost, typeof Post, undefined> = {
  name: 'post2',
  schema: Post,
  fetch: async (slug: string) => ({ slug }),
  key: (params) => `post ${params.id}`,
};
void postEndpoint.extend(extendOptions);
// @ts-expect-error `sideEffect` is `M`, here `undefined`
export const badSide: EndpointExtendOptions<typeof fetchPost, typeof Post, undefined> = { sideEffect: true };

const asInterface: EndpointInstanceInterface<typeof fetchPost, typeof Post, undefined> = postEndpoint;
void asInterface({ id: 1 }).then((post: PostJSON) => post.title);
void asInterface.key({ id: 1 });
export type InterfaceCases = [
  Expect<Equal<typeof asInterface.schema, typeof Post>>,
  Expect<Equal<typeof asInterface.sideEffect, undefined>>,
  Expect<Equal<'extend' extends keyof typeof asInterface ? true : false, false>>,
];
// @ts-expect-error the schema is `typeof Post`, not `typeof User`
export const wrongSchema: EndpointInstanceInterface<typeof fetchPost, typeof User, undefined> = postEndpoint;

export type KeyofEndpointCases = [
  Expect<Equal<keyof Omit<typeof postEndpoint & { retries: number }, KeyofEndpointInstance>, 'retries'>>,
  Expect<Equal<'bind' extends KeyofEndpointInstance ? true : false, true>>,
  Expect<Equal<'testKey' extends KeyofEndpointInstance ? true : false, true>>,
  Expect<Equal<'path' extends KeyofEndpointInstance ? true : false, false>>,
];

const reads: ReadEndpoint<(params: { id: string | number }) => Promise<PostJSON>, typeof Post> = getPost;
void reads({ id: 1 });
void reads.key({ id: 1 });
// @ts-expect-error a mutation is no ReadEndpoint
export const notRead: ReadEndpoint = createPost;
// @ts-expect-error ReadEndpoint takes two type parameters
export type TooMany = ReadEndpoint<typeof fetchPost, typeof Post, undefined>;

const hookable: HookableEndpointInterface = getPost;
void hookable.extend({ dataExpiryLength: 1 }).extend({});
// @ts-expect-error a function without `extend` is not hookable
export const notHookable: HookableEndpointInterface = fetchPost;

// --- REST instance types --------------------------------------------------------
function urlOf<E extends RestInstanceBase>(endpoint: E, ...args: Parameters<E>): string {
  return endpoint.url(...args);
}
void urlOf(getPost, { id: 1 });
void urlOf(createPost, { title: 'x' });
declare const base: RestInstanceBase<(params: { id: number }) => Promise<PostJSON>, typeof Post, undefined, { path: '/posts/:id' }>;
void base({ id: 1 });
export type BaseCases = [
  Expect<Equal<typeof base.path, '/posts/:id'>>,
  Expect<Equal<'getPage' extends keyof typeof base ? true : false, false>>,
  Expect<Equal<'push' extends keyof typeof base ? true : false, false>>,
];
// @ts-expect-error `sideEffect` is `true` or `undefined`
export type BaseSide = RestInstanceBase<(params: { id: number }) => Promise<PostJSON>, typeof Post, false>;
// @ts-expect-error the options need a `path`
export type BaseNoPath = RestInstanceBase<(params: { id: number }) => Promise<PostJSON>, typeof Post, undefined, { method: 'GET' }>;

type GetPostType = RestTypeNoBody<{ id: string | number }, typeof Post, undefined, PostJSON, { path: '/posts/:id'; body: undefined }>;
const getPostTyped: GetPostType = getPost as any;
void getPostTyped({ id: 1 }).then((post: PostJSON) => post.title);
// @ts-expect-error no body
void getPostTyped({ id: 1 }, {});
type CreateType = RestTypeWithBody<{ group: string }, typeof Post, true, Partial<PostJSON>, PostJSON, { path: '/groups/:group/posts'; body: Partial<PostJSON> }>;
declare const createTyped: CreateType;
void createTyped({ group: 'a' }, { title: 'x' });
// @ts-expect-error the body is `Partial<PostJSON>` (the 4th parameter)
void createTyped({ group: 'a' }, { title: 5 });
export type RestTypeCases = [Expect<Equal<typeof createTyped.sideEffect, true>>, Expect<Equal<ReturnType<typeof getPostTyped>, Promise<PostJSON>>>];

export type FetchShapeCases = [
  Expect<Equal<Parameters<ParamFetchNoBody<{ id: number }, PostJSON>>, [params: { id: number }]>>,
  Expect<Equal<Parameters<ParamFetchNoBody<{ page?: number }>>, [params: { page?: number }] | []>>,
  Expect<Equal<ReturnType<ParamFetchNoBody<{ id: number }>>, Promise<any>>>,
  Expect<Equal<Parameters<ParamFetchWithBody<{ group: string }, { title: string }, PostJSON>>, [params: { group: string }, body: { title: string }]>>,
  Expect<Equal<Parameters<ParamFetchWithBody<undefined>>, [body: {}]>>,
];

// --- extend() types ---------------------------------------------------------------
type BySlug = RestExtendedEndpoint<{ path: '/posts/:slug' }, typeof getPost>;
const bySlug: BySlug = getPost.extend({ path: '/posts/:slug' });
void bySlug({ slug: 'hello' });
// @ts-expect-error the param is now `slug`
void bySlug({ id: 1 });
type Posted = RestExtendedEndpoint<{ method: 'POST'; body: { title: string } }, typeof getPost>;
declare const posted: Posted;
void posted({ id: 1 }, { title: 'x' });
type Counted = RestExtendedEndpoint<{ process(value: any): number }, typeof getPost>;
declare const counted: Counted;
export type ExtendedCases = [
  Expect<Equal<Posted['sideEffect'], true>>,
  Expect<Equal<Posted['path'], '/posts/:id'>>,
  Expect<Equal<ReturnType<typeof counted>, Promise<number>>>,
  Expect<Equal<ReturnType<typeof bySlug>, Promise<PostJSON>>>,
];
// @ts-expect-error `O` must be partial generics (a path is a string)
export type BadExtend = RestExtendedEndpoint<{ path: 5 }, typeof getPost>;

type SlugFn = OptionsToFunction<{ path: '/posts/:slug' }, typeof getPost, typeof getPost>;
type ListFn = OptionsToFunction<{ searchParams: { tag: string } }, { path: '/posts' }, () => Promise<PostJSON[]>>;
export type OptionsToFunctionCases = [
  Expect<Equal<Parameters<SlugFn>, [params: { slug: string | number }]>>,
  Expect<Equal<ReturnType<SlugFn>, Promise<PostJSON>>>,
  Expect<Equal<Parameters<ListFn>, [params: { tag: string }]>>,
  Expect<Equal<ReturnType<ListFn>, Promise<PostJSON[]>>>,
];

const extendWith: RestEndpointExtendOptions<{ path: '/posts/:slug' }, typeof getPost, typeof getPost> = {
  dataExpiryLength: 5,
  getOptimisticResponse: (snap, params) => ({ slug: params.slug }),
};
void extendWith;
const badExtendWith: RestEndpointExtendOptions<{ path: '/posts/:slug' }, typeof getPost, typeof getPost> = {
  // @ts-expect-error the new params have `slug`, not `id`
  getOptimisticResponse: (snap, params) => ({ id: params.id }),
};
void badExtendWith;

// --- Schema types -------------------------------------------------------------------
// A custom schema of the app's own, as Data Client code declares one.
class Lowercase implements SchemaSimple<string, [params: { locale: string }]> {
  declare readonly __denormalized?: string;
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: Parameters<SchemaSimple<string, [params: { locale: string }]>['normalize']>[3]) {
    return String(input).toLocaleLowerCase(visitor.args[0].locale);
  }
  denormalize(input: unknown) {
    return input;
  }
}
const lower: SchemaSimple<string> = new Lowercase();
const asClass: SchemaClass<Post[], Post[] | undefined> = new schema.Array(Post);
const polymorphic: PolymorphicInterface<Post[]> = new schema.Array(Post);
void lower;
void asClass;
void polymorphic;
// @ts-expect-error an Array of Post is no schema of strings
export const wrongSimple: SchemaSimple<string> = new schema.Array(Post);
// @ts-expect-error SchemaClass takes two type parameters
export type ClassTooMany = SchemaClass<Post, Post, Post>;
// @ts-expect-error a `schema.Object` is not polymorphic (no `schemaAttribute`)
export const notPolymorphic: PolymorphicInterface = new schema.Object({ post: Post });

const byTag = new schema.Query(new schema.All(Post), (posts, tag: string) => posts.filter((post) => post.title.includes(tag)));
export type SchemaArgsCases = [
  Expect<Equal<SchemaToArgs<typeof byTag>, [tag: string]>>,
  Expect<Equal<SchemaToArgs<typeof Post>, any[]>>,
];
// @ts-expect-error a number is no schema
export type ArgsOfNumber = SchemaToArgs<number>;

export type IndexCases = [
  Expect<Equal<IndexParams<typeof User>, { username?: string }>>,
  Expect<Equal<IndexParams<typeof Post>, Readonly<object>>>,
];
const lookup: IndexParams<typeof User> = { username: 'bob' };
void lookup;
// @ts-expect-error `email` is not an index
export const notIndexed: IndexParams<typeof User> = { email: 'a@b.c' };

export type NormalizeCases = [
  Expect<Equal<Normalize<typeof Post>, string>>,
  Expect<Equal<Normalize<[typeof Post]>, string[]>>,
  Expect<Equal<Normalize<{ posts: [typeof Post]; total: number }>, { posts: string[]; total: number }>>,
  Expect<Equal<Normalize<schema.Array<typeof Post>>, string[]>>,
  Expect<Equal<Normalize<schema.Collection<[typeof Post]>>, string>>,
  Expect<Equal<Normalize<schema.Invalidate<typeof Post>>, string>>,
  Expect<Equal<NormalizeNullable<typeof Post>, string | undefined>>,
  Expect<Equal<NormalizeNullable<[typeof Post]>, string[] | undefined>>,
];
