// A real HTTP server on 127.0.0.1 for the property tests: an in-memory item
// table (id, title, count), every request held until the test releases it, and
// faults a real network or server produces: 500 with JSON or HTML, a 200 whose
// body is not JSON, a connection closed before any answer, and a body cut off
// mid-stream. A held request can also be committed (its handler runs, the
// server's table changes) while its answer stays held: a slow write.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ItemRow {
  id: number;
  title: string;
  count: number;
}

/** How a held request is answered. */
export type Fault = 'ok' | '500json' | '500html' | 'badJson' | 'close' | 'truncate';

export const FAULTS: readonly Fault[] = ['ok', '500json', '500html', 'badJson', 'close', 'truncate'];

/** What the server computed for a request. */
export interface Answer {
  readonly status: number;
  readonly json?: unknown;
}

export interface HeldItemRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  /** Runs the handler now (the table changes) but keeps the answer held. Idempotent. */
  commit(): Answer;
  /** Answers, committing first unless the fault means the request never reached the handler. */
  release(fault: Fault): Promise<Answer | undefined>;
  /** True once the client went away (an abort). */
  readonly closed: boolean;
}

/** Faults where the handler never ran (the server failed before it, or the proxy dropped the request). */
export function faultSkipsHandler(fault: Fault): boolean {
  return fault === '500json' || fault === '500html' || fault === 'close';
}

export class FaultServer {
  url = '';
  readonly items = new Map<number, ItemRow>();
  /** Requests waiting for `release`, in arrival order. */
  readonly held: HeldItemRequest[] = [];
  /** How many requests have arrived. */
  arrived = 0;
  private nextId = 1000;
  private server: Server | undefined;
  private readonly sockets = new Set<import('node:net').Socket>();

  seed(rows: ItemRow[]): void {
    for (const row of rows) this.items.set(row.id, { ...row });
  }

  /** Drops whatever is still held (closing those connections), empties the table and seeds it again; new ids start at 1000 again. */
  async reset(rows: ItemRow[]): Promise<void> {
    for (const held of [...this.held]) await held.release('close');
    this.items.clear();
    this.nextId = 1000;
    this.seed(rows);
  }

  /** Writes made by someone else. */
  external = {
    setTitle: (id: number, title: string) => {
      const row = this.items.get(id);
      if (row !== undefined) this.items.set(id, { ...row, title });
    },
    remove: (id: number) => void this.items.delete(id),
    create: (title: string) => {
      const id = this.nextId++;
      this.items.set(id, { id, title, count: 0 });
      return id;
    },
  };

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const held of this.held.splice(0)) await held.release('close').catch(() => undefined);
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `n` requests have arrived in total (bounded wait). */
  async waitForArrived(n: number, timeout = 2000): Promise<void> {
    const started = Date.now();
    while (this.arrived < n) {
      if (Date.now() - started > timeout) throw new Error(`timed out waiting for request #${n} (have ${this.arrived})`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const method = req.method ?? 'GET';
    let answer: Answer | undefined;
    let closed = false;
    res.on('close', () => (closed = true));
    const commit = (): Answer => (answer ??= this.dispatch(method, path, body));
    const held: HeldItemRequest = {
      method,
      path,
      body,
      commit,
      get closed() {
        return closed;
      },
      release: async (fault) => {
        const index = this.held.indexOf(held);
        if (index !== -1) this.held.splice(index, 1);
        const result = faultSkipsHandler(fault) ? undefined : commit();
        await this.respond(res, fault, result);
        return result;
      },
    };
    this.held.push(held);
    this.arrived++;
  }

  private respond(res: ServerResponse, fault: Fault, answer: Answer | undefined): Promise<void> {
    return new Promise((resolve) => {
      if (res.destroyed || res.writableEnded) return resolve();
      res.once('close', () => resolve());
      const send = (status: number, type: string | undefined, text: string) => {
        res.writeHead(status, type ? { 'Content-Type': type } : {});
        res.end(text);
      };
      switch (fault) {
        case 'close':
          res.socket?.destroy();
          return;
        case '500json':
          return send(500, 'application/json', JSON.stringify({ message: 'internal error' }));
        case '500html':
          return send(500, 'text/html', '<!doctype html><h1>502 Bad Gateway</h1>');
        case 'badJson':
          return send(200, 'application/json', '{"id": 1, "title": "cut');
        case 'truncate': {
          const text = JSON.stringify(answer!.json ?? { message: 'gone' });
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(text.length + 50) });
          res.write(text.slice(0, Math.max(1, text.length >> 1)), () => setImmediate(() => res.socket?.destroy()));
          return;
        }
        default:
          if (answer!.status === 204) return send(204, undefined, '');
          return send(answer!.status, 'application/json', JSON.stringify(answer!.json));
      }
    });
  }

  private dispatch(method: string, path: string, body: unknown): Answer {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Partial<ItemRow>;
    const match = /^\/items(?:\/(\d+))?(\/increment)?$/.exec(path);
    if (match === null) return { status: 404, json: { message: `no route ${method} ${path}` } };
    const id = match[1] === undefined ? undefined : Number(match[1]);
    const row = id === undefined ? undefined : this.items.get(id);
    const missing = { status: 404, json: { message: `item ${id} not found` } };
    if (id === undefined) {
      if (method === 'GET') return { status: 200, json: [...this.items.values()] };
      if (method === 'POST') {
        const created = { id: this.nextId++, title: String(input.title ?? ''), count: 0 };
        this.items.set(created.id, created);
        return { status: 201, json: created };
      }
      return missing;
    }
    if (row === undefined) return missing;
    if (match[2] !== undefined) {
      if (method !== 'POST') return missing;
      const next = { ...row, count: row.count + 1 };
      this.items.set(row.id, next);
      return { status: 200, json: next };
    }
    switch (method) {
      case 'GET':
        return { status: 200, json: row };
      case 'PATCH':
      case 'PUT': {
        const base = method === 'PUT' ? { id: row.id, title: '', count: 0 } : row;
        const next: ItemRow = { ...base, ...pick(input), id: row.id };
        this.items.set(row.id, next);
        return { status: 200, json: next };
      }
      case 'DELETE':
        this.items.delete(row.id);
        return { status: 204 };
      default:
        return missing;
    }
  }
}

function pick(input: Partial<ItemRow>): Partial<ItemRow> {
  const out: Partial<ItemRow> = {};
  if (typeof input.title === 'string') out.title = input.title;
  if (typeof input.count === 'number') out.count = input.count;
  return out;
}

/** Starts a fault server (call `close()` when done). */
export function startFaultServer(): Promise<FaultServer> {
  return new FaultServer().start();
}
