// Type tests for the REST layer, checked by `tsc --noEmit` (never run by jest).
import {
  createResource,
  Entity,
  RestEndpoint,
  schema,
  type Denormalize,
  type PathArgs,
  type ResolveType,
  type RestGenerics,
  type ResultUpdate,
  type ShortenPath,
} from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Todo extends Entity {
  id: number | undefined = undefined;
  title = '';
  completed = false;
  pk() {
    return this.id?.toString();
  }
  static override key = 'Todo';
}
type TodoJSON = { id: number | undefined; title: string; completed: boolean };

// --- PathArgs -------------------------------------------------------------
export type PathCases = [
  Expect<Equal<PathArgs<'/users/:userId/todos/:id'>, { userId: string | number; id: string | number }>>,
  Expect<Equal<PathArgs<'/todos/:id?'>, { id?: string | number }>>,
  Expect<Equal<PathArgs<'/todos'>, {}>>,
  // A group's modifier makes its params optional (path-to-regexp's `{/:id}?`); a group without one keeps them required.
  Expect<Equal<PathArgs<'/users{/:id}?'>, { id?: string | number }>>,
  Expect<Equal<PathArgs<'/:group/posts{/:id}?'>, { group: string | number; id?: string | number }>>,
  Expect<Equal<PathArgs<'/users{/:id}'>, { id: string | number }>>,
  Expect<Equal<PathArgs<'/a{/:x.json}*/b/:y'>, { x?: string | number; y: string | number }>>,
  Expect<Equal<PathArgs<'/a\\:b/:c'>, { c: string | number }>>,
  Expect<
    Equal<
      PathArgs<'/search/issues\\?q=:q?%20repo\\::owner/:repo&page=:page?'>,
      { owner: string | number; repo: string | number; q?: string | number; page?: string | number }
    >
  >,
  Expect<Equal<ShortenPath<'/users/:userId/todos/:id'>, '/users/:userId/todos'>>,
  Expect<Equal<ShortenPath<'/todos/:id'>, '/todos'>>,
  Expect<Equal<ShortenPath<'/:id'>, '/'>>,
];

// --- RestEndpoint ---------------------------------------------------------
const get = new RestEndpoint({ path: '/users/:userId/todos/:id', schema: Todo });
export type GetCases = [
  Expect<Equal<Parameters<typeof get>, [params: { userId: string | number; id: string | number }]>>,
  Expect<Equal<Awaited<ReturnType<typeof get>>, TodoJSON>>,
  Expect<Equal<(typeof get)['path'], '/users/:userId/todos/:id'>>,
  Expect<Equal<(typeof get)['method'], 'GET'>>,
];
// @ts-expect-error a missing param
void get({ userId: 1 });
// @ts-expect-error a body on a GET
void get({ userId: 1, id: 2 }, { title: 'x' });

const patch = new RestEndpoint({
  path: '/todos/:id',
  method: 'PATCH',
  schema: Todo,
  body: {} as Partial<TodoJSON>,
  getOptimisticResponse(snap, params, body) {
    type Cases = [
      Expect<Equal<typeof params, { id: string | number }>>,
      Expect<Equal<typeof body, Partial<TodoJSON>>>,
    ];
    return { ...params, ...body, updatedAt: snap.fetchedAt };
  },
});
export type PatchCases = [
  Expect<Equal<Parameters<typeof patch>, [params: { id: string | number }, body: Partial<TodoJSON>]>>,
  Expect<Equal<(typeof patch)['sideEffect'], true>>,
];
// @ts-expect-error a wrong body field type
void patch({ id: 1 }, { completed: 'yes' });

const create = new RestEndpoint({ path: '/todos', method: 'POST', schema: Todo, body: {} as { title: string } });
void create({ title: 'body alone' });
void create({}, { title: 'params then body' });

const search = new RestEndpoint({
  path: '/todos',
  schema: [Todo],
  searchParams: {} as { userId?: number; q?: string },
});
export type SearchCases = [
  Expect<Equal<Parameters<typeof search>, [params?: { userId?: number; q?: string }]>>,
  Expect<Equal<Awaited<ReturnType<typeof search>>, TodoJSON[]>>,
];

const extended = get.extend({ method: 'PUT', body: {} as { title: string } });
export type ExtendCases = [
  Expect<Equal<Parameters<typeof extended>, [params: { userId: string | number; id: string | number }, body: { title: string }]>>,
  Expect<Equal<(typeof extended)['method'], 'PUT'>>,
];

const noSchema = new RestEndpoint({ path: '/health' });
export type NoSchemaCases = [Expect<Equal<Awaited<ReturnType<typeof noSchema>>, unknown>>];

// --- ResolveType: what the callable resolves vs what the store hands out --
class Dated extends Entity {
  id = '';
  createdAt = new Date(0);
  pk() {
    return this.id;
  }
  static override schema = { createdAt: Date };
}
export type ResolveCases = [
  Expect<Equal<Denormalize<typeof Todo>, Todo>>,
  Expect<Equal<ResolveType<Todo>, TodoJSON>>,
  Expect<Equal<ResolveType<Dated>, { id: string; createdAt: string }>>,
  Expect<Equal<ResolveType<Denormalize<schema.Values<typeof Todo>>>, Record<string, TodoJSON>>>,
];

// --- createResource -------------------------------------------------------
const TodoResource = createResource({ path: '/users/:userId/todos/:id', schema: Todo, paginationField: 'page' });
type UT = { userId: string | number; id: string | number };
export type ResourceCases = [
  Expect<Equal<Parameters<typeof TodoResource.get>, [params: UT]>>,
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.get>>, TodoJSON>>,
  Expect<Equal<Parameters<typeof TodoResource.getList>, [params: { userId: string | number }]>>,
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.getList>>, TodoJSON[]>>,
  Expect<Equal<Denormalize<(typeof TodoResource.getList)['schema']>, Todo[]>>,
  Expect<Equal<Parameters<typeof TodoResource.getList.push>, [params: { userId: string | number }, body: Partial<TodoJSON> | FormData]>>,
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.getList.push>>, TodoJSON>>,
  Expect<Equal<Parameters<typeof TodoResource.update>, [params: UT, body: Partial<TodoJSON> | FormData]>>,
  Expect<Equal<Parameters<typeof TodoResource.partialUpdate>, [params: UT, body: Partial<TodoJSON> | FormData]>>,
  Expect<Equal<Parameters<typeof TodoResource.delete>, [params: UT]>>,
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.delete>>, Partial<TodoJSON>>>,
  Expect<Equal<Parameters<typeof TodoResource.getList.getPage>[0], { userId: string | number; page: string | number }>>,
  // A page is a list of items, as getList's response.
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.getList.getPage>>, TodoJSON[]>>,
  Expect<Equal<Denormalize<(typeof TodoResource.getList.getPage)['schema']>, Todo[]>>,
];
// @ts-expect-error a body on get
void TodoResource.get({ userId: 1, id: 1 }, {});
// @ts-expect-error getList needs the parent param
void TodoResource.getList({});

const Typed = createResource({ path: '/todos/:id', schema: Todo, body: {} as { title: string } });
void Typed.update({ id: 1 }, { title: 'x' });
void Typed.getList.push({ title: 'x' });
// @ts-expect-error the body option types update's body
void Typed.update({ id: 1 }, { completed: true });
export type TypedCases = [Expect<Equal<Parameters<typeof Typed.partialUpdate>[1], { title?: string }>>];

const Extended = TodoResource.extend('toggle', { path: '/todos/:id/toggle', method: 'POST', body: undefined })
  .extend({ partialUpdate: { path: '/v2/todos/:id' } })
  .extend((base) => ({ recent: base.getList.extend({ searchParams: {} as { since: number } }) }));
export type ExtendResourceCases = [
  Expect<Equal<Parameters<typeof Extended.toggle>, [params: { id: string | number }]>>,
  Expect<Equal<(typeof Extended.toggle)['method'], 'POST'>>,
  Expect<Equal<Parameters<typeof Extended.partialUpdate>[0], { id: string | number }>>,
  Expect<Equal<Parameters<typeof Extended.recent>, [params: { userId: string | number; since: number }]>>,
  Expect<Equal<Awaited<ReturnType<typeof Extended.get>>, TodoJSON>>,
];

// --- Params of an endpoint without path params: any object, never a primitive -------------------------
// (`{}` would take `5`; Data Client's type tests reject `useSuspense(getList, 5)` and `getList('5')`.)
const Listed = createResource({ path: '/todos/:id', schema: Todo });
interface TodoFilter {
  userId: number;
}
const filter: TodoFilter = { userId: 1 };
const plainList = new RestEndpoint({ path: '/todos' });
export const paramsObjects = [
  () => Listed.getList(),
  () => Listed.getList({ userId: 1 }),
  () => Listed.getList(filter),
  () => Listed.getList.url(),
  () => plainList({ q: 'a' }),
];
// @ts-expect-error a number is no params object
export const numberParams = () => Listed.getList(5);
// @ts-expect-error a string is no params object
export const stringParams = () => plainList('5');
export type ParamsObjectCases = [Expect<Equal<Parameters<typeof plainList>, [params?: object]>>];

// --- `process`'s declared return type is what the endpoint resolves (Data Client's "process() return type setting") ---
const getProcessed = new RestEndpoint({
  path: '/todos/:id',
  process(value): TodoJSON & { fetched: true } {
    return { ...(value as TodoJSON), fetched: true };
  },
});
const processedKept = getProcessed.extend({ dataExpiryLength: 7 });
const processedOverridden = getProcessed.extend({
  path: '/users/:userId/todos/:id',
  process(value: TodoJSON): { title: string } {
    return { title: value.title };
  },
});
// Not declared (or `any`): the schema decides, as before.
const processUndeclared = new RestEndpoint({
  path: '/todos/:id',
  schema: Todo,
  process(value, params) {
    void params.id;
    return value;
  },
});
const counted = new RestEndpoint({ path: '/todos', process: (value: unknown[]) => value.length });
export type ProcessResultCases = [
  Expect<Equal<Awaited<ReturnType<typeof getProcessed>>, TodoJSON & { fetched: true }>>,
  Expect<Equal<Awaited<ReturnType<typeof processedKept>>, TodoJSON & { fetched: true }>>,
  Expect<Equal<Awaited<ReturnType<typeof processedOverridden>>, { title: string }>>,
  Expect<Equal<Parameters<typeof processedOverridden>, [params: { userId: string | number; id: string | number }]>>,
  Expect<Equal<Awaited<ReturnType<typeof processUndeclared>>, Awaited<ReturnType<typeof Listed.get>>>>,
  Expect<Equal<Awaited<ReturnType<typeof counted>>, number>>,
];
// @ts-expect-error the declared type has no `other`
export const processedUnknownMember = async () => (await getProcessed({ id: 1 })).other;

// --- A body declared `any` stays `any` in the hooks (Data Client's `body: 0 as any`) ---------------------------
export const anyBody = new RestEndpoint({
  path: '/todos/:id',
  method: 'PUT',
  body: 0 as any,
  schema: Todo,
  getOptimisticResponse(_snap, params, body) {
    return { id: Number(params.id), title: String(body.title) };
  },
});
export type AnyBodyCases = [Expect<Equal<Parameters<typeof anyBody>[1], any>>];

// --- extend() keeps options it does not know as typed members (Data Client's `extend({ additional: 5 })`) ---
const withExtra = getProcessed.extend({ additional: 5 as const, label: 'todo' });
export type ExtraMemberCases = [
  Expect<Equal<typeof withExtra.additional, 5>>,
  Expect<Equal<typeof withExtra.label, string>>,
  Expect<Equal<Awaited<ReturnType<typeof withExtra>>, TodoJSON & { fetched: true }>>,
];
// @ts-expect-error an extend without extra options adds no members
export const noExtraMember = () => processedKept.additional;

// --- extend() on a subclass keeps the subclass's own members ------------------------------------------------
class TaggedEndpoint<O extends RestGenerics = RestGenerics> extends RestEndpoint<O> {
  readonly tag: string = 'tagged';
  describeTag(): string {
    return this.tag;
  }
}
const taggedBase = new TaggedEndpoint({ path: '/todos/:id', schema: Todo, method: 'PUT' });
const taggedMoved = taggedBase.extend({ path: '/users/:userId/todos/:id' });
export const taggedMembers = [taggedMoved.tag, taggedMoved.describeTag()];
export type SubclassExtendCases = [
  Expect<Equal<typeof taggedMoved.tag, string>>,
  Expect<Equal<Parameters<typeof taggedMoved>[0], { userId: string | number; id: string | number }>>,
];

// --- `update` (Data Client's updaters of other results; the updaters() feature) ----------------
const listForUpdate = new RestEndpoint({ path: '/todos', schema: [Todo] });
export const createWithUpdate = new RestEndpoint({
  path: '/todos',
  method: 'POST',
  schema: Todo,
  update: (newId: string) => ({ [listForUpdate.key()]: (ids: string[] = []) => [...ids, newId] }),
});
// Kept as a member, and through extend().
const extendedWithUpdate = createWithUpdate.extend({ dataExpiryLength: 5 });
export type UpdateCases = [
  Expect<Equal<typeof createWithUpdate.update, ResultUpdate | undefined>>,
  Expect<Equal<typeof extendedWithUpdate.update, ResultUpdate | undefined>>,
];
export const resourceCreateWithUpdate = createResource({ path: '/todos/:id', schema: Todo }).getList.push.extend({
  update: (newId: string) => ({ [listForUpdate.key()]: (ids: string[] = []) => [...ids, newId] }),
});
// An updater is a function of the stored result.
// @ts-expect-error an updater must be a function
new RestEndpoint({ path: '/todos', method: 'POST', schema: Todo, update: () => ({ [listForUpdate.key()]: ['1'] }) });

// `errorPolicy` may answer Data Client's `'hard'` (the same as `undefined`).
export const HardOn404 = new RestEndpoint({
  path: '/todos/:id',
  errorPolicy: (error) => (error.status === 404 ? 'hard' : error.status !== undefined && error.status >= 500 ? 'soft' : undefined),
});

// The snapshot's reads check their args against the endpoint's, as Data Client's.
export const Renamed = new RestEndpoint({
  path: '/todos/:id',
  method: 'PATCH',
  schema: Todo,
  body: {} as { title: string },
  getOptimisticResponse(snap, params, body) {
    const cached = snap.getResponse(TodoResource.get, { userId: 1, id: params.id }).data;
    // @ts-expect-error no such param
    snap.getResponse(TodoResource.get, { nope: 1 });
    // @ts-expect-error `get` needs its params
    snap.getError(TodoResource.get);
    return { ...cached, id: params.id, title: body.title };
  },
});
