/** @jest-environment ./test/react/environment.ts */
// The non-Suspense hooks when a fetch ends with nothing stored (RTK Query's `resetApiState` on logout, its
// `promise.abort()`), and hooks given a hookified endpoint (a new init object on every render), against the
// real test server.
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createRestCache, hookifyResource } from 'rest-slice';
import { RestCacheProvider, useDLE, useRequest, type RequestResult } from 'rest-slice/react';
import {
  deferred,
  makeStore,
  makeTimedCache,
  renderWithStore,
  type TestStore,
  type Todo,
  type TodoResourceType,
  type TodoServer,
  withTodoServer,
} from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;
withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

function wrapperFor(store: TestStore, cache: ReturnType<typeof createRestCache>) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <Provider store={store}>
        <RestCacheProvider cache={cache}>{children}</RestCacheProvider>
      </Provider>
    );
  };
}

/** Holds the server's first answer to GET /todos/:id until `gate.resolve()`. */
function holdFirstAnswer() {
  const gate = deferred();
  let first = true;
  api.server.route('GET', '/todos/:id', async ({ params }) => {
    if (first) {
      first = false;
      await gate.promise;
    }
    return { json: api.todos.get(Number(params.id))! };
  });
  return gate;
}

describe('a first load dropped by resetEntireStore (a logout)', () => {
  it.each(['useDLE', 'useRequest'] as const)('%s fetches again, as the data is still needed, and settles with it', async (hook) => {
    const gate = holdFirstAnswer();
    const cache = createRestCache();
    const store = makeStore(cache);
    const { result } = renderHook(
      () => {
        const request = hook === 'useRequest' ? useRequest(TodoResource.get, { id: 1 }) : useDLE(TodoResource.get, { id: 1 });
        return { data: request.data, loading: 'isFetching' in request ? request.isFetching : request.loading };
      },
      { wrapper: wrapperFor(store, cache) },
    );
    await waitFor(() => expect(api.count('GET', '/todos/1')).toBe(1));
    await act(() => cache.controller(store).resetEntireStore());
    gate.resolve();
    await waitFor(() => expect(result.current).toEqual({ data: expect.objectContaining({ title: 'write hooks' }), loading: false }));
    expect(api.count('GET', '/todos/1')).toBe(2);
  });
});

describe('a first load aborted by controller.abort', () => {
  it('ends the loading with the AbortError (RTK Query: isError), fetches nothing more, and refetch() loads it', async () => {
    const gate = holdFirstAnswer();
    const cache = createRestCache();
    const store = makeStore(cache);
    const { result } = renderHook(() => useRequest(TodoResource.get, { id: 1 }), { wrapper: wrapperFor(store, cache) });
    await waitFor(() => expect(api.count('GET', '/todos/1')).toBe(1));
    await act(() => cache.controller(store).abort(TodoResource.get, { id: 1 }));
    gate.resolve();
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current).toMatchObject({ isLoading: false, isError: true, isSuccess: false, data: undefined });
    expect(result.current.error?.name).toBe('AbortError');
    // A request that reached the server after the abort is not sent again by the hook.
    await act(async () => {
      await (await fetch(`${api.server.url}/todos`)).text();
    });
    expect(api.count('GET', '/todos/1')).toBe(1);
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ isError: false, isSuccess: true, error: undefined });
    expect(result.current.data?.title).toBe('write hooks');
  });
});

const Token = createContext('');

describe('a hookified endpoint (a new init object on every render)', () => {
  it('polls at its interval however often the component re-renders, with one subscription', async () => {
    const Authd = hookifyResource(TodoResource, function useInit(): RequestInit {
      return { headers: { Authorization: `Bearer ${useContext(Token)}` } };
    });
    const timed = makeTimedCache();
    const log: string[] = [];
    const store = makeStore(timed.cache, log);
    let rerender!: () => void;
    function Polled() {
      const [count, setCount] = useState(0);
      rerender = () => setCount(count + 1);
      return <p>{useRequest({ pollFrequency: 1_000 }, Authd.useGet(), { id: 1 }).data?.title ?? 'loading'}</p>;
    }
    renderWithStore(
      <Token.Provider value="secret">
        <Polled />
      </Token.Provider>,
      { store, cache: timed.cache },
    );
    await screen.findByText('write hooks');
    await act(() => timed.tick(store, 600));
    act(() => rerender());
    await act(() => timed.tick(store, 600));
    expect(api.count('GET', '/todos/1')).toBe(2);
    expect(log.filter((type) => type.endsWith('subscribe'))).toEqual(['rest/subscribe']);
    expect(api.server.requests.every((request) => request.headers.authorization === 'Bearer secret')).toBe(true);
  });

  it("useRequest's refetch sends the init of the latest render (a token changed in context)", async () => {
    const Authd = hookifyResource(TodoResource, function useInit(): RequestInit {
      return { headers: { Authorization: `Bearer ${useContext(Token)}` } };
    });
    const cache = createRestCache();
    const store = makeStore(cache);
    let setToken!: (token: string) => void;
    let latest!: RequestResult<Todo>;
    function Detail() {
      latest = useRequest(Authd.useGet(), { id: 1 });
      return <p>{latest.data?.title ?? 'loading'}</p>;
    }
    function App() {
      const [token, set] = useState('old');
      setToken = set;
      return (
        <Token.Provider value={token}>
          <Detail />
        </Token.Provider>
      );
    }
    renderWithStore(<App />, { store, cache });
    await screen.findByText('write hooks');
    act(() => setToken('new'));
    await act(() => latest.refetch());
    expect(api.server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});
