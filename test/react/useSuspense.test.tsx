/** @jest-environment ./test/react/environment.ts */
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Endpoint, ExpiryStatus, restCache, type RestCache } from 'rest-slice';
import { AsyncBoundary, useSuspense } from 'rest-slice/react';
import { allowConsole } from '../setup';
import { deferred, fetchedStrictTodo, makeStore, makeTimedCache, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

function TodoTitle({ id }: { id: number }) {
  const todo = useSuspense(TodoResource.get, { id });
  return <p>{todo.title}</p>;
}

describe('useSuspense', () => {
  it('shows the fallback, then the data', async () => {
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={1} />
      </Suspense>,
      { store },
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('write hooks')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(1);
  });

  it('renders cached fresh data at once, without a request', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    await controller.fetch(TodoResource.get, { id: 2 });
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={2} />
      </Suspense>,
      { store },
    );
    expect(screen.getByText('write tests')).toBeTruthy();
    expect(api.count('GET', '/todos/2')).toBe(1);
  });

  it('suspends and refetches after `controller.invalidate`', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={1} />
      </Suspense>,
      { store },
    );
    await screen.findByText('write hooks');
    api.todos.set(1, { ...api.todos.get(1)!, title: 'renamed on the server' });
    // The refetch waits for the test: React 18's async `act` keeps flushing for a few ticks,
    // long enough for an unheld local response to land before the fallback is checked.
    const release = deferred();
    api.server.route('GET', '/todos/:id', async () => {
      await release.promise;
      return { json: api.todos.get(1) };
    });

    await act(() => controller.invalidate(TodoResource.get, { id: 1 }));
    expect(screen.getByText('loading')).toBeTruthy();
    release.resolve();
    expect(await screen.findByText('renamed on the server')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(2);
  });

  it('shows stale data while it revalidates', async () => {
    const StaleResource = TodoResource.extend({ get: { dataExpiryLength: -1 } });
    const store = makeStore();
    await restCache.controller(store).fetch(StaleResource.get, { id: 1 });
    api.todos.set(1, { ...api.todos.get(1)!, title: 'fresh title' });

    function Stale() {
      return <p>{useSuspense(StaleResource.get, { id: 1 }).title}</p>;
    }
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Stale />
      </Suspense>,
      { store },
    );
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(await screen.findByText('fresh title')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(2);
  });

  it('suspends on stale data when the endpoint is `invalidIfStale`', async () => {
    const { Strict, cache, clock, store } = await fetchedStrictTodo(TodoResource);
    clock.advance(31);

    function Fresh() {
      return <p>{useSuspense(Strict.get, { id: 1 }).title}</p>;
    }
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Fresh />
      </Suspense>,
      { store, cache },
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('write hooks')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(2);
  });

  it('skips the request when the args are `null`', async () => {
    const store = makeStore();
    function Maybe({ id }: { id: number | null }) {
      const todo = useSuspense(TodoResource.get, id === null ? null : { id });
      return <p>{todo === undefined ? 'nothing' : todo.title}</p>;
    }
    const { rerender } = renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Maybe id={null} />
      </Suspense>,
      { store },
    );
    expect(screen.getByText('nothing')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(api.server.requests).toEqual([]);

    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Maybe id={3} />
      </Suspense>,
    );
    expect(await screen.findByText('write docs')).toBeTruthy();
  });

  it('keeps showing data after a soft (5xx) error', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    api.server.route('GET', '/todos/:id', () => ({ status: 503, json: { error: 'down' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 503 });

    renderWithStore(
      <AsyncBoundary fallback={<p>loading</p>}>
        <TodoTitle id={1} />
      </AsyncBoundary>,
      { store },
    );
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends one request under StrictMode', async () => {
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={1} />
        <TodoTitle id={1} />
      </Suspense>,
      { store, strict: true },
    );
    expect(await screen.findAllByText('write hooks')).toHaveLength(2);
    await act(() => Promise.resolve());
    expect(api.count('GET', '/todos/1')).toBe(1);
  });

  it('reads a custom cache through `RestCacheProvider`', async () => {
    const { createRestCache } = await import('rest-slice');
    const cache: RestCache = createRestCache({ reducerPath: 'api' });
    const store = makeStore(cache);
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={2} />
      </Suspense>,
      { store, cache },
    );
    expect(await screen.findByText('write tests')).toBeTruthy();
    expect(Object.keys(store.getState().api.endpoints)).toEqual([`GET ${api.server.url}/todos/2`]);
  });

  it("judges staleness by the cache's `now` clock: past `expiresAt`, it shows the data while it revalidates", async () => {
    const { createRestCache } = await import('rest-slice');
    // An hour ahead of the wall clock, so only this clock can make the data stale.
    let clock = Date.now() + 3_600_000;
    const cache: RestCache = createRestCache({ reducerPath: 'clocked', now: () => clock });
    expect(cache.now()).toBe(clock);
    const store = makeStore(cache);
    await cache.controller(store).fetch(TodoResource.get, { id: 1 });
    api.todos.set(1, { ...api.todos.get(1)!, title: 'fresh title' });
    // A new element each time, so `rerender` renders `TodoTitle` again.
    const ui = () => (
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={1} />
      </Suspense>
    );

    const { rerender } = renderWithStore(ui(), { store, cache });
    await act(() => Promise.resolve());
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(1);

    clock += 60_001; // past the default `dataExpiryLength`
    rerender(ui());
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(await screen.findByText('fresh title')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(2);
  });

  it('renders an endpoint that resolves nothing (`undefined`) once, as Data Client, and refetches it once it is stale', async () => {
    const { cache } = makeTimedCache();
    const store = makeStore(cache);
    // A call to the real server whose answer the endpoint does not return (a ping, a fire-and-forget GET).
    const ping = new Endpoint(
      async () => {
        await (await fetch(`${api.server.url}/todos/1`)).text();
        return undefined;
      },
      { name: 'ping' },
    );
    function Pinged() {
      return <p>pinged: {String(useSuspense(ping))}</p>;
    }
    renderWithStore(
      <AsyncBoundary fallback={<p>loading</p>}>
        <Pinged />
      </AsyncBoundary>,
      { store, cache },
    );
    expect(await screen.findByText('pinged: undefined')).toBeTruthy();
    const nextRequest = async () => {
      await act(async () => {
        await (await fetch(`${api.server.url}/todos/2`)).text();
      });
    };
    // A later request to the server: no second ping was sent before it.
    await nextRequest();
    expect(api.count('GET', '/todos/1')).toBe(1);
    expect(cache.selectResponse(store.getState(), ping)).toMatchObject({ data: undefined, expiryStatus: ExpiryStatus.InvalidIfStale });
    // Stale: fetched again, once.
    await act(() => cache.controller(store).expireAll({ testKey: (key) => key.startsWith('ping ') }));
    expect(await screen.findByText('pinged: undefined')).toBeTruthy();
    await nextRequest();
    await nextRequest();
    expect(api.count('GET', '/todos/1')).toBe(2);
  });

  it('throws a fetch refused before it was sent (an option whose feature is missing) to the boundary, instead of suspending forever', async () => {
    allowConsole();
    const store = makeStore();
    const Retrying = TodoResource.get.extend({ retry: 2 });
    let renders = 0;
    function Retried() {
      renders++;
      return <p>{useSuspense(Retrying, { id: 1 }).title}</p>;
    }
    renderWithStore(
      <AsyncBoundary fallback={<p>loading</p>}>
        <Retried />
      </AsyncBoundary>,
      { store },
    );
    const roundTrip = () =>
      act(async () => {
        await (await fetch(`${api.server.url}/todos`)).text();
      });
    await roundTrip();
    expect(screen.getByRole('alert').textContent).toContain('sets `retry`, which needs the retry feature');
    const shown = renders;
    await roundTrip();
    await roundTrip();
    expect(renders).toBe(shown);
    expect(api.count('GET', '/todos/1')).toBe(0);
  });
});
