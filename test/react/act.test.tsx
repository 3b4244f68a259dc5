/** @jest-environment ./test/react/environment.ts */
// A fetching hook rendered with Testing Library, the test awaiting something else than Testing Library
// while the request is in flight: React logs no `act(...)` warning (test/setup.ts fails a test that logs one).
import { screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { useCache, useDLE, useFetch, useSuspense } from 'rest-slice/react';
import { deferred, makeStore, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

function WithDLE() {
  const { data, loading } = useDLE(TodoResource.get, { id: 1 });
  return <p>{loading ? 'loading' : data?.title}</p>;
}

function WithFetch() {
  void useFetch(TodoResource.get, { id: 1 });
  return <p>{useCache(TodoResource.get, { id: 1 })?.title ?? 'loading'}</p>;
}

function Title() {
  return <p>{useSuspense(TodoResource.get, { id: 1 }).title}</p>;
}

describe('fetching hooks under Testing Library, without act', () => {
  it.each<[string, () => ReactElement]>([
    ['useDLE', () => <WithDLE />],
    ['useFetch', () => <WithFetch />],
    ['useSuspense', () => <Suspense fallback={<p>loading</p>}><Title /></Suspense>],
  ])('%s: loading, then the data, and React warns about nothing', async (_name, ui) => {
    const arrived = deferred();
    const gate = deferred();
    api.server.route('GET', '/todos/:id', async () => {
      arrived.resolve();
      await gate.promise;
      return { json: api.todos.get(1) };
    });
    renderWithStore(ui(), { store: makeStore() });
    // The request reaches the server while the test waits on a promise of its own.
    await arrived.promise;
    expect(screen.getByText('loading')).toBeTruthy();
    gate.resolve();
    expect(await screen.findByText('write hooks')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(1);
  });
});
