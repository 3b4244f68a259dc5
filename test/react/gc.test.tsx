/** @jest-environment ./test/react/environment.ts */
// Mounted hooks hold their results in use: garbage collection keeps them while mounted and removes them after.
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createRestCache, type RestCache, schema } from 'rest-slice';
import { useCache, useDLE, useLive, useQuery, useSuspense } from 'rest-slice/react';
import { makeStore, renderWithStore, Todo, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;
withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

function makeCache() {
  let time = 1_000_000;
  const cache = createRestCache({ reducerPath: 'gcApi', now: () => time, keepUnusedDataFor: 1_000 });
  return { cache, advance: (ms: number) => (time += ms) };
}

function SuspenseTitle({ id }: { id: number }) {
  return <p>{useSuspense(TodoResource.get, { id }).title}</p>;
}
function CacheTitle({ id }: { id: number }) {
  return <p>cached {useCache(TodoResource.get, { id })?.title ?? 'none'}</p>;
}
function DLETitle({ id }: { id: number }) {
  const { data } = useDLE(TodoResource.get, { id });
  return <p>dle {data?.title ?? 'loading'}</p>;
}
function LiveTitle({ id }: { id: number }) {
  return <p>live {useLive(TodoResource.get, { id }).title}</p>;
}

async function sweep(cache: RestCache, store: ReturnType<typeof makeStore>) {
  await act(() => cache.controller(store).gc());
}

describe.each([false, true])('StrictMode %s', (strict) => {
  it.each([
    ['useSuspense', SuspenseTitle, 'write hooks'],
    ['useDLE', DLETitle, 'dle write hooks'],
    ['useLive', LiveTitle, 'live write hooks'],
  ] as const)('%s holds its result while mounted; unmounted, gc removes it; a remount fetches again', async (_name, Component, text) => {
    const { cache, advance } = makeCache();
    const store = makeStore(cache);
    const view = renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Component id={1} />
      </Suspense>,
      { store, cache, strict },
    );
    expect(await screen.findByText(text)).toBeTruthy();
    advance(10_000);
    await sweep(cache, store);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('write hooks');

    view.unmount();
    advance(999);
    await sweep(cache, store);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('write hooks');
    advance(1);
    await sweep(cache, store);
    // One release per mount, StrictMode included: nothing holds it any more.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    expect(cache.selectCacheState(store.getState()).endpoints).toEqual({});

    const requests = api.count('GET', '/todos/1');
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Component id={1} />
      </Suspense>,
      { store, cache, strict },
    );
    expect(await screen.findByText(text)).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(requests + 1);
  });

  it('useCache holds data fetched elsewhere; two components of one key need both unmounted', async () => {
    const { cache, advance } = makeCache();
    const store = makeStore(cache);
    await cache.controller(store).fetch(TodoResource.get, { id: 2 });
    const first = renderWithStore(<CacheTitle id={2} />, { store, cache, strict });
    const second = renderWithStore(<SuspenseTitle id={2} />, { store, cache, strict });
    expect(screen.getByText('cached write tests')).toBeTruthy();
    first.unmount();
    advance(5_000);
    await sweep(cache, store);
    expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('write tests');
    second.unmount();
    advance(1_000);
    await sweep(cache, store);
    expect(cache.selectEntity(store.getState(), Todo, 2)).toBeUndefined();
  });

  it('a skipped hook (null args) holds nothing', async () => {
    const { cache, advance } = makeCache();
    const store = makeStore(cache);
    await cache.controller(store).fetch(TodoResource.get, { id: 3 });
    function Skipped() {
      const data = useCache(TodoResource.get, null);
      return <p>skipped {String(data)}</p>;
    }
    renderWithStore(<Skipped />, { store, cache, strict });
    advance(1_000);
    await sweep(cache, store);
    expect(cache.selectEntity(store.getState(), Todo, 3)).toBeUndefined();
  });
});

describe.each([false, true])('useQuery holds what it reads (StrictMode %s)', (strict) => {
  const allTodos = new schema.All(Todo);
  const remaining = new schema.Query(allTodos, (todos, { userId }: { userId: number }) =>
    todos.filter((todo) => !todo.completed && todo.userId === userId).map((todo) => todo.title),
  );
  function AllTitles() {
    return <p>all {(useQuery(allTodos) ?? []).map((todo) => todo.title).join(', ')}</p>;
  }
  function Remaining() {
    return <p>remaining {(useQuery(remaining, { userId: 1 }) ?? []).join(', ')}</p>;
  }
  function EveryRow() {
    return <p>rows {useQuery([Todo]).map((todo) => todo.title).join(', ')}</p>;
  }
  function ByPk() {
    return <p>pk {useQuery(Todo, 2)?.title ?? 'none'}</p>;
  }
  const titles = (cache: RestCache, store: ReturnType<typeof makeStore>) =>
    Object.values(cache.selectCacheState(store.getState()).entities.Todo ?? {}).map((row) => (row as { title: string }).title).sort();

  it.each([
    ['schema.All', AllTitles, 'all write hooks, write tests, write docs', ['write docs', 'write hooks', 'write tests']],
    ['schema.Query', Remaining, 'remaining write hooks, write tests', ['write docs', 'write hooks', 'write tests']],
    ['[Todo]', EveryRow, 'rows write hooks, write tests, write docs', ['write docs', 'write hooks', 'write tests']],
    ['Todo by pk', ByPk, 'pk write tests', ['write tests']],
  ] as const)('%s: its rows survive gc after their list is released; after unmount gc removes them', async (_name, Component, text, kept) => {
    const { cache, advance } = makeCache();
    const store = makeStore(cache);
    await cache.controller(store).fetch(TodoResource.getList, {});
    const view = renderWithStore(<Component />, { store, cache, strict });
    expect(screen.getByText(text)).toBeTruthy();

    advance(5_000);
    await sweep(cache, store);
    // The list result went; the rows the mounted query shows stay, and it still shows them.
    expect(cache.selectCacheState(store.getState()).endpoints).toEqual({});
    expect(titles(cache, store)).toEqual(kept);
    expect(screen.getByText(text)).toBeTruthy();

    view.unmount();
    advance(999);
    await sweep(cache, store);
    expect(titles(cache, store)).toEqual(kept);
    advance(1);
    await sweep(cache, store);
    // One release per mount, StrictMode included: nothing holds the rows any more.
    expect(titles(cache, store)).toEqual([]);
  });
});
