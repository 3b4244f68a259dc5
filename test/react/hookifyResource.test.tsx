/** @jest-environment ./test/react/environment.ts */
// Data Client's `hookifyResource`: each member becomes a hook that returns it with the request init
// another hook gives (here an auth token from a React context), against the real server.
import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense, createContext, useContext, useState } from 'react';
import { hookifyResource } from 'rest-slice';
import { useController, useSuspense } from 'rest-slice/react';
import { makeStore, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;
withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

const AuthContext = createContext('');

function authorizations(method: string) {
  return api.server.requests.filter((request) => request.method === method).map((request) => request.headers.authorization ?? null);
}

it('a member hook sends the request init its hook reads from context; a new token goes with the next request', async () => {
  const AuthdTodoResource = hookifyResource(TodoResource, function useInit(): RequestInit {
    const token = useContext(AuthContext);
    return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
  });
  expect(Object.keys(AuthdTodoResource).sort()).toEqual(['useCreate', 'useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);

  function Title() {
    const todo = useSuspense(AuthdTodoResource.useGet(), { id: 1 });
    const rename = AuthdTodoResource.usePartialUpdate();
    const controller = useController();
    return (
      <button onClick={() => (saving = controller.fetch(rename, { id: 1 }, { title: 'renamed' }))}>{todo.title}</button>
    );
  }
  let setToken: (token: string) => void = () => undefined;
  let saving: Promise<unknown> | undefined;
  function App() {
    const [token, set] = useState('first');
    setToken = set;
    return (
      <AuthContext.Provider value={token}>
        <Suspense fallback="loading">
          <Title />
        </Suspense>
      </AuthContext.Provider>
    );
  }
  renderWithStore(<App />, { store: makeStore() });
  expect(await screen.findByText(api.todos.get(1)!.title)).toBeTruthy();
  expect(authorizations('GET')).toEqual(['Bearer first']);

  act(() => setToken('second'));
  fireEvent.click(screen.getByRole('button'));
  // The optimistic title shows at once; the server has the PATCH once the fetch settles.
  expect(await screen.findByText('renamed')).toBeTruthy();
  await act(() => saving);
  expect(authorizations('PATCH')).toEqual(['Bearer second']);
  // The hooked members build the resource's request keys, so their data is the resource's.
  expect(api.count('GET', '/todos/1')).toBe(1);
});

it('only members with `extend` become hooks; a resource or useRequestInit of the wrong kind is an error naming it', () => {
  const hooks = hookifyResource({ get: TodoResource.get, label: 'todos', nothing: null }, () => ({}));
  expect(Object.keys(hooks)).toEqual(['useGet']);
  expect(() => hookifyResource(TodoResource, undefined as unknown as () => RequestInit)).toThrow(
    '[rest-slice] `hookifyResource(resource, useRequestInit)` takes a hook that returns a RequestInit, got undefined.',
  );
  expect(() => hookifyResource(undefined as unknown as object, () => ({}))).toThrow(
    '[rest-slice] `hookifyResource(resource, useRequestInit)` takes a resource (`createResource(...)`), got undefined.',
  );
});
