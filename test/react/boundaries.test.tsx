/** @jest-environment ./test/react/environment.ts */
import { screen } from '@testing-library/react';
import { NetworkError } from 'rest-slice';
import { AsyncBoundary, ErrorBoundary, NetworkErrorBoundary, useSuspense, type ErrorComponentProps, type StatusError } from 'rest-slice/react';
import { allowConsole } from '../setup';
import { makeStore, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

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

describe('AsyncBoundary', () => {
  it('shows the fallback, then hands the `NetworkError` with its status to `errorComponent`', async () => {
    const logged = allowConsole(); // React logs each error a boundary catches
    const caught: Error[] = [];
    function ShowError({ error }: ErrorComponentProps) {
      caught.push(error);
      return <p role="alert">failed: {(error as NetworkError).status}</p>;
    }
    renderWithStore(
      <AsyncBoundary fallback={<p>loading</p>} errorComponent={ShowError}>
        <TodoTitle id={404} />
      </AsyncBoundary>,
      { store: makeStore() },
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('failed: 404');
    expect(caught[0]).toBeInstanceOf(NetworkError);
    expect((caught[0] as NetworkError).status).toBe(404);
    expect(caught[0].message).toContain(`GET ${api.server.url}/todos/404`);
    expect(logged.some((line) => line.includes('/todos/404'))).toBe(true);
    expect(api.count('GET', '/todos/404')).toBe(1);
  });
});

describe('NetworkErrorBoundary', () => {
  it('renders its fallback for an error with a `status`', async () => {
    allowConsole();
    function Fallback({ error }: ErrorComponentProps<StatusError>) {
      return <p role="alert">status {error.status}</p>;
    }
    renderWithStore(
      <AsyncBoundary fallback={<p>loading</p>} errorComponent={() => <p>outer</p>}>
        <NetworkErrorBoundary fallbackComponent={Fallback}>
          <TodoTitle id={404} />
        </NetworkErrorBoundary>
      </AsyncBoundary>,
      { store: makeStore() },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('status 404');
    expect(screen.queryByText('outer')).toBeNull();
  });

  it('passes an error without a `status` on to the next boundary', () => {
    allowConsole();
    function Broken(): never {
      throw new Error('a bug, not a network failure');
    }
    renderWithStore(
      <ErrorBoundary errorComponent={({ error }) => <p role="alert">outer: {error.message}</p>}>
        <NetworkErrorBoundary fallbackComponent={() => <p>network</p>}>
          <Broken />
        </NetworkErrorBoundary>
      </ErrorBoundary>,
      { store: makeStore() },
    );
    expect(screen.getByRole('alert').textContent).toBe('outer: a bug, not a network failure');
    expect(screen.queryByText('network')).toBeNull();
  });
});
