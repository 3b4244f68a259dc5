// A real HTTP server on 127.0.0.1 for the store's integration tests: an
// in-memory todo database, a request log, and requests that can be held and
// released in a chosen order (a held request is processed when released, so
// the server applies writes in release order).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServerRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  /** The raw body text ('' when none). */
  readonly rawBody: string;
  /** The body parsed as JSON, or `undefined`. */
  readonly body: any;
  /** Path params of the matched route. */
  params: Record<string, string>;
}

export interface Reply {
  status?: number;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is (with `contentType`). */
  text?: string;
  contentType?: string;
  /** More response headers. */
  headers?: Record<string, string>;
}

export type Handler = (request: ServerRequest) => Reply | Promise<Reply>;

export interface HeldRequest {
  readonly request: ServerRequest;
  /** Processes the request now and sends its response; resolves once it is written. */
  release(): Promise<void>;
  /** Answers with `reply` instead of running the handler (e.g. a 500 for this one request). */
  releaseWith(reply: Reply): Promise<void>;
}

export interface TodoRow {
  id: number;
  title: string;
  completed: boolean;
  userId: number;
  updatedAt: number;
  [extra: string]: unknown;
}

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: string[];
  readonly handler: Handler;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

export class StoreServer {
  url = '';
  /** Every request, in arrival order. */
  readonly requests: ServerRequest[] = [];
  /** Requests waiting for `release()`, in arrival order (released ones are removed). */
  readonly held: HeldRequest[] = [];
  /** The todo table of the default routes. */
  readonly todos = new Map<number, TodoRow>();
  /** When true, PATCH/PUT apply a write only if its `updatedAt` is not older than the stored one (seed recipe). */
  orderByUpdatedAt = false;
  private nextId = 1000;
  private routes: Route[] = [];
  private holding: ((request: ServerRequest) => boolean) | undefined;
  private processOnArrival = false;
  private server: Server | undefined;
  private waiters: (() => void)[] = [];

  /** Adds a route; later routes win over earlier ones (and over the default todo routes). */
  route(method: string, path: string, handler: Handler): this {
    const { pattern, names } = compile(path);
    this.routes.unshift({ method: method.toUpperCase(), pattern, names, handler });
    return this;
  }

  /**
   * Holds every request the predicate accepts (all, by default) until released; `false` stops holding new ones.
   * `process: 'onRelease'` (default) runs the handler when released (the server applies writes in release order);
   * `'onArrival'` runs it at once and only delays the response (the network reorders the answers).
   */
  hold(predicate: ((request: ServerRequest) => boolean) | boolean = true, process: 'onRelease' | 'onArrival' = 'onRelease'): void {
    this.holding = predicate === true ? () => true : predicate === false ? undefined : predicate;
    this.processOnArrival = process === 'onArrival';
  }

  /** Releases every held request, in arrival order. */
  async releaseAll(): Promise<void> {
    while (this.held.length > 0) await this.held[0].release();
  }

  /** Resolves once `n` requests are held (fails after `timeout` ms). */
  waitForHeld(n: number, timeout = 2000): Promise<void> {
    return this.waitFor(() => this.held.length >= n, `${n} held requests (have ${this.held.length})`, timeout);
  }

  /** Resolves once `n` requests have arrived (fails after `timeout` ms). */
  waitForRequests(n: number, timeout = 2000): Promise<void> {
    return this.waitFor(() => this.requests.length >= n, `${n} requests (have ${this.requests.length})`, timeout);
  }

  /** How many requests arrived, optionally of one method and path. */
  count(method?: string, path?: string): number {
    return this.requests.filter(
      (request) => (method === undefined || request.method === method) && (path === undefined || request.path === path),
    ).length;
  }

  seedTodos(rows: Partial<TodoRow>[]): void {
    for (const row of rows) {
      const todo: TodoRow = { id: 0, title: '', completed: false, userId: 0, updatedAt: 0, ...row } as TodoRow;
      this.todos.set(todo.id, todo);
    }
  }

  async start(): Promise<this> {
    this.installTodoRoutes();
    this.server = createServer((req, res) => void this.handle(req, res));
    // As in server.ts: only the client closes idle connections, so none is closed under a request (ECONNRESET).
    this.server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    // Answer anything still held so no socket stays open.
    const held = this.held.splice(0);
    await Promise.all(held.map((h) => h.release().catch(() => undefined)));
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private waitFor(done: () => boolean, what: string, timeout: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out after ${timeout} ms waiting for ${what}`));
      }, timeout);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve();
      };
      this.waiters.push(check);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = rawBody === '' ? undefined : JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: ServerRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      rawBody,
      body,
      params: {},
    };
    this.requests.push(request);
    const compute = async (): Promise<Reply> => {
      try {
        return await this.dispatch(request);
      } catch (error) {
        return { status: 500, json: { message: String(error) } };
      }
    };
    let early: Promise<Reply> | undefined;
    const respond = async (override?: Reply) => {
      const reply = override ?? (await (early ?? compute()));
      await new Promise<void>((resolve) => {
        // An aborted request (the client went away) never finishes: closing counts too.
        if (res.destroyed || res.writableEnded) return resolve();
        res.once('close', () => resolve());
        const status = reply.status ?? 200;
        if (reply.json !== undefined) {
          res.writeHead(status, { ...reply.headers, 'Content-Type': 'application/json' });
          res.end(JSON.stringify(reply.json), () => resolve());
        } else {
          res.writeHead(status, { ...reply.headers, ...(reply.contentType ? { 'Content-Type': reply.contentType } : {}) });
          res.end(reply.text ?? '', () => resolve());
        }
      });
    };
    if (this.holding?.(request)) {
      if (this.processOnArrival) early = compute();
      let released = false;
      const release = async (override?: Reply) => {
        if (released) return;
        released = true;
        const index = this.held.indexOf(held);
        if (index !== -1) this.held.splice(index, 1);
        await respond(override);
      };
      const held: HeldRequest = { request, release: () => release(), releaseWith: (reply) => release(reply) };
      this.held.push(held);
      this.notify();
      return;
    }
    this.notify();
    await respond();
  }

  private async dispatch(request: ServerRequest): Promise<Reply> {
    for (const route of this.routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(request.path);
      if (match === null) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1])));
      request.params = params;
      return route.handler(request);
    }
    return { status: 404, json: { message: `no route for ${request.method} ${request.path}` } };
  }

  private installTodoRoutes(): void {
    const notFound = (id: string): Reply => ({ status: 404, json: { message: `todo ${id} not found` } });
    const write = (request: ServerRequest, replace: boolean): Reply => {
      const id = Number(request.params.id);
      const stored = this.todos.get(id);
      if (stored === undefined) return notFound(request.params.id);
      const incoming = (request.body ?? {}) as Partial<TodoRow>;
      if (this.orderByUpdatedAt && typeof incoming.updatedAt === 'number' && incoming.updatedAt < stored.updatedAt) {
        return { json: stored }; // an older write arriving late is not applied
      }
      const base = replace ? { id, title: '', completed: false, userId: 0, updatedAt: 0 } : stored;
      const next = { ...base, ...incoming, id } as TodoRow;
      this.todos.set(id, next);
      return { json: next };
    };
    this.route('GET', '/todos', (request) => {
      let list = [...this.todos.values()];
      const userId = request.query.get('userId');
      if (userId !== null) list = list.filter((todo) => String(todo.userId) === userId);
      return { json: list };
    });
    this.route('GET', '/todos/:id', (request) => {
      const todo = this.todos.get(Number(request.params.id));
      return todo === undefined ? notFound(request.params.id) : { json: todo };
    });
    this.route('POST', '/todos', (request) => {
      const { id: _tempId, ...fields } = (request.body ?? {}) as Partial<TodoRow>;
      const todo = { title: '', completed: false, userId: 0, updatedAt: 0, ...fields, id: this.nextId++ } as TodoRow;
      this.todos.set(todo.id, todo);
      return { status: 201, json: todo };
    });
    this.route('PUT', '/todos/:id', (request) => write(request, true));
    this.route('PATCH', '/todos/:id', (request) => write(request, false));
    this.route('DELETE', '/todos/:id', (request) => {
      const id = Number(request.params.id);
      if (!this.todos.delete(id)) return notFound(request.params.id);
      return { status: 204 };
    });
  }
}

/** Starts a server (call `close()` in `afterEach`). */
export function startStoreServer(): Promise<StoreServer> {
  return new StoreServer().start();
}

/** A promise with its resolve/reject outside. */
/**
 * A store server for each test of the file (or `describe` block) that calls this: started and seeded
 * with `todos` before each test, closed after it. The handle reads through to the current test's
 * server, so a test uses it as the server itself (`server.url`, `server.seedTodos`, ...).
 */
export function storeServerForEachTest(todos?: Partial<TodoRow>[]): StoreServer {
  let current: StoreServer | undefined;
  beforeEach(async () => {
    current = await startStoreServer();
    if (todos !== undefined) current.seedTodos(todos);
  });
  afterEach(() => current?.close());
  return new Proxy({} as StoreServer, {
    get(_target, member) {
      if (current === undefined) throw new Error(`[test] the store server is only there during a test (read \`${String(member)}\` outside one)`);
      const value: unknown = Reflect.get(current, member, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
