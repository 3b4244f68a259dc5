/** @jest-environment ./test/react/environment.ts */
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { restCache } from 'rest-slice';
import { useController, useLoading, useSuspense } from 'rest-slice/react';
import { deferred, makeStore, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

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

describe('optimistic mutations', () => {
  it('shows the optimistic result at once and rolls it back when the request fails', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={1} />
      </Suspense>,
      { store },
    );
    await screen.findByText('write hooks');
    const release = deferred();
    api.server.route('PATCH', '/todos/:id', async () => {
      await release.promise;
      return { status: 500, json: { error: 'database down' } };
    });

    let update!: Promise<unknown>;
    act(() => {
      update = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'renamed' });
    });
    expect(screen.getByText('renamed')).toBeTruthy();

    release.resolve();
    await act(() => expect(update).rejects.toMatchObject({ status: 500 }));
    expect(screen.getByText('write hooks')).toBeTruthy();
    expect(api.todos.get(1)!.title).toBe('write hooks');
  });

  it('keeps the server result when the request succeeds', async () => {
    const store = makeStore();
    const controller = restCache.controller(store);
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={2} />
      </Suspense>,
      { store },
    );
    await screen.findByText('write tests');
    await act(() => controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'tests written' }));
    expect(screen.getByText('tests written')).toBeTruthy();
    expect(api.todos.get(2)!.title).toBe('tests written');
  });
});

describe('useLoading', () => {
  function Rename({ id }: { id: number }) {
    const controller = useController();
    const todo = useSuspense(TodoResource.get, { id });
    const [rename, loading, error] = useLoading((title: string) => controller.fetch(TodoResource.partialUpdate, { id }, { title }));
    return (
      <div>
        <p>{todo.title}</p>
        <button onClick={() => rename(`${todo.title}!`)}>rename</button>
        {loading ? <span>saving</span> : null}
        {error ? <span role="status">{(error as Error & { status?: number }).status}</span> : null}
      </div>
    );
  }

  it('tracks the pending call and its error', async () => {
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Rename id={3} />
      </Suspense>,
      { store },
    );
    await screen.findByText('write docs');
    fireEvent.click(screen.getByText('rename'));
    expect(screen.getByText('saving')).toBeTruthy();
    // Optimistic: the new title shows while saving.
    expect(screen.getByText('write docs!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('saving')).toBeNull());
    expect(api.todos.get(3)!.title).toBe('write docs!');

    api.server.route('PATCH', '/todos/:id', () => ({ status: 409, json: { error: 'conflict' } }));
    fireEvent.click(screen.getByText('rename'));
    expect((await screen.findByRole('status')).textContent).toBe('409');
    expect(screen.getByText('write docs!')).toBeTruthy();
    expect(screen.queryByText('saving')).toBeNull();
  });

  it("shows the last call's failure only: an earlier call failing after a later one succeeded leaves no error", async () => {
    const first = deferred<never>();
    let calls = 0;
    const { result } = renderHook(() =>
      useLoading(async (title: string) => {
        calls++;
        if (calls === 1) return first.promise;
        return title;
      }),
    );
    let slow!: Promise<unknown>;
    act(() => {
      slow = result.current[0]('first');
    });
    await act(() => result.current[0]('second'));
    await act(async () => {
      first.reject(new Error('first failed'));
      await slow;
    });
    expect(result.current[1]).toBe(false);
    expect(result.current[2]).toBeUndefined();
  });
});
