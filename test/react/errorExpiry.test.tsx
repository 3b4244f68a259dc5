/** @jest-environment ./test/react/environment.ts */
// Error expiry in the hooks, with the cache's own clock: a fresh error is thrown to the boundary
// (up to and including its `expiresAt`), an expired one is refetched on the next render or mount,
// and a soft (5xx) error keeps the data on screen while a hard one is thrown.
import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createRestCache, type RestCache } from 'rest-slice';
import { ErrorBoundary, useDLE, useSuspense, type ErrorComponentProps } from 'rest-slice/react';
import { allowConsole } from '../setup';
import { deferred, makeStore, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

const ERROR_EXPIRY = 1_000;
let clock = 0;
let cache: RestCache;
beforeEach(() => {
  // Far from the wall clock, so only this clock can make an error expire.
  clock = Date.now() + 3_600_000;
  cache = createRestCache({ reducerPath: 'expiry', now: () => clock, errorExpiryLength: ERROR_EXPIRY });
});

function TodoTitle({ id }: { id: number }) {
  const todo = useSuspense(TodoResource.get, { id });
  return <p>{todo.title}</p>;
}

function ShowError({ error, resetErrorBoundary }: ErrorComponentProps) {
  return (
    <div>
      <p role="alert">{error.message}</p>
      <button onClick={resetErrorBoundary}>try again</button>
    </div>
  );
}

/** A new element each call (`generation` remounts the boundary and its child). */
const ui = (id: number, generation = 0) => (
  <ErrorBoundary key={generation} errorComponent={ShowError}>
    <Suspense fallback={<p>loading</p>}>
      <TodoTitle id={id} />
    </Suspense>
  </ErrorBoundary>
);

/** Fetches `id` once so it fails with a 404 stamped at the current clock; returns the store. */
async function failedFetch(id: number) {
  const store = makeStore(cache);
  const controller = cache.controller(store);
  await expect(controller.fetch(TodoResource.get, { id })).rejects.toMatchObject({ status: 404 });
  expect(store.getState().expiry.meta[TodoResource.get.key({ id })]?.expiresAt).toBe(clock + ERROR_EXPIRY);
  return { store, controller };
}

describe('a hard error on missing data', () => {
  it('is thrown to the boundary while fresh, also on a remount at exactly its expiresAt, without a refetch', async () => {
    allowConsole(); // React logs each error a boundary catches
    const { store } = await failedFetch(9);
    const { rerender } = renderWithStore(ui(9), { store, cache });
    expect(screen.getByRole('alert').textContent).toContain('/todos/9');

    clock += ERROR_EXPIRY; // now === expiresAt: not expired yet
    rerender(ui(9, 1));
    await act(() => Promise.resolve());
    expect(screen.getByRole('alert').textContent).toContain('/todos/9');
    expect(api.count('GET', '/todos/9')).toBe(1);
  });

  it('once expired, is refetched on the next mount instead of thrown again', async () => {
    allowConsole();
    const { store } = await failedFetch(9);
    api.todos.set(9, { id: 9, title: 'created since', completed: false, userId: 1, updatedAt: 1 });
    clock += ERROR_EXPIRY + 1;
    renderWithStore(ui(9), { store, cache });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('created since')).toBeTruthy();
    expect(api.count('GET', '/todos/9')).toBe(2);
  });

  it('once expired, is refetched on the next render of a component that had thrown it', async () => {
    allowConsole();
    const { store } = await failedFetch(9);
    renderWithStore(ui(9), { store, cache });
    expect(screen.getByRole('alert').textContent).toContain('/todos/9');

    api.todos.set(9, { id: 9, title: 'created since', completed: false, userId: 1, updatedAt: 1 });
    clock += ERROR_EXPIRY + 1;
    fireEvent.click(screen.getByText('try again'));
    expect(await screen.findByText('created since')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.count('GET', '/todos/9')).toBe(2);
  });
});

describe('an error of a refetch, with data stored', () => {
  it('a soft (5xx) one keeps the data on screen and is not refetched while fresh', async () => {
    const store = makeStore(cache);
    const controller = cache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    api.server.route('GET', '/todos/:id', () => ({ status: 503, json: { error: 'down' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 503 });

    renderWithStore(ui(1), { store, cache });
    await act(() => Promise.resolve());
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.count('GET', '/todos/1')).toBe(2);
  });

  it('a soft one, once expired, is refetched in the background while the data stays on screen', async () => {
    const store = makeStore(cache);
    const controller = cache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    api.server.route('GET', '/todos/:id', () => ({ status: 503, json: { error: 'down' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    api.reset(); // the server is back, with a new title
    api.todos.set(1, { ...api.todos.get(1)!, title: 'back up' });

    clock += ERROR_EXPIRY + 1;
    renderWithStore(ui(1), { store, cache });
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(await screen.findByText('back up')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(1);
  });

  it('a hard (4xx) one is thrown to the boundary', async () => {
    allowConsole();
    const store = makeStore(cache);
    const controller = cache.controller(store);
    await controller.fetch(TodoResource.get, { id: 1 });
    api.server.route('GET', '/todos/:id', () => ({ status: 403, json: { error: 'forbidden' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toMatchObject({ status: 403 });

    renderWithStore(ui(1), { store, cache });
    expect(screen.getByRole('alert').textContent).toContain('/todos/1');
    expect(screen.queryByText('write hooks')).toBeNull();
  });
});

describe('useDLE', () => {
  function TodoState({ id }: { id: number }) {
    const { data, loading, error } = useDLE(TodoResource.get, { id });
    return <p>{loading ? 'loading' : error ? `error ${(error as Error & { status?: number }).status}` : data?.title}</p>;
  }

  it('returns a fresh error without refetching it; once expired, the next render refetches', async () => {
    const { store } = await failedFetch(9);
    const key = TodoResource.get.key({ id: 9 });
    // Requests from here on wait for the test, so one started is seen in flight.
    const gate = deferred();
    api.todos.set(9, { id: 9, title: 'created since', completed: false, userId: 1, updatedAt: 1 });
    api.server.route('GET', '/todos/:id', async () => {
      await gate.promise;
      return { json: api.todos.get(9) };
    });

    const { rerender } = renderWithStore(<TodoState id={9} />, { store, cache });
    await act(() => Promise.resolve());
    expect(screen.getByText('error 404')).toBeTruthy();
    expect(store.getState().expiry.inflight).toEqual({});

    clock += ERROR_EXPIRY + 1;
    rerender(<TodoState id={9} />);
    await act(() => Promise.resolve());
    expect(Object.keys(store.getState().expiry.inflight)).toEqual([key]);
    gate.resolve();
    expect(await screen.findByText('created since')).toBeTruthy();
    expect(api.count('GET', '/todos/9')).toBe(2);
  });
});
