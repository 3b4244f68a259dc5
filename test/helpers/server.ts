/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) for tests: routes with
 * `:param` patterns or RegExps, handlers that may hold a response until a
 * test releases it, and a log of every request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a handler answers. `json` is serialized with `Content-Type: application/json`. Default status: 200. */
export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** One request as the server saw it. `body` is parsed JSON when the request was JSON, else the raw text (or `undefined` when empty). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A request passed to a handler, with the path params of its route. */
export interface HandlerRequest extends RecordedRequest {
  params: Record<string, string>;
  query: URLSearchParams;
}

export type Handler = (request: HandlerRequest) => Reply | Promise<Reply>;

export interface TestServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request received since start or the last `reset()`, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Adds a route; a later route for the same request wins. `pattern` matches the path without the query. */
  route(method: string, pattern: string | RegExp, handler: Handler): void;
  /** Forgets routes and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** A promise with its `resolve` and `reject` exposed. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** Creates a {@link Deferred}, e.g. to hold a response until the test releases it. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Route {
  method: string;
  match: (path: string) => Record<string, string> | undefined;
  handler: Handler;
}

function compilePattern(pattern: string | RegExp): Route['match'] {
  if (pattern instanceof RegExp) {
    return (path) => {
      const found = pattern.exec(path);
      return found ? { ...found.groups } : undefined;
    };
  }
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const regexp = new RegExp(`^${source}$`);
  return (path) => {
    const found = regexp.exec(path);
    if (!found) return undefined;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload = '';
  if (reply.json !== undefined) {
    payload = JSON.stringify(reply.json);
    headers['Content-Type'] ??= 'application/json';
  } else if (reply.text !== undefined) {
    payload = reply.text;
    headers['Content-Type'] ??= 'text/plain';
  }
  res.writeHead(reply.status ?? 200, headers);
  res.end(payload);
}

/** Starts a {@link TestServer} on 127.0.0.1 with an ephemeral port. */
export async function startServer(): Promise<TestServer> {
  let routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const isJson = String(req.headers['content-type'] ?? '').includes('json');
    let body: unknown = text === '' ? undefined : text;
    if (isJson && text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text: the test asserts on it
      }
    }
    const url = req.url ?? '/';
    const recorded: RecordedRequest = { method: req.method ?? 'GET', url, headers: { ...req.headers }, body };
    requests.push(recorded);
    const parsed = new URL(url, 'http://127.0.0.1');
    for (let i = routes.length - 1; i >= 0; i--) {
      const route = routes[i];
      if (route.method !== recorded.method) continue;
      const params = route.match(parsed.pathname);
      if (params === undefined) continue;
      try {
        send(res, await route.handler({ ...recorded, params, query: parsed.searchParams }));
      } catch (error) {
        send(res, { status: 500, text: `handler failed: ${(error as Error).message}` });
      }
      return;
    }
    send(res, { status: 404, json: { error: `no route for ${recorded.method} ${parsed.pathname}` } });
  });
  // The client (fetch) alone closes idle connections: a server closing one after its keep-alive timeout, as a
  // loaded machine lets a test sit idle that long, races the next request on it (ECONNRESET). `close()` ends them all.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(method, pattern, handler) {
      routes.push({ method: method.toUpperCase(), match: compilePattern(pattern), handler });
    },
    reset() {
      routes = [];
      requests.length = 0;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
