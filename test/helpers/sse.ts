// A real Server-Sent Events stream on 127.0.0.1 for the live-update tests, and a tiny SSE client
// (Node 20 has no global EventSource): `fetch` plus a reader that splits the stream into events.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One event as the client parses it. */
export interface SseEvent {
  /** The `event:` field; `'message'` when absent. */
  readonly event: string;
  /** The `data:` lines joined with `\n`. */
  readonly data: string;
}

interface Client {
  readonly path: string;
  readonly response: ServerResponse;
}

/** An SSE server: every GET opens a stream; `send` writes an event to the open streams of a path. */
export class SseServer {
  url = '';
  /** How many streams were ever opened, and by which path (with query). */
  readonly opened: string[] = [];
  private clients = new Set<Client>();
  private server = createServer((req, res) => {
    const path = req.url ?? '/';
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    // A comment first, so the client's `fetch` resolves with the headers at once.
    res.write(': open\n\n');
    const client: Client = { path, response: res };
    this.clients.add(client);
    this.opened.push(path);
    this.notify();
    req.on('close', () => {
      this.clients.delete(client);
      this.notify();
    });
  });
  private waiters: (() => void)[] = [];

  /** The streams open now (of one path with query, or all). */
  open(path?: string): number {
    let n = 0;
    for (const client of this.clients) if (path === undefined || client.path === path) n++;
    return n;
  }

  /** Writes one event (data as JSON) to every open stream of `path` (all when omitted); returns how many got it. */
  send(event: string, data: unknown, path?: string): number {
    let n = 0;
    for (const client of this.clients) {
      if (path !== undefined && client.path !== path) continue;
      client.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      n++;
    }
    return n;
  }

  /** Resolves once `n` streams are open (fails after `timeout` ms). */
  waitForOpen(n: number, timeout = 2000): Promise<void> {
    return this.waitFor(() => this.open() === n, `${n} open streams (have ${this.open()})`, timeout);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.response.end();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private waitFor(done: () => boolean, what: string, timeout: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out after ${timeout} ms waiting for ${what}`));
      }, timeout);
      this.waiters.push(check);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Starts an SSE server (call `close()` in `afterEach`). */
export function startSseServer(): Promise<SseServer> {
  return new SseServer().start();
}

/** Parses one event block (the lines before a blank line); `undefined` for a comment-only block. */
function parseBlock(block: string): SseEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? undefined : { event, data: data.join('\n') };
}

/**
 * Opens an SSE stream with `fetch` and calls `onEvent` for each event; returns
 * the function that closes it. A failure other than the close is passed to `onError`.
 */
export function openEventStream(url: string, onEvent: (event: SseEvent) => void, onError?: (error: unknown) => void): () => void {
  const abort = new AbortController();
  void (async () => {
    const response = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: abort.signal });
    if (response.body === null) throw new Error(`no body from ${url}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        const event = parseBlock(block);
        if (event !== undefined) onEvent(event);
      }
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) onError?.(error);
  });
  return () => abort.abort();
}
