/** @jest-environment ./test/react/environment.ts */
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createRestCache, restCache, type Controller, type RestCache } from 'rest-slice';
import { RestCacheProvider, useCache, useController, useDLE, useError, useFetch, useQuery } from 'rest-slice/react';
import { allowConsole } from '../setup';
import { fetchedStrictTodo, makeStore, renderWithStore, settled, Todo, type TestStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

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

describe('useController', () => {
  it('returns one controller per store, working on that store', async () => {
    const store = makeStore();
    const seen: Controller[] = [];
    const { rerender } = renderHook(() => seen.push(useController()), { wrapper: wrapperFor(store) });
    rerender();
    expect(seen[0]).toBe(seen[1]);
    await act(() => seen[0].fetch(TodoResource.get, { id: 1 }));
    expect((restCache.selectEntity(store.getState(), Todo, 1) as Todo | undefined)?.title).toBe('write hooks');
  });
});

describe('useCache', () => {
  it('reads without fetching', async () => {
    const store = makeStore();
    const { result } = renderHook(() => useCache(TodoResource.get, { id: 1 }), { wrapper: wrapperFor(store) });
    expect(result.current).toBeUndefined();
    await act(() => Promise.resolve());
    expect(api.server.requests).toEqual([]);

    await act(() => restCache.controller(store).fetch(TodoResource.get, { id: 1 }));
    expect(result.current).toBeInstanceOf(Todo);
    expect(result.current?.title).toBe('write hooks');
  });

  it('gives `undefined` once the result is invalidated', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    const { result } = renderHook(() => useCache(TodoResource.get, { id: 1 }), { wrapper: wrapperFor(store) });
    expect(result.current?.title).toBe('write hooks');
    await act(() => controller.invalidate(TodoResource.get, { id: 1 }));
    expect(result.current).toBeUndefined();
  });
});

/** Renders under `store` with `cache` as the hooks' cache. */
function cacheWrapper(cache: RestCache, store: TestStore) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <RestCacheProvider cache={cache}>
        <Provider store={store}>{children}</Provider>
      </RestCacheProvider>
    );
  };
}

describe('stale data of an `invalidIfStale` endpoint (as Data Client)', () => {
  it('useCache gives `undefined` once it is stale; stale data of other endpoints stays', async () => {
    const { Strict, cache, clock, store } = await fetchedStrictTodo(TodoResource);
    const Lenient = TodoResource.extend({ get: { dataExpiryLength: 30 } });
    await cache.controller(store).fetch(Lenient.get, { id: 2 });
    const wrapper = cacheWrapper(cache, store);
    const { result, rerender } = renderHook(() => [useCache(Strict.get, { id: 1 }), useCache(Lenient.get, { id: 2 })] as const, { wrapper });
    expect(result.current[0]?.title).toBe('write hooks');
    clock.advance(31);
    rerender();
    expect(result.current[0]).toBeUndefined();
    expect(result.current[1]?.id).toBe(2);
    expect(api.count('GET', '/todos/1')).toBe(1);
  });

  it('useDLE gives no data and loading while it refetches, then the fresh data', async () => {
    const { Strict, cache, clock, store } = await fetchedStrictTodo(TodoResource);
    clock.advance(31);
    const wrapper = cacheWrapper(cache, store);
    const { result } = renderHook(() => useDLE(Strict.get, { id: 1 }), { wrapper });
    expect(result.current).toEqual({ data: undefined, loading: true, error: undefined });
    // The refetch the hook started lands (waited for on the store's changes, not on a timer).
    await act(() => settled(cache, store));
    expect(result.current.loading).toBe(false);
    expect(result.current.data?.title).toBe('write hooks');
    expect(api.count('GET', '/todos/1')).toBe(2);
  });
});

describe('useQuery', () => {
  it('reads one entity by pk or by its pk members, and every entity of a type', async () => {
    const store = makeStore();
    await restCache.controller(store).fetch(TodoResource.getList);
    const { result } = renderHook(
      () => ({ byPk: useQuery(Todo, 2), byMembers: useQuery(Todo, { id: 3 }), missing: useQuery(Todo, 99), skipped: useQuery(Todo, null), all: useQuery([Todo]) }),
      { wrapper: wrapperFor(store) },
    );
    expect(result.current.byPk?.title).toBe('write tests');
    expect(result.current.byMembers?.title).toBe('write docs');
    expect(result.current.missing).toBeUndefined();
    expect(result.current.skipped).toBeUndefined();
    expect(result.current.all.map((todo) => todo.id)).toEqual([1, 2, 3]);
    expect(api.count('GET', '/todos')).toBe(1);
  });

  it('sees optimistic updates', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    const { result } = renderHook(() => useQuery(Todo, 1), { wrapper: wrapperFor(store) });
    let update!: Promise<unknown>;
    act(() => {
      update = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    });
    expect(result.current?.completed).toBe(true);
    await act(() => update);
    expect(result.current?.completed).toBe(true);
  });

  it('explains what it reads when given another schema', () => {
    const store = makeStore();
    allowConsole(); // React logs the error thrown while rendering
    expect(() => renderHook(() => useQuery(TodoResource.get as never), { wrapper: wrapperFor(store) })).toThrow(
      /`useQuery` reads an Entity class/,
    );
  });
});

describe('useDLE', () => {
  it('gives loading, then data, without Suspense', async () => {
    const store = makeStore();
    const { result } = renderHook(() => useDLE(TodoResource.get, { id: 2 }), { wrapper: wrapperFor(store) });
    expect(result.current).toEqual({ data: undefined, loading: true, error: undefined });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data?.title).toBe('write tests');
    expect(result.current.error).toBeUndefined();
    expect(api.count('GET', '/todos/2')).toBe(1);
  });

  it('gives the error of a failed fetch, and fetches it once', async () => {
    const store = makeStore();
    const { result } = renderHook(() => useDLE(TodoResource.get, { id: 404 }), { wrapper: wrapperFor(store) });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current).toMatchObject({ data: undefined, loading: false, error: { status: 404 } });
    // A refetch the error caused would be sent before one more round trip to the server ends.
    await act(async () => {
      await (await fetch(`${api.server.url}/todos`)).text();
    });
    expect(api.count('GET', '/todos/404')).toBe(1);
  });

  it('skips with `null` args', async () => {
    const store = makeStore();
    const { result } = renderHook(() => useDLE(TodoResource.get, null), { wrapper: wrapperFor(store) });
    await act(() => Promise.resolve());
    expect(result.current).toEqual({ data: undefined, loading: false, error: undefined });
    expect(api.server.requests).toEqual([]);
  });
});

describe('useFetch', () => {
  it('fetches missing data once and returns the same promise while it is in flight', async () => {
    const store = makeStore();
    const promises: unknown[] = [];
    const { result, rerender } = renderHook(
      () => {
        const promise = useFetch(TodoResource.get, { id: 3 });
        promises.push(promise);
        return useCache(TodoResource.get, { id: 3 });
      },
      { wrapper: wrapperFor(store) },
    );
    rerender();
    expect(promises[0]).toBeInstanceOf(Promise);
    expect(promises[1]).toBe(promises[0]);
    await act(() => promises[0] as Promise<unknown>);
    expect(result.current?.title).toBe('write docs');
    expect(promises[promises.length - 1]).toBeUndefined();
    expect(api.count('GET', '/todos/3')).toBe(1);
  });
});

describe('useError', () => {
  it('gives the stored error, and `undefined` after a later success', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    const { result } = renderHook(() => useError(TodoResource.get, { id: 1 }), { wrapper: wrapperFor(store) });
    expect(result.current).toBeUndefined();
    api.server.route('GET', '/todos/:id', () => ({ status: 500, json: { error: 'down' } }));
    await act(() => controller.fetch(TodoResource.get, { id: 1 }).catch(() => undefined));
    expect(result.current).toMatchObject({ name: 'NetworkError', status: 500 });
    api.reset();
    await act(() => controller.fetch(TodoResource.get, { id: 1 }));
    expect(result.current).toBeUndefined();
  });

  it('gives a soft (5xx) error while data is stored, unlike `controller.getError` (a failed refresh, a failed page of a list)', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    const { result } = renderHook(() => useError(TodoResource.get, { id: 1 }), { wrapper: wrapperFor(store) });
    api.server.route('GET', '/todos/:id', () => ({ status: 503, json: { error: 'busy' } }));
    await act(() => controller.fetch(TodoResource.get, { id: 1 }).catch(() => undefined));
    expect(result.current).toMatchObject({ name: 'NetworkError', status: 503 });
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBeUndefined();
  });
});

describe('RestCacheProvider', () => {
  it('points the hooks at another cache instance', async () => {
    const cache = createRestCache({ reducerPath: 'api' });
    const store = makeStore(cache);
    await cache.controller(store).fetch(TodoResource.get, { id: 1 });
    function Title() {
      return <p>{useQuery(Todo, 1)?.title ?? 'none'}</p>;
    }
    renderWithStore(<Title />, { store, cache });
    expect(screen.getByText('write hooks')).toBeTruthy();
  });
});
