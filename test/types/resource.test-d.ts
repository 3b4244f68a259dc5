// Type tests for resources written the Data Client way: the generic names
// (`ResourceGenerics`, `ResourceOptions`, `Resource<O>`, `GetEndpoint`, ...),
// custom resource factories, and the calls Data Client's types reject.
// Checked by `tsc --noEmit` (never run by jest).
import {
  createResource,
  Entity,
  RestEndpoint,
  schema,
  type GetEndpoint,
  type MutateEndpoint,
  type PaginationFieldEndpoint,
  type Resource,
  type ResourceGenerics,
  type ResourceOptions,
  type RestGenerics,
  type ShortenPath,
} from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Article extends Entity {
  id = 0;
  title = '';
  tags: string[] = [];
  pk() {
    return String(this.id);
  }
  static override key = 'Article';
}

// --- a base endpoint class every resource of an API shares -------------------
class SessionEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override urlPrefix = 'https://api.example.com';
  override async getRequestInit(body?: unknown): Promise<RequestInit> {
    return { ...(await super.getRequestInit(body)), credentials: 'include' };
  }
}

// --- factory 1: defaults plus a paged list shape, typed as Resource<O> -------
/** Lists of this API answer `{ items, total }`. */
function apiResource<O extends ResourceGenerics = any>({ schema: item, Endpoint = SessionEndpoint, ...rest }: Readonly<O> & ResourceOptions) {
  return createResource({ Endpoint, schema: item, ...rest }).extend({
    getList: { schema: { items: new schema.Collection([item]), total: 0 } },
  });
}
const Articles = apiResource({ path: '/articles/:id', schema: Article });
void Articles.get({ id: 1 });
void Articles.getList();

// --- factory 2: options passed through, the result declared as Resource<O> ---
function cachedResource<O extends ResourceGenerics = any>(options: Readonly<O> & ResourceOptions): Resource<O> {
  return createResource({ ...options, dataExpiryLength: 60 * 60 * 1000 } as O).extend({
    partialUpdate: {
      process(response: any, ...args: any[]) {
        return { ...response, id: args[0]?.id };
      },
    },
  }) as any;
}
const Cached = cachedResource({ path: '/articles/:id', schema: Article, body: {} as { title: string } });
export type CachedCases = [
  Expect<Equal<Parameters<typeof Cached.get>, [params: { id: string | number }]>>,
  Expect<Equal<Parameters<typeof Cached.update>, [params: { id: string | number }, body: { title: string }]>>,
];

// --- factory 3: an interface that replaces getList's type --------------------
interface PagedResource<O extends ResourceGenerics = { path: string; schema: any; paginationField: 'page' }>
  extends Omit<Resource<O>, 'getList'> {
  getList: GetEndpoint<
    Omit<O, 'schema' | 'path'> & {
      readonly path: ShortenPath<O['path']>;
      readonly schema: { results: schema.Collection<O['schema'][]>; next: string };
      readonly paginationField: 'page';
    }
  >;
}
function pagedResource<O extends ResourceGenerics>(options: Readonly<O> & ResourceOptions): PagedResource<O> {
  const base = createResource({ Endpoint: SessionEndpoint, paginationField: 'page', ...options });
  return base.extend({
    getList: { schema: { results: base.getList.schema as schema.Collection<O['schema'][]>, next: '' } },
  }) as any;
}
const Paged = pagedResource({ path: '/users/:userId/articles/:id', schema: Article });
void Paged.getList({ userId: 1 });
void Paged.get({ userId: 1, id: 2 });
export type PagedCases = [
  Expect<Equal<(typeof Paged.getList)['path'], '/users/:userId/articles'>>,
];

// --- the generic names themselves -------------------------------------------
declare const getArticle: GetEndpoint<{ path: '/articles/:id'; schema: typeof Article }>;
declare const saveArticle: MutateEndpoint<{ path: '/articles/:id'; schema: typeof Article; body: { title: string } }>;
declare const morePages: PaginationFieldEndpoint<typeof Resources.getList, 'cursor'>;
void getArticle({ id: 1 });
void saveArticle({ id: 1 }, { title: 'x' });
void morePages({ cursor: 'abc' });
// @ts-expect-error GetEndpoint takes its path params
void getArticle({});
// @ts-expect-error MutateEndpoint needs its body
void saveArticle({ id: 1 });

// --- calls Data Client's types reject are rejected here too -------------------
const Resources = createResource({
  path: '/articles/:id',
  schema: Article,
  searchParams: {} as { author?: string },
  paginationField: 'page',
});
void Resources.get({ id: 1 });
void Resources.getList({ author: 'me' });
void Resources.getList.push({ title: 'new' });
void Resources.create({ title: 'new' });
void Resources.update({ id: 1 }, { title: 'x' });
void Resources.partialUpdate({ id: 1 }, { tags: ['a'] });
void Resources.delete({ id: 1 });
void Resources.getList.getPage({ page: 2 });

// @ts-expect-error get: missing params
void Resources.get();
// @ts-expect-error get: wrong param name
void Resources.get({ articleId: 1 });
// @ts-expect-error getList: wrong search param type
void Resources.getList({ author: 5 });
// @ts-expect-error getList.push: missing body
void Resources.getList.push();
// @ts-expect-error getList.push: wrong body type
void Resources.getList.push({ title: 5 });
// @ts-expect-error create: wrong body type
void Resources.create({ tags: 'a' });
// @ts-expect-error update: missing body
void Resources.update({ id: 1 });
// @ts-expect-error update: wrong body type
void Resources.update({ id: 1 }, { title: false });
// @ts-expect-error partialUpdate: wrong body type
void Resources.partialUpdate({ id: 1 }, { tags: 'a' });
// @ts-expect-error partialUpdate: missing params
void Resources.partialUpdate({ title: 'x' });
// @ts-expect-error delete: missing params
void Resources.delete();
// @ts-expect-error delete: wrong param name
void Resources.delete({ articleId: 1 });
// @ts-expect-error getPage: missing the page field
void Resources.getList.getPage({});

// extend
const Extended = Resources.extend({ update: { body: {} as { title: string } } }).extend('publish', {
  path: '/articles/:id/publish',
  method: 'POST',
  body: {} as { at: number },
});
void Extended.update({ id: 1 }, { title: 'x' });
void Extended.publish({ id: 1 }, { at: 1 });
// @ts-expect-error extend: the overridden body type is checked
void Extended.update({ id: 1 }, { tags: [] });
// @ts-expect-error extend: an added member's body is checked
void Extended.publish({ id: 1 }, { at: 'now' });
// @ts-expect-error extend: an added member's path params are checked
void Extended.publish({}, { at: 1 });
// @ts-expect-error extend: only members the resource has can be overridden in the batch form
Resources.extend({ missing: { path: '/x/:id' } });
// @ts-expect-error extend: option values are typed
Resources.extend({ get: { dataExpiryLength: 'long' } });

// extend(name, options): the hooks read the params of the member being made.
const Hooked = Resources.extend('getList', {
  path: '/boards/:board/articles',
  searchParams: {} as { tag?: string },
  getOptimisticResponse(_snap, params) {
    const board: string | number = params.board;
    const tag: string | undefined = params.tag;
    // @ts-expect-error extend(name): the list's params have no `nothere`
    void params.nothere;
    return [{ id: 1, title: String(board) + (tag ?? '') }];
  },
}).extend('archive', {
  path: '/archive/:id',
  method: 'POST',
  body: undefined,
  getOptimisticResponse(_snap, params) {
    // @ts-expect-error extend(name): a new member's params are its own path's (no `board` here)
    void params.board;
    return { id: Number(params.id) };
  },
});
// The batch form types them the same way, member by member.
const Batched = Resources.extend({
  getList: {
    path: '/boards/:board/articles',
    getOptimisticResponse(_snap, params) {
      // @ts-expect-error extend(batch): the list's params have no `nothere`
      void params.nothere;
      return [{ id: 1, title: String(params.board) }];
    },
  },
  partialUpdate: {
    getOptimisticResponse(_snap, params, body) {
      // @ts-expect-error extend(batch): partialUpdate's params are its path's
      void params.nothere;
      return { id: Number(params.id), ...body };
    },
  },
  get: { dataExpiryLength: 10 },
});
void Batched.getList({ board: 2 });
void Batched.partialUpdate({ id: 1 }, { title: 'x' });
// Members given no typed option keep their exact types.
export type BatchCases = [Expect<Equal<typeof Batched.get, typeof Resources.get>>, Expect<Equal<typeof Batched.update, typeof Resources.update>>];
// @ts-expect-error extend(batch): the new list path needs `board`
void Batched.getList({});
void Hooked.getList({ board: 1, tag: 'a' });
void Hooked.archive({ id: 1 });
// @ts-expect-error extend(name): the new member takes no body
void Hooked.archive({ id: 1 }, {});

// A FormData body is accepted where the item's fields are, as in Data Client.
{
  class FormTodo extends Entity {
    id = 0;
    title = '';
    pk() {
      return String(this.id);
    }
    static key = 'FormTodo';
  }
  const FormTodos = createResource({ path: '/form-todos/:id', schema: FormTodo });
  const form = new FormData();
  void FormTodos.update({ id: 1 }, form);
  void FormTodos.partialUpdate({ id: 1 }, form);
  void FormTodos.getList.push(form);
  // @ts-expect-error a field of the wrong type is still rejected
  void FormTodos.partialUpdate({ id: 1 }, { title: 5 });
}

// Data Client's todo-app declares its search params `| undefined`: that only says they may be left out.
{
  class AppTodo extends Entity {
    id = 0;
    userId = 0;
    title = '';
    pk() {
      return String(this.id);
    }
    static key = 'AppTodo';
  }
  const AppTodoResource = createResource({
    urlPrefix: 'https://jsonplaceholder.typicode.com',
    path: '/todos/:id',
    searchParams: {} as { userId?: string | number } | undefined,
    schema: AppTodo,
    optimistic: true,
  });
  void AppTodoResource.getList();
  void AppTodoResource.getList({ userId: 1 });
  void AppTodoResource.getList({ userId: '1' });
  // @ts-expect-error a search param of the wrong type
  void AppTodoResource.getList({ userId: true });
  // @ts-expect-error a search param it does not declare
  void AppTodoResource.getList({ bogus: 1 });
  void AppTodoResource.getList.push({ title: 'x' });
  void AppTodoResource.getList.push({ userId: 1 }, { title: 'x' });
}
