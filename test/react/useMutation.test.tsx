/** @jest-environment ./test/react/environment.ts */
// useMutation: a trigger and the state of its latest call, with Redux Toolkit Query's names, against the
// real test server. PATCH answers are held with a gate the test opens, so the pending state is observed.
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useMutation, useSuspense, type MutationResult } from 'rest-slice/react';
import { deferred, makeStore, renderWithStore, type TestStore, type Todo, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

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

/** Holds every PATCH until the returned `release` of its call (in arrival order) is called. */
function holdPatches() {
  const gates: ReturnType<typeof deferred>[] = [];
  const { todos } = api;
  api.server.route('PATCH', '/todos/:id', async ({ params, body }) => {
    const gate = deferred();
    gates.push(gate);
    await gate.promise;
    const todo = todos.get(Number(params.id));
    if (todo === undefined) return { status: 404, json: { error: `no todo ${params.id}` } };
    const next = { ...todo, ...(body as object), updatedAt: todo.updatedAt + 1 };
    todos.set(todo.id, next);
    return { json: next };
  });
  return {
    /** Waits until `count` PATCHes have arrived, then answers the `index`th. */
    async release(index: number) {
      await waitFor(() => expect(gates.length).toBeGreaterThan(index));
      gates[index].resolve(undefined);
    },
  };
}

function seen({ data, error, isUninitialized, isLoading, isSuccess, isError }: MutationResult<Todo>) {
  return { title: data?.title, error: (error as (Error & { status?: number }) | undefined)?.status, isUninitialized, isLoading, isSuccess, isError };
}

const none = { title: undefined, error: undefined, isUninitialized: false, isLoading: false, isSuccess: false, isError: false };

describe('useMutation', () => {
  it('uninitialized, pending, then success with the data; the trigger resolves with it', async () => {
    const { release } = holdPatches();
    const { result } = renderHook(() => useMutation(TodoResource.partialUpdate), { wrapper: wrapperFor(makeStore()) });
    expect(seen(result.current[1])).toEqual({ ...none, isUninitialized: true });

    let saved!: Promise<Todo>;
    act(() => {
      saved = result.current[0]({ id: 1 }, { title: 'renamed' });
    });
    expect(seen(result.current[1])).toEqual({ ...none, isLoading: true });
    await release(0);
    expect((await act(() => saved)).title).toBe('renamed');
    expect(seen(result.current[1])).toEqual({ ...none, title: 'renamed', isSuccess: true });
    expect(api.todos.get(1)?.title).toBe('renamed');
  });

  it('a failure rejects the trigger (await it to catch) and shows as `error`; reset goes back to uninitialized', async () => {
    const { result } = renderHook(() => useMutation(TodoResource.partialUpdate), { wrapper: wrapperFor(makeStore()) });
    const [rename] = result.current;
    await act(() => expect(rename({ id: 404 }, { title: 'nobody' })).rejects.toMatchObject({ status: 404 }));
    expect(seen(result.current[1])).toEqual({ ...none, error: 404, isError: true });
    expect(result.current[0]).toBe(rename);

    act(() => result.current[1].reset());
    expect(seen(result.current[1])).toEqual({ ...none, isUninitialized: true });
  });

  it('the state follows the latest call: an earlier call settling later, or a call pending at reset, changes nothing', async () => {
    const { release } = holdPatches();
    const { result } = renderHook(() => useMutation(TodoResource.partialUpdate), { wrapper: wrapperFor(makeStore()) });
    let first!: Promise<Todo>;
    let second!: Promise<Todo>;
    act(() => {
      first = result.current[0]({ id: 1 }, { title: 'first' });
      second = result.current[0]({ id: 2 }, { title: 'second' });
    });
    await release(1);
    await act(() => second);
    expect(seen(result.current[1])).toEqual({ ...none, title: 'second', isSuccess: true });
    await release(0);
    expect((await act(() => first)).title).toBe('first');
    expect(seen(result.current[1])).toEqual({ ...none, title: 'second', isSuccess: true });

    let third!: Promise<Todo>;
    act(() => {
      third = result.current[0]({ id: 3 }, { title: 'third' });
    });
    act(() => result.current[1].reset());
    await release(2);
    await act(() => third);
    expect(seen(result.current[1])).toEqual({ ...none, isUninitialized: true });
  });

  it('a click handler that ignores a failing trigger leaks no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      function Rename() {
        const todo = useSuspense(TodoResource.get, { id: 1 });
        const [rename, { isError, isLoading }] = useMutation(TodoResource.partialUpdate);
        return (
          <>
            <p>{todo.title}</p>
            <button onClick={() => void rename({ id: 1 }, { title: 'renamed' })}>rename</button>
            {isLoading && <p>saving</p>}
            {isError && <p role="alert">could not save</p>}
          </>
        );
      }
      renderWithStore(<Suspense fallback={<p>loading</p>}><Rename /></Suspense>, { store: makeStore() });
      await screen.findByText('write hooks');
      api.server.route('PATCH', '/todos/:id', () => ({ status: 500, json: { error: 'database down' } }));
      act(() => screen.getByText('rename').click());
      // The optimistic title shows while the request runs, and is rolled back when it fails.
      expect(screen.getByText('renamed')).toBeTruthy();
      expect(screen.getByText('saving')).toBeTruthy();
      expect((await screen.findByRole('alert')).textContent).toBe('could not save');
      expect(screen.getByText('write hooks')).toBeTruthy();
      // Node reports an unhandled rejection after the microtasks of the turn: one more round trip passes it.
      await act(async () => {
        await (await fetch(`${api.server.url}/todos`)).text();
      });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
