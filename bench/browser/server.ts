// The browser benchmark's HTTP server (node:http on 127.0.0.1, a free port): the app pages, their
// bundles, and a JSON API of todos answered from memory. Reads answer at once; writes after a fixed
// WRITE_LATENCY_MS, so a measured click never races its own response, and can be held until released
// (the "100 pending optimistic updates" scenario).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Write responses wait this long: long enough to answer after the optimistic render, short enough not to slow the run. */
const WRITE_LATENCY_MS = 5;
const OWNERS = 50;

/** One todo as the API sends it: the owner nested, so the normalized libraries store two tables. */
export interface TodoJson {
  id: number;
  title: string;
  completed: boolean;
  owner: { id: number; name: string };
}

/** The title the API gives row `id` when the list is seeded. */
export function seededTitle(id: number): string {
  return `Todo ${id}`;
}

function seed(count: number): Map<number, TodoJson> {
  const rows = new Map<number, TodoJson>();
  for (let id = 1; id <= count; id++) {
    const owner = (id % OWNERS) + 1;
    rows.set(id, { id, title: seededTitle(id), completed: id % 3 === 0, owner: { id: owner, name: `User ${owner}` } });
  }
  return rows;
}

/** A running benchmark server. */
export interface BenchServer {
  /** e.g. `http://127.0.0.1:40123` */
  url: string;
  /** Replaces the API's rows with `count` fresh ones (ids 1..count); releases held writes. */
  reset(count: number): void;
  /** While on, write responses wait for `hold(false)`. */
  hold(on: boolean): void;
  close(): Promise<void>;
}

/** Static files the server sends: path → [content type, body]. */
export type StaticFiles = Record<string, [string, string]>;

function readBody(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(text === '' ? {} : JSON.parse(text));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.on('error', reject);
  });
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startBenchServer(files: StaticFiles): Promise<BenchServer> {
  let rows = seed(0);
  let holding = false;
  let held: (() => void)[] = [];
  const releaseAll = () => {
    const waiting = held;
    held = [];
    for (const release of waiting) release();
  };
  // A write's answer: after the fixed latency, and after the hold is lifted.
  const writeDelay = () =>
    new Promise<void>((resolve) => {
      const go = () => setTimeout(resolve, WRITE_LATENCY_MS);
      if (holding) held.push(go);
      else go();
    });

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(text);
  };

  async function api(request: http.IncomingMessage, response: http.ServerResponse, pathname: string): Promise<void> {
    const method = request.method ?? 'GET';
    if (pathname === '/api/todos' && method === 'GET') return send(response, 200, [...rows.values()]);
    if (pathname === '/api/todos' && method === 'POST') {
      const body = (await readBody(request)) as Partial<TodoJson>;
      await writeDelay();
      if (typeof body.id !== 'number') return send(response, 400, { message: 'a created todo needs a numeric id' });
      const row: TodoJson = { id: body.id, title: body.title ?? '', completed: body.completed ?? false, owner: { id: 1, name: 'User 1' } };
      rows.set(row.id, row);
      return send(response, 201, row);
    }
    const match = /^\/api\/todos\/(\d+)$/.exec(pathname);
    if (match) {
      const id = Number(match[1]);
      const row = rows.get(id);
      if (method === 'GET') return row ? send(response, 200, row) : send(response, 404, { message: `no todo ${id}` });
      if (method === 'PATCH' || method === 'PUT') {
        const body = (await readBody(request)) as Partial<TodoJson>;
        await writeDelay();
        const current = rows.get(id);
        if (!current) return send(response, 404, { message: `no todo ${id}` });
        const next = { ...current, ...(body.title === undefined ? {} : { title: body.title }) };
        rows.set(id, next);
        return send(response, 200, next);
      }
      if (method === 'DELETE') {
        await writeDelay();
        rows.delete(id);
        return send(response, 200, { id });
      }
    }
    send(response, 404, { message: `no route ${method} ${pathname}` });
  }

  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname.startsWith('/api/')) {
      api(request, response, pathname).catch((error: unknown) => send(response, 500, { message: String(error) }));
      return;
    }
    const file = files[pathname];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end(`no file ${pathname}`);
      return;
    }
    response.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' });
    response.end(file[1]);
  });
  // Connections stay open between requests; close() ends them.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reset(count) {
      releaseAll();
      holding = false;
      rows = seed(count);
    },
    hold(on) {
      holding = on;
      if (!on) releaseAll();
    },
    close() {
      releaseAll();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
