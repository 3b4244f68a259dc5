// Shared pieces of the React tests: a store made as the README says, the
// todo resource against the real test server (an in-memory todo table), and a
// render wrapper with react-redux's Provider.
// RTK's serializable and immutable checks stay on; only their "took more than 32 ms" timing
// warning is raised, because a loaded 2-core CI machine trips it on small states.
const DEV_CHECKS = { serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } };
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { render, type RenderOptions } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createResource, createRestCache, restCache, RestEndpoint, type RestCache, type RestCacheOptions } from 'rest-slice';
import { RestCacheProvider } from 'rest-slice/react';
import { Todo } from '../fixtures/Todo';
import { makeClock } from '../helpers/clock';
import { jsonCheckMiddleware } from '../helpers/jsonCheck';
import { deferred, startServer, type Deferred, type Reply, type TestServer } from '../helpers/server';

export { deferred } from '../helpers/server';
export { Todo };

export interface TodoRow {
  id: number;
  title: string;
  completed: boolean;
  userId: number;
  updatedAt: number;
}

export const initialTodos: readonly TodoRow[] = Object.freeze([
  { id: 1, title: 'write hooks', completed: false, userId: 1, updatedAt: 1 },
  { id: 2, title: 'write tests', completed: false, userId: 1, updatedAt: 1 },
  { id: 3, title: 'write docs', completed: true, userId: 2, updatedAt: 1 },
]);

/** The README's resource, against `url`. */
export function todoResource(url: string) {
  return createResource({ urlPrefix: url, path: '/todos/:id', schema: Todo, optimistic: true });
}

export type TodoResourceType = ReturnType<typeof todoResource>;

/** A test server with a todo table; `hold` lets a test answer a request itself. */
export interface TodoServer {
  readonly server: TestServer;
  readonly todos: Map<number, TodoRow>;
  /** Requests received with `method` whose path (without the query) is `path`. */
  count(method: string, path: string): number;
  /** Resets the table, the routes and the request log. */
  reset(): void;
  close(): Promise<void>;
}

export async function startTodoServer(): Promise<TodoServer> {
  const server = await startServer();
  const todos = new Map<number, TodoRow>();
  const notFound = (id: string): Reply => ({ status: 404, json: { error: `no todo ${id}` } });
  function reset() {
    server.reset();
    todos.clear();
    for (const todo of initialTodos) todos.set(todo.id, { ...todo });
    server.route('GET', '/todos', () => ({ json: [...todos.values()] }));
    server.route('GET', '/todos/:id', ({ params }) => {
      const todo = todos.get(Number(params.id));
      return todo === undefined ? notFound(params.id) : { json: todo };
    });
    server.route('PATCH', '/todos/:id', ({ params, body }) => {
      const todo = todos.get(Number(params.id));
      if (todo === undefined) return notFound(params.id);
      const next = { ...todo, ...(body as Partial<TodoRow>), id: todo.id, updatedAt: todo.updatedAt + 1 };
      todos.set(todo.id, next);
      return { json: next };
    });
  }
  reset();
  return {
    server,
    todos,
    count: (method, path) => server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path).length,
    reset,
    close: () => server.close(),
  };
}

/** A store made the way the README says: default middleware (serializable and immutable checks on) plus the cache's. */
export function makeStore(cache: RestCache = restCache, log?: string[]) {
  // Records the type of each action, for tests that count subscriptions.
  const logger: Middleware = () => (next) => (action) => {
    log?.push((action as { type: string }).type);
    return next(action);
  };
  return configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    // Every action and state must be exactly plain JSON (the test fails otherwise).
    middleware: (getDefault) => getDefault(DEV_CHECKS).prepend(jsonCheckMiddleware()).concat(logger, cache.middleware),
  });
}

export type TestStore = ReturnType<typeof makeStore>;

/** Renders `ui` under `<Provider store>` (and a `RestCacheProvider` for a custom cache, `StrictMode` on request). */
export function renderWithStore(
  ui: ReactElement,
  { store, cache, strict = false, ...options }: { store: TestStore; cache?: RestCache; strict?: boolean } & Omit<RenderOptions, 'wrapper'>,
) {
  function Wrapper({ children }: { children?: ReactNode }) {
    let tree = <Provider store={store}>{cache ? <RestCacheProvider cache={cache}>{children}</RestCacheProvider> : children}</Provider>;
    if (strict) tree = <StrictMode>{tree}</StrictMode>;
    return tree;
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

/**
 * A cache whose clock and timers the test moves (`clock.advance(ms)` runs the polls that fall due), without
 * garbage collection timers; `tick(ms)` advances and waits for the requests it started to land.
 */
export function makeTimedCache(options: RestCacheOptions = {}) {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, ...options });
  const inflight = (store: TestStore) => Object.keys(cache.selectCacheState(store.getState()).inflight);
  return {
    clock,
    cache,
    inflight,
    /** Moves the clock by `ms` and resolves once no request of `cache` is in flight in `store`. */
    tick(store: TestStore, ms: number): Promise<void> {
      clock.advance(ms);
      return settled(cache, store);
    },
  };
}

/** `get` with `invalidIfStale` and a 30 ms expiry, and todo 1 fetched with it into a store of a timed cache. */
export async function fetchedStrictTodo(TodoResource: TodoResourceType) {
  const Strict = TodoResource.extend({ get: { dataExpiryLength: 30, invalidIfStale: true } });
  const timed = makeTimedCache();
  const store = makeStore(timed.cache);
  await timed.cache.controller(store).fetch(Strict.get, { id: 1 });
  return { Strict, store, ...timed };
}

/** Resolves once `cache` has no request in flight in `store` (checked on each change of the store, not on a timer). */
export function settled(cache: RestCache, store: TestStore): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (Object.keys(cache.selectCacheState(store.getState()).inflight).length > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

/**
 * Starts the todo server once for a test file (and its resource), resets its
 * data after each test and closes it after all: `use` receives both.
 */
export function withTodoServer(use: (api: TodoServer, TodoResource: TodoResourceType) => void): void {
  let api: TodoServer | undefined;
  beforeAll(async () => {
    api = await startTodoServer();
    use(api, todoResource(api.server.url));
  });
  afterEach(() => api?.reset());
  afterAll(() => api?.close());
}

/** `GET /pages?page=n`: todos 1 and 2 on page 1, todo 3 on page 2, 404 past it; `hold(page)` keeps a page's answer until released. */
export function pagedTodos(api: TodoServer) {
  const gates = new Map<number, { arrived: Deferred<void>; release: Deferred<void> }>();
  api.server.route('GET', '/pages', async ({ query }) => {
    const page = Number(query.get('page'));
    const gate = gates.get(page);
    if (gate !== undefined) {
      gate.arrived.resolve();
      await gate.release.promise;
    }
    const rows = [...api.todos.values()].filter((todo) => Math.ceil(todo.id / 2) === page);
    return rows.length === 0 ? { status: 404, json: { error: `no page ${page}` } } : { json: rows };
  });
  const Pages = new RestEndpoint({ urlPrefix: api.server.url, path: '/pages', name: 'pages', searchParams: {} as { page: number }, schema: [Todo] });
  return {
    Pages,
    /** Holds the answer of `page`: `arrived` resolves once the server has the request, `release()` lets it answer. */
    hold(page: number) {
      const gate = { arrived: deferred(), release: deferred() };
      gates.set(page, gate);
      return { arrived: gate.arrived.promise, release: () => gate.release.resolve() };
    },
  };
}
