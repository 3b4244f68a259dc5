// Endpoint options Data Client users write, against the real server:
// `requestInit` (the init every request starts from), `url` and `key`
// overrides by `extend`, the app's own `extra`, and a custom resource
// factory that subclasses the Endpoint class it is given.
import { Entity, RestEndpoint, createResource, schema, type ResourceOptions, type RestGenerics } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
beforeEach(() => {
  server.route('POST', /.*/, (req) => ({ json: { id: 1, ...(req.body as object) } }));
  server.route('GET', /.*/, (req) => ({ json: { id: Number(req.url.split('/').pop()?.split('?')[0]) || 1, title: req.url } }));
  server.route('GET', '/article-cooler', (req) => ({ json: [{ id: 1, title: req.url }] }));
});
afterEach(() => server.reset());
afterAll(() => server.close());

class Article extends Entity {
  id = 0;
  title = '';
  pk() {
    return this.id;
  }
  static override key = 'Article';
}

describe('requestInit', () => {
  it('is the init every request starts from: its headers arrive, beside the JSON content type', async () => {
    const post = new RestEndpoint({
      urlPrefix: server.url,
      path: '/articles',
      method: 'POST',
      body: {} as { title: string },
      requestInit: { headers: { 'X-Api-Version': '2' }, credentials: 'include' },
    });
    await expect(post({ title: 'hello' })).resolves.toEqual({ id: 1, title: 'hello' });
    const [request] = server.requests;
    expect(request.headers['x-api-version']).toBe('2');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({ title: 'hello' });
  });

  it('the endpoint’s method and the call’s body win over it; its content type wins over the default, once', async () => {
    const post = new RestEndpoint({
      urlPrefix: server.url,
      path: '/articles',
      method: 'POST',
      body: {} as { title: string },
      requestInit: { method: 'PUT', body: 'ignored', headers: [['content-type', 'application/json; charset=utf-8']] },
    });
    await post({ title: 'mine' });
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request.body).toEqual({ title: 'mine' });
  });

  it('getHeaders sees its headers (a Headers object too), and getRequestInit shows them', async () => {
    const seen: Record<string, string>[] = [];
    const get = new RestEndpoint({
      urlPrefix: server.url,
      path: '/articles/:id',
      requestInit: { headers: new Headers({ 'X-Tenant': 'acme' }), cache: 'no-store' },
      getHeaders(headers: Record<string, string>) {
        seen.push(headers);
        return { ...headers, Authorization: 'Bearer t' };
      },
    });
    await expect(get.getRequestInit()).resolves.toEqual({
      method: 'GET',
      cache: 'no-store',
      headers: { 'x-tenant': 'acme', Authorization: 'Bearer t' },
    });
    await get({ id: 3 });
    expect(seen[1]).toEqual({ 'x-tenant': 'acme' });
    expect(server.requests[0].headers['x-tenant']).toBe('acme');
    expect(server.requests[0].headers.authorization).toBe('Bearer t');
  });
});

describe('a requestInit that is not an object', () => {
  it('is an error naming the endpoint, and no request is sent', async () => {
    const post = new RestEndpoint({
      urlPrefix: server.url,
      path: '/articles',
      method: 'POST',
      requestInit: 'include' as unknown as RequestInit,
    });
    await expect(post({ title: 'x' })).rejects.toThrow(
      new TypeError(`[rest-slice] \`POST ${server.url}/articles\`'s \`requestInit\` must be an object of fetch init options (\`credentials\`, \`headers\`, ...), got a string`),
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('requestInit given to createResource', () => {
  it('reaches every member', async () => {
    const resource = createResource({ urlPrefix: server.url, path: '/articles/:id', schema: Article, requestInit: { headers: { 'X-Client': 'web' } } });
    await resource.get({ id: 1 });
    await resource.getList.push({ title: 'x' });
    expect(server.requests.map((request) => [request.method, request.headers['x-client']])).toEqual([
      ['GET', 'web'],
      ['POST', 'web'],
    ]);
  });
});

describe('url, key and extra given to extend', () => {
  const ArticleResource = createResource({ urlPrefix: 'https://api.example.com', path: '/articles/:id', schema: Article });

  it('url replaces how the URL is built; the request key follows it, and the request goes there', async () => {
    const resource = createResource({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const other = resource.get.extend({ url: (params: { id: number }) => `${server.url}/mirror/${params.id}` });
    expect(other.url({ id: 5 })).toBe(`${server.url}/mirror/5`);
    expect(other.key({ id: 5 })).toBe(`GET ${server.url}/mirror/5`);
    await expect(other({ id: 5 })).resolves.toEqual({ id: 5, title: '/mirror/5' });
    expect(server.requests.map((request) => request.url)).toEqual(['/mirror/5']);
  });

  it('key replaces the request key; extra is carried as given', () => {
    const keyed = ArticleResource.get.extend({ key: (params: { id: number }) => `article ${params.id}`, extra: { eventType: 'x' } });
    expect(keyed.key({ id: 7 })).toBe('article 7');
    expect(keyed.extra).toEqual({ eventType: 'x' });
    expect(ArticleResource.get.extra).toBeUndefined();
  });

  it('an option extend does not know is carried as a member, through later extends too', async () => {
    const tagged = ArticleResource.get.extend({ urlPrefix: server.url, additional: 5 });
    expect(tagged.additional).toBe(5);
    expect(tagged.extend({ dataExpiryLength: 10 }).additional).toBe(5);
    await expect(tagged({ id: 3 })).resolves.toEqual({ id: 3, title: '/articles/3' });
  });
});

describe('a custom resource factory, as Data Client’s own fixtures write one', () => {
  class ArticleEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {}

  function createArticleResource({ Endpoint = ArticleEndpoint, urlRoot, ...options }: ResourceOptions & { urlRoot: string }) {
    class EndpointUrlRootOverride<O extends RestGenerics = any> extends Endpoint<O> {
      override urlPrefix = `${server.url}/${urlRoot}`;
    }
    return createResource({ path: '/:id', schema: Article, Endpoint: EndpointUrlRootOverride, ...options });
  }

  it('subclasses the Endpoint class it is given; every member is built with the subclass', async () => {
    const resource = createArticleResource({ urlRoot: 'article' });
    expect(resource.get).toBeInstanceOf(ArticleEndpoint);
    await expect(resource.get({ id: 4 })).resolves.toEqual({ id: 4, title: '/article/4' });
    // A process with fewer parameters than the call has, on an adder that takes (body) or (params, body).
    const create = resource.getList.push.extend({ process: (value: { id: number; title: string }) => ({ ...value, title: value.title.toUpperCase() }) });
    await expect(create({ title: 'new' })).resolves.toEqual({ id: 1, title: 'NEW' });
  });

  it('the list of the one-param path is the urlPrefix itself, with no slash added (as Data Client)', async () => {
    const resource = createArticleResource({ urlRoot: 'article-cooler' });
    expect(resource.getList.path).toBe('/');
    expect(resource.getList.url()).toBe(`${server.url}/article-cooler`);
    expect(resource.getList.url({ page: 2 })).toBe(`${server.url}/article-cooler?page=2`);
    expect(resource.getList.key({ page: 2 })).toBe(`GET ${server.url}/article-cooler?page=2`);
    expect(resource.getList.testKey(resource.getList.key({ page: 2 }))).toBe(true);
    expect(resource.getList.testKey(resource.getList.key())).toBe(true);
    expect(resource.get.url({ id: 3 })).toBe(`${server.url}/article-cooler/3`);
    expect(resource.get.testKey(resource.getList.key())).toBe(false);
    // The server sees the prefix's own path, for the list and for its push.
    await expect(resource.getList({ page: 2 })).resolves.toEqual([{ id: 1, title: '/article-cooler?page=2' }]);
    await resource.getList.push({ title: 'new' });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /article-cooler?page=2', 'POST /article-cooler']);
  });

  it('a path written from the list path (`${getList.path}/values`) is the list URL and `/values`', async () => {
    const resource = createArticleResource({ urlRoot: 'article-cooler' });
    const values = resource.get.extend({ path: `${resource.getList.path}/values`, schema: new schema.Values(Article) });
    expect(values.path).toBe('//values');
    expect(values.url()).toBe(`${server.url}/article-cooler/values`);
    expect(values.testKey(values.key())).toBe(true);
    expect(resource.getList.testKey(values.key())).toBe(false);
    server.route('GET', '/article-cooler/values', () => ({ json: { a: { id: 1, title: 'one' } } }));
    await expect(values()).resolves.toEqual({ a: { id: 1, title: 'one' } });
    expect(server.requests.map((request) => request.url)).toEqual(['/article-cooler/values']);
  });
});

describe('searchToString', () => {
  it('writes the query in the server’s own format; the URL, the key and the request follow it', async () => {
    server.route('GET', '/todos', (req) => ({ json: [{ id: 1, title: req.url }] }));
    const list = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos',
      schema: [Article],
      searchToString(searchParams) {
        return Object.entries(searchParams)
          .flatMap(([name, value]) => (Array.isArray(value) ? value.map((item) => `${name}[]=${String(item)}`) : [`${name}=${String(value)}`]))
          .join('&');
      },
    });
    expect(list.url({ ids: [1, 2], skip: undefined, q: null })).toBe(`${server.url}/todos?ids[]=1&ids[]=2`);
    expect(list.key({ ids: [1, 2] })).toBe(`GET ${server.url}/todos?ids[]=1&ids[]=2`);
    expect(list.url({})).toBe(`${server.url}/todos`);
    // A param named `__proto__` is a member like any other (JSON.parse makes such an own key).
    expect(list.url(JSON.parse('{"__proto__": "x"}') as Record<string, unknown>)).toBe(`${server.url}/todos?__proto__=x`);
    await expect(list({ ids: [1, 2] })).resolves.toEqual([{ id: 1, title: '/todos?ids[]=1&ids[]=2' }]);
    expect(server.requests.map((request) => request.url)).toEqual(['/todos?ids[]=1&ids[]=2']);
  });

  it('returning anything but a string is an error naming the endpoint; nothing is sent', async () => {
    const broken = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos',
      name: 'brokenSearch',
      searchToString: (() => undefined) as unknown as () => string,
    });
    expect(() => broken.url({ q: 'a' })).toThrow(
      `[rest-slice] \`searchToString\` of \`brokenSearch\` (GET ${server.url}/todos) must return the query string, got undefined.`,
    );
    await expect(broken({ q: 'a' })).rejects.toThrow(/must return the query string/);
    // Without search params it is not called.
    expect(broken.url({})).toBe(`${server.url}/todos`);
    expect(server.requests).toEqual([]);
  });

  it('is a method a subclass overrides, calling the default with more params; path params never reach it', () => {
    const seen: object[] = [];
    class Versioned<O extends RestGenerics = any> extends RestEndpoint<O> {
      override searchToString(searchParams: Readonly<Record<string, unknown>>): string {
        seen.push(searchParams);
        return super.searchToString({ ...searchParams, v: 2 });
      }
    }
    const get = new Versioned({ urlPrefix: server.url, path: '/users/:userId/todos', schema: [Article], searchParams: {} as { a?: number; b?: string; q?: string } });
    expect(get.url({ userId: 7, b: 'x', a: 1 })).toBe(`${server.url}/users/7/todos?a=1&b=x&v=2`);
    expect(seen).toEqual([{ b: 'x', a: 1 }]);
    // Kept by extend; the default sorts and encodes as before.
    expect(get.extend({ path: '/todos' }).url({ q: 'a b' })).toBe(`${server.url}/todos?q=a+b&v=2`);
    expect(new RestEndpoint({ urlPrefix: server.url, path: '/todos' }).url({ q: 'a b', a: [2, 1] })).toBe(`${server.url}/todos?a=2&a=1&q=a+b`);
  });
});
