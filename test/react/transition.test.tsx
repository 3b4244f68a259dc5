/** @jest-environment ./test/react/environment.ts */
// With Suspense, the previous page stays shown while the next one loads when the change of args is a
// transition (`startTransition` / `useTransition`); without one, the boundary's fallback replaces it.
import { act, screen } from '@testing-library/react';
import { Suspense, useState, useTransition } from 'react';
import { useSuspense } from 'rest-slice/react';
import { makeStore, pagedTodos, renderWithStore, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;

withTodoServer((server) => {
  api = server;
});

function setup() {
  const { Pages, hold } = pagedTodos(api);
  function Page({ page }: { page: number }) {
    const todos = useSuspense(Pages, { page });
    return <p data-testid="page">{todos.map((todo) => todo.title).join(', ')}</p>;
  }
  function Paged({ transition }: { transition: boolean }) {
    const [page, setPage] = useState(1);
    const [isPending, startTransition] = useTransition();
    const next = () => (transition ? startTransition(() => setPage(2)) : setPage(2));
    return (
      <>
        <button onClick={next}>next</button>
        {isPending && <p>next page loading</p>}
        <Suspense fallback={<p>loading</p>}>
          <Page page={page} />
        </Suspense>
      </>
    );
  }
  return { hold, Paged };
}

describe('useSuspense and the next page', () => {
  it('in a transition, page 1 stays shown (with isPending) while page 2 suspends; then page 2', async () => {
    const { hold, Paged } = setup();
    renderWithStore(<Paged transition />, { store: makeStore() });
    expect((await screen.findByTestId('page')).textContent).toBe('write hooks, write tests');

    const second = hold(2);
    act(() => screen.getByText('next').click());
    await act(() => second.arrived);
    expect(screen.getByTestId('page').textContent).toBe('write hooks, write tests');
    expect(screen.getByTestId('page').style.display).toBe('');
    expect(screen.getByText('next page loading')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();

    second.release();
    expect((await screen.findByText('write docs')).dataset.testid).toBe('page');
    expect(screen.queryByText('next page loading')).toBeNull();
  });

  it('without a transition, the fallback replaces page 1 until page 2 arrives', async () => {
    const { hold, Paged } = setup();
    renderWithStore(<Paged transition={false} />, { store: makeStore() });
    await screen.findByTestId('page');

    const second = hold(2);
    act(() => screen.getByText('next').click());
    await act(() => second.arrived);
    expect(screen.getByText('loading')).toBeTruthy();
    // React keeps the suspended page 1 mounted but hidden behind the fallback.
    expect(screen.getByTestId('page').style.display).toBe('none');

    second.release();
    expect((await screen.findByText('write docs')).style.display).toBe('');
  });
});
