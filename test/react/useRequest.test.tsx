/** @jest-environment ./test/react/environment.ts */
// useRequest: Redux Toolkit Query's query-hook state against the real test server. Responses are held
// with a gate the test opens, so the loading states are observed, not raced.
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { restCache } from 'rest-slice';
import { RestCacheProvider, useLive, useRequest, useSubscription, type RequestResult } from 'rest-slice/react';
import { deferred, makeStore, makeTimedCache, pagedTodos, renderWithStore, Todo, type TestStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

function wrapperFor(store: TestStore) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return <Provider store={store}>{children}</Provider>;
  };
}

const titles = (todos: readonly Todo[] | undefined) => todos?.map((todo) => todo.title);

/** What a user sees of the result: titles for the data, the error's message. */
function seen({ data, currentData, error, isUninitialized, isLoading, isFetching, isSuccess, isError }: RequestResult<Todo[]>) {
  return { data: titles(data), currentData: titles(currentData), error: error?.message, isUninitialized, isLoading, isFetching, isSuccess, isError };
}

const idle = { error: undefined, isUninitialized: false, isLoading: false, isFetching: false, isError: false };

describe('useRequest', () => {
  it('paging from page 1 to 2 keeps page 1 in `data` with isFetching, `currentData` undefined; then page 2', async () => {
    const { Pages, hold } = pagedTodos(api);
    const store = makeStore();
    const { result, rerender } = renderHook(({ page }) => useRequest(Pages, { page }), { wrapper: wrapperFor(store), initialProps: { page: 1 } });
    expect(seen(result.current)).toEqual({ ...idle, data: undefined, currentData: undefined, isLoading: true, isFetching: true, isSuccess: false });
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    const page1 = ['write hooks', 'write tests'];
    expect(seen(result.current)).toEqual({ ...idle, data: page1, currentData: page1, isSuccess: true });

    const second = hold(2);
    rerender({ page: 2 });
    await second.arrived;
    expect(seen(result.current)).toEqual({ ...idle, data: page1, currentData: undefined, isFetching: true, isSuccess: true });

    second.release();
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(seen(result.current)).toEqual({ ...idle, data: ['write docs'], currentData: ['write docs'], isSuccess: true });

    // Back to page 1: cached, so no loading state and no request.
    rerender({ page: 1 });
    expect(seen(result.current)).toEqual({ ...idle, data: page1, currentData: page1, isSuccess: true });
    expect(api.count('GET', '/pages')).toBe(2);
  });

  it('another endpoint does not show the previous endpoint\'s data while it loads', async () => {
    const { Pages, hold } = pagedTodos(api);
    const store = makeStore();
    // One component showing a todo, then a list: a hook may be handed another endpoint (typed loosely here).
    const Todo1 = TodoResource.get as unknown as typeof Pages;
    const { result, rerender } = renderHook(({ list }: { list: boolean }) => useRequest(list ? Pages : Todo1, { page: 1, id: 1 } as { page: number }), {
      wrapper: wrapperFor(store),
      initialProps: { list: false },
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const first = hold(1);
    rerender({ list: true });
    await first.arrived;
    expect(result.current).toMatchObject({ data: undefined, currentData: undefined, isLoading: true, isFetching: true, isSuccess: false });
    first.release();
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(titles(result.current.data)).toEqual(['write hooks', 'write tests']);
  });

  it('args that fail keep the previous data in `data`, with the error', async () => {
    const { Pages } = pagedTodos(api);
    const store = makeStore();
    const { result, rerender } = renderHook(({ page }) => useRequest(Pages, { page }), { wrapper: wrapperFor(store), initialProps: { page: 2 } });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ page: 3 });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(seen(result.current)).toEqual({ ...idle, data: ['write docs'], currentData: undefined, error: expect.stringContaining('404') as unknown, isError: true, isSuccess: false });
    expect((result.current.error as Error & { status?: number }).status).toBe(404);
  });

  it('`null` args are uninitialized: no request, no data (the previous data is forgotten), and refetch rejects', async () => {
    const { Pages } = pagedTodos(api);
    const store = makeStore();
    const { result, rerender } = renderHook(({ page }: { page: number | null }) => useRequest(Pages, page === null ? null : { page }), {
      wrapper: wrapperFor(store),
      initialProps: { page: null as number | null },
    });
    expect(seen(result.current)).toEqual({ ...idle, data: undefined, currentData: undefined, isUninitialized: true, isSuccess: false });
    await expect(result.current.refetch()).rejects.toThrow(
      '[rest-slice] `refetch` of `pages` was called while its args are `null`: a skipped request has nothing to fetch.',
    );
    expect(api.count('GET', '/pages')).toBe(0);

    rerender({ page: 1 });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ page: null });
    expect(seen(result.current)).toEqual({ ...idle, data: undefined, currentData: undefined, isUninitialized: true, isSuccess: false });
    rerender({ page: 2 });
    expect(seen(result.current)).toEqual({ ...idle, data: undefined, currentData: undefined, isLoading: true, isFetching: true, isSuccess: false });
    await waitFor(() => expect(result.current.isFetching).toBe(false));
  });

  it('refetch keeps the data shown while it runs, resolves with the new data, and rejects with a failure', async () => {
    const store = makeStore();
    const { result } = renderHook(() => useRequest(TodoResource.get, { id: 1 }), { wrapper: wrapperFor(store) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const gate = deferred();
    api.server.route('GET', '/todos/:id', async () => {
      await gate.promise;
      return { json: { ...api.todos.get(1), title: 'renamed on the server' } };
    });
    let refetched!: Promise<Todo>;
    act(() => {
      refetched = result.current.refetch();
    });
    expect(result.current).toMatchObject({ data: { title: 'write hooks' }, isFetching: true, isLoading: false, isSuccess: true });
    gate.resolve();
    expect((await act(() => refetched)).title).toBe('renamed on the server');
    expect(result.current).toMatchObject({ data: { title: 'renamed on the server' }, currentData: { title: 'renamed on the server' }, isFetching: false });

    api.server.route('GET', '/todos/:id', () => ({ status: 404, json: { error: 'gone' } }));
    let failed!: Promise<Todo>;
    act(() => {
      failed = result.current.refetch();
    });
    await act(() => expect(failed).rejects.toMatchObject({ status: 404 }));
    // The server's error body, read, as RTK Query's `error.data`.
    expect(result.current).toMatchObject({ isError: true, isSuccess: false, error: { status: 404, data: { error: 'gone' } } });
    expect(api.count('GET', '/todos/1')).toBe(3);
  });

  it('returns the same object while no field changes: an unrelated fetch re-renders nothing', async () => {
    const store = makeStore();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useRequest(TodoResource.get, { id: 1 });
      },
      { wrapper: wrapperFor(store) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [shown, rendered] = [result.current, renders];
    await act(() => restCache.controller(store).fetch(TodoResource.get, { id: 2 }));
    expect(result.current).toBe(shown);
    expect(renders).toBe(rendered);
  });

  it('renders under Testing Library without act: loading, then the data, and no act(...) warning', async () => {
    const { Pages, hold } = pagedTodos(api);
    const first = hold(1);
    function List() {
      const { data, isLoading } = useRequest(Pages, { page: 1 });
      return <p>{isLoading ? 'loading' : titles(data)?.join(', ')}</p>;
    }
    renderWithStore(<List />, { store: makeStore() });
    await first.arrived;
    expect(screen.getByText('loading')).toBeTruthy();
    first.release();
    expect(await screen.findByText('write hooks, write tests')).toBeTruthy();
  });
});

describe('useRequest polling (`pollFrequency` given first)', () => {
  function setupPolling() {
    const timed = makeTimedCache();
    const store = makeStore(timed.cache);
    const polls = () => api.count('GET', '/todos/1');
    function Poller({ every }: { every?: number }) {
      const { data } = useRequest(every === undefined ? {} : { pollFrequency: every }, TodoResource.get, { id: 1 });
      return <p>{data?.title ?? 'loading'}</p>;
    }
    return { ...timed, store, polls, Poller };
  }

  it('several components share the request; the smallest frequency wins; 0, NaN, Infinity or none does not poll', async () => {
    const { cache, clock, store, tick, polls, Poller } = setupPolling();
    function Page() {
      const [fast, setFast] = useState(true);
      return (
        <RestCacheProvider cache={cache}>
          <Poller every={1_000} />
          {fast && <Poller every={100} />}
          <Poller every={0} />
          <Poller />
          {/* A cleared <input type="number"> gives NaN: no polling, as RTK Query's pollingInterval. */}
          <Poller every={NaN} />
          <Poller every={Infinity} />
          <button onClick={() => setFast(false)}>slow down</button>
        </RestCacheProvider>
      );
    }
    render(<Provider store={store}><Page /></Provider>);
    await act(() => tick(store, 0));
    expect(polls()).toBe(1);
    expect(clock.delays).toEqual([100]);
    await act(() => tick(store, 100));
    await act(() => tick(store, 100));
    expect(polls()).toBe(3);

    act(() => screen.getByText('slow down').click());
    expect(clock.delays).toEqual([1_000]);
    await act(() => tick(store, 999));
    expect(polls()).toBe(3);
    await act(() => tick(store, 1));
    expect(polls()).toBe(4);
    expect(screen.getAllByText('write hooks')).toHaveLength(5);
  });

  it.each([false, true])('a frequency changed at runtime re-subscribes at the new one; unmounting stops the polling (StrictMode %s)', async (strict) => {
    const { cache, clock, store, tick, polls, Poller } = setupPolling();
    const { rerender, unmount } = renderWithStore(<Poller every={0} />, { store, cache, strict });
    await act(() => tick(store, 0));
    expect(polls()).toBe(1);
    expect(clock.delays).toEqual([]);

    rerender(<Poller every={50} />);
    expect(clock.delays).toEqual([50]);
    await act(() => tick(store, 50));
    expect(polls()).toBe(2);

    rerender(<Poller every={200} />);
    expect(clock.delays).toEqual([200]);
    unmount();
    expect(clock.delays).toEqual([]);
    expect(polls()).toBe(2);
  });

  it('useLive and useSubscription take the same options first; without them, the endpoint\'s pollFrequency', async () => {
    const { cache, clock, store, tick, polls } = setupPolling();
    const Every300 = TodoResource.get.extend({ pollFrequency: 300 });
    function Live() {
      return <p>{useLive(Every300, { id: 1 }).title}</p>;
    }
    function LiveEvery({ every }: { every: number }) {
      return <p>{useLive({ pollFrequency: every }, Every300, { id: 1 }).title}</p>;
    }
    function Subscribed({ every }: { every: number }) {
      useSubscription({ pollFrequency: every }, TodoResource.get, { id: 1 });
      return null;
    }
    const { rerender } = renderWithStore(<Live />, { store, cache });
    await act(() => tick(store, 0));
    expect(await screen.findByText('write hooks')).toBeTruthy();
    expect(clock.delays).toEqual([300]);

    rerender(<LiveEvery every={0} />);
    expect(clock.delays).toEqual([]);
    rerender(<><LiveEvery every={0} /><Subscribed every={70} /></>);
    expect(clock.delays).toEqual([70]);
    await act(() => tick(store, 70));
    expect(polls()).toBe(2);
    rerender(<LiveEvery every={0} />);
    expect(clock.delays).toEqual([]);
  });
});

describe('useRequest with an answer that holds no data', () => {
  it.each([
    ['204 with no body', { status: 204 }],
    ['200 with JSON null', { json: null }],
  ] as const)('%s: once fetched it is a success showing null, not a load that never ends', async (_name, reply) => {
    const { RestEndpoint } = jest.requireActual<typeof import('rest-slice')>('rest-slice');
    api.server.route('GET', '/ping', () => reply);
    const Ping = new RestEndpoint({ urlPrefix: api.server.url, path: '/ping', name: 'ping' });
    const { result } = renderHook(() => useRequest(Ping), { wrapper: wrapperFor(makeStore()) });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    const { data, currentData, isUninitialized, isLoading, isFetching, isSuccess, isError } = result.current;
    expect({ data, currentData, isUninitialized, isLoading, isFetching, isSuccess, isError }).toEqual({
      data: null,
      currentData: null,
      isUninitialized: false,
      isLoading: false,
      isFetching: false,
      isSuccess: true,
      isError: false,
    });
    expect(api.count('GET', '/ping')).toBe(1);
  });

  it("new args answered with null show that null, not the previous args' data", async () => {
    const { RestEndpoint } = jest.requireActual<typeof import('rest-slice')>('rest-slice');
    api.server.route('GET', '/maybe', ({ query }) => ({ json: query.get('n') === '1' ? { found: 1 } : null }));
    const Maybe = new RestEndpoint({ urlPrefix: api.server.url, path: '/maybe', name: 'maybe', searchParams: {} as { n: number } });
    const { result, rerender } = renderHook(({ n }) => useRequest(Maybe, { n }), { wrapper: wrapperFor(makeStore()), initialProps: { n: 1 } });
    await waitFor(() => expect(result.current.data).toEqual({ found: 1 }));
    rerender({ n: 2 });
    // While args 2 load, args 1's data stays in `data`.
    expect({ data: result.current.data, currentData: result.current.currentData, isFetching: result.current.isFetching }).toEqual({
      data: { found: 1 },
      currentData: undefined,
      isFetching: true,
    });
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect({ data: result.current.data, currentData: result.current.currentData, isSuccess: result.current.isSuccess }).toEqual({
      data: null,
      currentData: null,
      isSuccess: true,
    });
  });
});
