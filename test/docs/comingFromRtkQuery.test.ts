// docs/coming-from-rtk-query.md's recipes, run as printed against a local server: a detail answered from
// the list's row with no request, the summary/detail pattern (two classes, one key, `validate` on the
// detail), the matchers block, and `pollFrequency: 0`.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { createRestCache, type Controller, type Entity, type EndpointInterface, type RestCache } from 'rest-slice';
import { makeClock } from '../helpers/clock';
import { startServer, type TestServer } from '../helpers/server';
import { blockCode, runCode } from './runBlock';

// configureStore's development checks on, with the thresholds of the store helpers (a loaded machine is slow).
const CHECKS = { serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } };

const PAGE = 'docs/coming-from-rtk-query.md';
let server: TestServer;

beforeEach(async () => {
  server = await startServer();
  server.route('GET', '/todos', () => ({ json: [{ id: 1, title: 'Write tests', completed: false }] }));
  server.route('GET', '/articles', () => ({ json: [{ id: 1, title: 'First' }, { id: 2, title: 'Second' }] }));
  server.route('GET', '/articles/:id', ({ params }) => ({ json: { id: Number(params.id), title: 'First', body: 'The whole text.' } }));
  server.route('POST', '/login', ({ body }) =>
    (body as { password?: string }).password === 'right'
      ? { json: { token: 'tok', user: { id: 5, name: 'Ada' } } }
      : { status: 401, json: { message: 'wrong password' } },
  );
});
afterEach(() => server.close());

/** Runs the named blocks in order, each importable by the next as `./<name>`, with the example URL pointed at the server. */
async function load<T>(...names: string[]): Promise<T> {
  const modules: Record<string, unknown> = {};
  const resolve = (id: string) => modules[id] ?? (require(id) as unknown);
  let last: unknown;
  for (const name of names) {
    last = await runCode(blockCode(PAGE, name).split('https://api.example.com').join(server.url), resolve);
    modules[`./${name.replace(/\.ts$/, '')}`] = last;
  }
  return last as T;
}

function storeOf(cache: RestCache<'rest'>) {
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault(CHECKS).concat(cache.middleware),
  });
  return { store, controller: cache.controller(store) };
}

const paths = () => server.requests.map((request) => request.url);

describe('docs/coming-from-rtk-query.md', () => {
  it('a detail is answered from the row the list brought, with no request', async () => {
    const { openFromList } = await load<{ openFromList(controller: Controller, getState: () => unknown): Promise<{ todo: Entity; data: Entity }> }>(
      'todos.ts',
      'openFromList.ts',
    );
    const { store, controller } = storeOf(createRestCache());
    const { todo, data } = await openFromList(controller, store.getState);
    expect(todo).toMatchObject({ id: 1, title: 'Write tests', completed: false });
    expect(data).toBe(todo);
    expect(paths()).toEqual(['/todos']);
  });

  it('summary and detail: the partial row makes the detail fetch once, and the list keeps its rows', async () => {
    const { openArticle } = await load<{ openArticle(controller: Controller): Promise<{ list: Entity[]; article: Entity; again: Entity }> }>(
      'articles.ts',
      'openArticle.ts',
    );
    const { controller } = storeOf(createRestCache());
    const { list, article, again } = await openArticle(controller);
    expect(list.map((item) => ({ ...item }))).toEqual([
      { id: 1, title: 'First' },
      { id: 2, title: 'Second' },
    ]);
    expect({ ...article }).toEqual({ id: 1, title: 'First', body: 'The whole text.' });
    expect(again).toBe(article);
    expect(paths()).toEqual(['/articles', '/articles/1']);
  });

  it('the matchers block: the auth slice gets the user as the server sent it', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { cache, login, auth, listener } = await load<{
      cache: RestCache<'rest'>;
      login: Parameters<Controller['fetch']>[0];
      auth: { reducer: (state: unknown, action: unknown) => unknown };
      listener: { middleware: Middleware };
    }>('auth.ts');
    const store = configureStore({
      reducer: { auth: auth.reducer, [cache.reducerPath]: cache.reducer },
      middleware: (getDefault) => getDefault(CHECKS).prepend(listener.middleware).concat(cache.middleware),
    });
    const controller = cache.controller(store);
    await expect(controller.fetch(login, { name: 'ada', password: 'wrong' })).rejects.toThrow();
    await controller.fetch(login, { name: 'ada', password: 'right' });
    expect(store.getState().auth).toEqual({ token: 'tok', user: { id: 5, name: 'Ada' }, error: expect.stringContaining('401') });
    expect(info.mock.calls).toEqual([['welcome, Ada']]);
  });

  it('pollFrequency: 0 fetches what is missing and never polls', async () => {
    const { TodoResource } = await load<{ TodoResource: { getList: { extend(options: { pollFrequency: number }): EndpointInterface } } }>('todos.ts');
    const clock = makeClock();
    const { controller } = storeOf(createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity }));
    const unpolled = TodoResource.getList.extend({ pollFrequency: 0 });
    await controller.subscribe(unpolled);
    await controller.fetch(unpolled);
    clock.advance(10 * 60_000);
    await controller.unsubscribe(unpolled);
    expect(paths()).toEqual(['/todos']);
  });
});
