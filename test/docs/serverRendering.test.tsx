// docs/server-rendering.md's recipe, run as printed (its `serialize.ts` block) against a real local server:
// fetch and render on a per-request store, send the slice, start a second store from it.
import { configureStore } from '@reduxjs/toolkit';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createResource, createRestCache, Entity, retry, type RestCache, type RestCacheState } from 'rest-slice';
import { RestCacheProvider, useSuspense } from 'rest-slice/react';
import { deferred, startServer, type Deferred, type TestServer } from '../helpers/server';
import { blockCode, runCode } from './runBlock';
import { until } from '../helpers/until';

interface Serialize {
  forTheClient(state: RestCacheState): RestCacheState;
  toScript(state: RestCacheState): string;
}
let forTheClient: Serialize['forTheClient'];
let toScript: Serialize['toScript'];

beforeAll(async () => {
  ({ forTheClient, toScript } = await runCode<Serialize>(blockCode('docs/server-rendering.md', 'serialize.ts'), require));
});

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
}

let server: TestServer;
let TodoResource: ReturnType<typeof makeResource>;
const held: Deferred<void>[] = [];

function makeResource(urlPrefix: string) {
  return createResource({ urlPrefix, path: '/todos/:id', schema: Todo, optimistic: true });
}

const rows = [
  { id: 1, title: 'Write docs' },
  { id: 2, title: '</script><script>alert(1)</script>' },
];

beforeEach(async () => {
  server = await startServer();
  TodoResource = makeResource(server.url);
  server.route('GET', '/todos', () => ({ json: rows }));
  server.route('GET', '/todos/:id', async ({ params }) => {
    if (params.id === '404') return { status: 404, json: { error: 'gone' } };
    if (params.id === '500') return { status: 500, json: { error: 'down' } };
    const wait = deferred();
    held.push(wait);
    await wait.promise;
    return { json: rows[0] };
  });
  server.route('PATCH', '/todos/:id', async ({ body }) => {
    const wait = deferred();
    held.push(wait);
    await wait.promise;
    return { json: { ...rows[0], ...(body as object) } };
  });
});

afterEach(async () => {
  for (const wait of held.splice(0)) wait.resolve();
  await server.close();
});

const requestsArrived = (check: () => boolean) => until(check, 'the requests at the server');

function makeStore(cache: RestCache, preloaded?: RestCacheState) {
  return configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
    preloadedState: preloaded ? { [cache.reducerPath]: preloaded } : undefined,
  });
}

function TodoList() {
  const todos = useSuspense(TodoResource.getList);
  return (
    <ul>
      {todos.map((todo) => (
        <li key={todo.pk()}>{todo.title}</li>
      ))}
    </ul>
  );
}

function render(cache: RestCache, store: ReturnType<typeof makeStore>): string {
  return renderToString(
    <Provider store={store}>
      <RestCacheProvider cache={cache}>
        <TodoList />
      </RestCacheProvider>
    </Provider>,
  );
}

/** The JSON a page's `toScript` tag carries, as the browser reads it. */
function readScript(script: string): RestCacheState {
  const match = /^<script>window\.__REST_STATE__ = (.*);<\/script>$/s.exec(script);
  if (!match) throw new Error(`not the script tag: ${script}`);
  return JSON.parse(match[1]) as RestCacheState;
}

describe('docs/server-rendering.md', () => {
  it('renders on the server, and the browser renders the same HTML from the preloaded slice without a request', async () => {
    const cache = createRestCache(); // one instance, two stores: as on a server
    const serverStore = makeStore(cache);
    await cache.controller(serverStore).fetch(TodoResource.getList);
    const html = render(cache, serverStore);
    expect(html).toBe('<ul><li>Write docs</li><li>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</li></ul>');

    const script = toScript(forTheClient(cache.selectCacheState(serverStore.getState())));
    // The title cannot close the tag: `<` is escaped in the JSON.
    expect(script.match(/<\/script>/g)).toEqual(['</script>']);

    const requestsBefore = server.requests.length;
    const browserStore = makeStore(cache, readScript(script));
    expect(render(cache, browserStore)).toBe(html);
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('strips what describes the server’s requests: sent as is, each part misleads the browser', async () => {
    const cache = createRestCache({ features: [retry({ retry: 1, retryDelay: 60_000 })] });
    const serverStore = makeStore(cache);
    const controller = cache.controller(serverStore);
    await controller.fetch(TodoResource.getList);
    await expect(controller.fetch(TodoResource.get, { id: 404 })).rejects.toMatchObject({ status: 404 });
    const pendingRead = controller.fetch(TodoResource.get, { id: 1 }).catch(() => undefined); // held: in flight
    const pendingWrite = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Saving…' }).catch(() => undefined);
    const retried = controller.fetch(TodoResource.get, { id: 500 }).catch(() => undefined); // fails, waits 60 s to retry
    await requestsArrived(() => held.length === 2 && cache.selectCacheState(serverStore.getState()).retrying !== undefined);
    const raw = cache.selectCacheState(serverStore.getState());
    expect(Object.keys(raw.inflight).sort()).toEqual([`GET ${server.url}/todos/1`, `GET ${server.url}/todos/500`, `PATCH ${server.url}/todos/1`]);
    expect(Object.keys(raw.retrying ?? {})).toEqual([`GET ${server.url}/todos/500`]);
    expect(raw.optimistic.map((entry) => entry.endpoint)).toEqual(['Todo.partialUpdate']);

    // As is: the browser's store would show a request that never ends, a write it never made, an error it never had.
    const asIs = makeStore(cache, JSON.parse(JSON.stringify(raw)) as RestCacheState);
    expect(cache.selectIsLoading(asIs.getState(), TodoResource.get, { id: 1 })).toBe(true);
    expect(cache.selectEntity(asIs.getState(), Todo, 1)?.title).toBe('Saving…');
    expect(cache.selectError(asIs.getState(), TodoResource.get, { id: 404 })).toMatchObject({ status: 404 });

    // Stripped: the confirmed data only.
    const stripped = readScript(toScript(forTheClient(raw)));
    expect(stripped.inflight).toEqual({});
    expect(stripped.optimistic).toEqual([]);
    expect('retrying' in stripped).toBe(false);
    expect(Object.keys(stripped.meta)).toEqual([`GET ${server.url}/todos`]);
    const browserStore = makeStore(cache, stripped);
    const state = browserStore.getState();
    expect(cache.selectIsLoading(state, TodoResource.get, { id: 1 })).toBe(false);
    expect(cache.selectEntity(state, Todo, 1)?.title).toBe('Write docs');
    expect(cache.selectError(state, TodoResource.get, { id: 404 })).toBeUndefined();
    expect(cache.selectResponse(state, TodoResource.getList).data?.map((todo) => todo.title)).toEqual(['Write docs', rows[1].title]);

    for (const wait of held.splice(0)) wait.resolve();
    await controller.abort(TodoResource.get, { id: 500 });
    await Promise.all([pendingRead, pendingWrite, retried]);
  });

  it('keeps a failed refresh’s data and forgets the failure', async () => {
    const cache = createRestCache();
    const serverStore = makeStore(cache);
    const controller = cache.controller(serverStore);
    await controller.fetch(TodoResource.getList);
    server.route('GET', '/todos', () => ({ status: 503, json: { error: 'busy' } }));
    await expect(controller.fetch(TodoResource.getList)).rejects.toMatchObject({ status: 503 });
    const key = `GET ${server.url}/todos`;
    expect(cache.selectCacheState(serverStore.getState()).meta[key].error).toMatchObject({ status: 503 });

    const stripped = forTheClient(cache.selectCacheState(serverStore.getState()));
    expect(stripped.meta[key].error).toBeUndefined();
    const browserStore = makeStore(cache, stripped);
    expect(cache.selectError(browserStore.getState(), TodoResource.getList)).toBeUndefined();
    expect(cache.selectResponse(browserStore.getState(), TodoResource.getList).data).toHaveLength(2);
  });

  it('with a browser clock behind the server’s, a refetch in the gap does not replace the server’s data', async () => {
    const cache = createRestCache();
    const serverStore = makeStore(cache);
    await cache.controller(serverStore).fetch(TodoResource.getList);
    const preloaded = forTheClient(cache.selectCacheState(serverStore.getState()));

    server.route('GET', '/todos', () => ({ json: [{ id: 1, title: 'Renamed since' }] }));
    const behind = createRestCache({ now: () => Date.now() - 10_000 });
    const browserStore = makeStore(behind, preloaded);
    await behind.controller(browserStore).fetch(TodoResource.getList);
    expect(behind.selectEntity(browserStore.getState(), Todo, 1)?.title).toBe('Write docs');

    const inStep = createRestCache();
    const inStepStore = makeStore(inStep, preloaded);
    await inStep.controller(inStepStore).fetch(TodoResource.getList);
    expect(inStep.selectEntity(inStepStore.getState(), Todo, 1)?.title).toBe('Renamed since');
  });
});
