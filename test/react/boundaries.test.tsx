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

/** A component whose render throws `error`. */
function Throws({ error }: { error: Error }): never {
  throw error;
}

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
    renderWithStore(
      <ErrorBoundary errorComponent={({ error }) => <p role="alert">outer: {error.message}</p>}>
        <NetworkErrorBoundary fallbackComponent={() => <p>network</p>}>
          <Throws error={new Error('a bug, not a network failure')} />
        </NetworkErrorBoundary>
      </ErrorBoundary>,
      { store: makeStore() },
    );
    expect(screen.getByRole('alert').textContent).toBe('outer: a bug, not a network failure');
    expect(screen.queryByText('network')).toBeNull();
  });
});

describe('the default error component', () => {
  it('shows a NetworkError’s message (which names the status) once, with the boundary’s className', async () => {
    allowConsole();
    const { container } = renderWithStore(
      <AsyncBoundary fallback={<p>loading</p>} errorClassName="failed">
        <TodoTitle id={404} />
      </AsyncBoundary>,
      { store: makeStore() },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(new RegExp(`^\\[rest-slice\\] .*GET ${api.server.url}/todos/404.* 404 Not Found$`));
    expect(alert.textContent?.match(/404 Not Found/g)).toHaveLength(1);
    expect(alert.className).toBe('failed');
    expect(container.querySelector('.failed')).toBe(alert);
  });

  it('puts the status and status text before a message that does not give them (an error of the app’s own)', () => {
    allowConsole();
    const failure = Object.assign(new Error('could not save'), { status: 503, response: { statusText: 'Service Unavailable' } });
    renderWithStore(
      <NetworkErrorBoundary className="network">
        <Throws error={failure} />
        <p>hidden</p>
      </NetworkErrorBoundary>,
      { store: makeStore() },
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('503 Service Unavailable: could not save');
    expect(alert.className).toBe('network');
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('shows the message alone for an error without a status', () => {
    allowConsole();
    renderWithStore(
      <ErrorBoundary>
        <Throws error={new Error('a bug')} />
      </ErrorBoundary>,
      { store: makeStore() },
    );
    expect(screen.getByRole('alert').textContent).toBe('a bug');
    expect(screen.getByRole('alert').getAttribute('class')).toBeNull();
  });
});
