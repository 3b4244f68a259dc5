/** @jest-environment ./test/react/environment.ts */
// schema.Query in the hooks: `useQuery(query, params)` and `useSuspense` of an
// endpoint whose schema is a Query (Data Client's todo-app).
import { act, renderHook, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { restCache, schema } from 'rest-slice';
import { useCache, useDLE, useQuery, useSuspense } from 'rest-slice/react';
import { makeStore, renderWithStore, Todo, type TestStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';
import { allowConsole } from '../setup';

let api: TodoServer;
let TodoResource: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

const queryRemaining = new schema.Query(new schema.All(Todo), (entries, { userId }: { userId?: number } = {}) => {
  if (userId !== undefined) return entries.filter((todo) => todo.userId === userId && !todo.completed).length;
  return entries.filter((todo) => !todo.completed).length;
});

function wrapperFor(store: TestStore) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return <Provider store={store}>{children}</Provider>;
  };
}

it('useQuery (and useCache, Data Client 0.10’s form) reads a Query with its params and follows entity updates', async () => {
  const store = makeStore();
  const controller = restCache.controller(store);
  const { result } = renderHook(
    () => ({ all: useQuery(queryRemaining), mine: useQuery(queryRemaining, { userId: 1 }), cached: useCache(queryRemaining, { userId: 1 }) }),
    { wrapper: wrapperFor(store) },
  );
  expect(result.current).toEqual({ all: undefined, mine: undefined, cached: undefined });
  await act(() => controller.fetch(TodoResource.getList));
  expect(result.current).toEqual({ all: 2, mine: 2, cached: 2 });
  await act(() => controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true }));
  expect(result.current).toEqual({ all: 1, mine: 1, cached: 1 });
  expect(api.count('GET', '/todos')).toBe(1);
});

it('useSuspense fetches an endpoint whose schema is a Query, then shows the query', async () => {
  const store = makeStore();
  const remaining = TodoResource.getList.extend({ schema: queryRemaining, name: 'Todo.remaining' });
  function Remaining() {
    const count = useSuspense(remaining, { userId: 1 });
    return <p>{`${count} left`}</p>;
  }
  renderWithStore(
    <Suspense fallback={<p>loading</p>}>
      <Remaining />
    </Suspense>,
    { store },
  );
  expect(screen.getByText('loading')).toBeTruthy();
  expect(await screen.findByText('2 left')).toBeTruthy();
  await act(() => restCache.controller(store).fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true }));
  expect(screen.getByText('1 left')).toBeTruthy();
});

it('a request hook given an Entity class or a Query says to read it with useQuery', () => {
  allowConsole(); // React may log the render error
  const store = makeStore();
  const wrapper = wrapperFor(store);
  const useSuspenseOf = useSuspense as (...args: unknown[]) => unknown;
  const useDLEOf = useDLE as (...args: unknown[]) => unknown;
  expect(() => renderHook(() => useSuspenseOf(Todo, { id: 1 }), { wrapper })).toThrow(
    /^\[rest-slice\] the request hooks \(`useSuspense`, `useDLE`, `useCache`, `useFetch`, `useLive`, \.\.\.\) take an endpoint, got `Todo`: read an Entity or a schema with `useQuery\(schema, \.\.\.args\)`\.$/,
  );
  expect(() => renderHook(() => useDLEOf(queryRemaining, { userId: 1 }), { wrapper })).toThrow(/take an endpoint, got a Query: read an Entity or a schema with `useQuery/);
  // Nothing was dispatched: the store holds no request.
  expect(restCache.selectCacheState(store.getState()).meta).toEqual({});
});

it("a Query's list that keeps the same entities does not re-render its reader when another row changes", async () => {
  const store = makeStore();
  const controller = restCache.controller(store);
  await controller.fetch(TodoResource.getList);
  const userTodos = new schema.Query(new schema.All(Todo), (todos, { userId }: { userId: number }) => todos.filter((todo) => todo.userId === userId));
  const { userId: owner } = [...api.todos.values()][0];
  const other = [...api.todos.values()].find((todo) => todo.userId !== owner);
  expect(other).toBeDefined();
  let renders = 0;
  function Mine() {
    renders++;
    return <p>{useQuery(userTodos, { userId: other!.userId })?.map((todo) => todo.title).join(', ')}</p>;
  }
  renderWithStore(<Mine />, { store });
  renders = 0;
  // A todo of another user is renamed: the query's list is built again, with the same entities.
  await act(() => controller.fetch(TodoResource.partialUpdate, { id: [...api.todos.values()][0].id }, { title: 'renamed' }));
  expect(renders).toBe(0);
  // One of its own todos is renamed: it re-renders with the new title.
  await act(() => controller.fetch(TodoResource.partialUpdate, { id: other!.id }, { title: 'mine, renamed' }));
  expect(renders).toBeGreaterThanOrEqual(1);
  expect(screen.getByText(/mine, renamed/)).toBeTruthy();
});
