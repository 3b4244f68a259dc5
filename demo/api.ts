import http from 'node:http';

/** A todo as the demo API stores it. */
export interface TodoRecord {
  id: number;
  title: string;
  completed: boolean;
  updatedAt: number;
}

/** Switches a person flips in the demo to see the cache react. */
export interface DemoApiControls {
  /** Delay of every response (ms), so optimistic updates are visible. */
  delay: number;
  /** When true, the next mutation answers 500, to show a rollback. */
  failNextMutation: boolean;
}

/**
 * A small in-memory REST API for todos: GET/POST /todos, GET/PUT/PATCH/DELETE
 * /todos/:id. Writes are ordered by the `updatedAt` the client sends (the
 * seed's server-side ordering recipe), so a late, older write is ignored.
 */
export function createTodoApi(controls: DemoApiControls = { delay: 400, failNextMutation: false }) {
  let nextId = 4;
  const todos = new Map<number, TodoRecord>([
    [1, { id: 1, title: 'Read the README', completed: true, updatedAt: 0 }],
    [2, { id: 2, title: 'Add rest-slice to the store', completed: false, updatedAt: 0 }],
    [3, { id: 3, title: 'Ship it', completed: false, updatedAt: 0 }],
  ]);

  function reply(res: http.ServerResponse, status: number, body?: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, controls.delay));
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/todos(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return reply(res, 404, { message: `no route for ${req.method} ${url.pathname}` });
    const id = match[1] === undefined ? undefined : Number(match[1]);
    const body = raw ? (JSON.parse(raw) as Partial<TodoRecord>) : {};
    if (req.method !== 'GET' && controls.failNextMutation) {
      controls.failNextMutation = false;
      return reply(res, 500, { message: 'the demo server was told to fail this write' });
    }
    if (id === undefined) {
      if (req.method === 'GET') return reply(res, 200, [...todos.values()]);
      if (req.method === 'POST') {
        const todo: TodoRecord = { id: nextId++, title: String(body.title ?? ''), completed: Boolean(body.completed), updatedAt: Number(body.updatedAt ?? Date.now()) };
        todos.set(todo.id, todo);
        return reply(res, 201, todo);
      }
      return reply(res, 405, { message: `${req.method} is not allowed on /todos` });
    }
    const existing = todos.get(id);
    if (!existing) return reply(res, 404, { message: `todo ${id} not found` });
    if (req.method === 'GET') return reply(res, 200, existing);
    if (req.method === 'DELETE') {
      todos.delete(id);
      return reply(res, 204);
    }
    // Older writes than what is stored are ignored: the response shows the newer state.
    if ((body.updatedAt ?? 0) >= existing.updatedAt) {
      const next = req.method === 'PUT' ? { ...body, id } : { ...existing, ...body, id };
      todos.set(id, next as TodoRecord);
    }
    return reply(res, 200, todos.get(id));
  }

  return {
    controls,
    todos,
    /** The request handler; mount it on any node:http server. */
    handler(req: http.IncomingMessage, res: http.ServerResponse): void {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        handle(req, res, raw).catch((error: unknown) => reply(res, 500, { message: String(error) }));
      });
    },
  };
}
