// `endpointMatchers(cache, endpoint, ...args?)`: matchPending / matchFulfilled / matchRejected / matchAborted
// type guards for one endpoint (or one request key), for `extraReducers` and the listener middleware, as
// RTK Query's `api.endpoints.login.matchFulfilled`. The fulfilled payload carries the response as the
// server sent it (`result` stays normalized). Against the real server, with configureStore's checks on.
import { configureStore, createListenerMiddleware, createSlice } from '@reduxjs/toolkit';
import { Entity, RestEndpoint, createRestCache, endpointMatchers } from 'rest-slice';
import { jsonCheckMiddleware } from '../helpers/jsonCheck';
import { recorder, startStoreServer, todoResource, type StoreServer } from './helpers';

// configureStore's development checks on, with the thresholds of the store helpers (a loaded machine is slow).
const CHECKS = { serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } };

class User extends Entity {
  id = 0;
  name = '';
  pk() {
    return String(this.id);
  }
  static override key = 'User';
}

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 7 },
    { id: 2, title: 'two', userId: 7 },
  ]);
  server.route('POST', '/login', (request) =>
    request.body?.password === 'right'
      ? { json: { token: 'tok-1', user: { id: 5, name: 'Ada' } } }
      : { status: 401, json: { message: 'wrong password' } },
  );
});
afterEach(() => server.close());

function loginEndpoint() {
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/login',
    method: 'POST',
    body: {} as { name: string; password: string },
    schema: { token: '', user: User },
    name: 'login',
  });
}

interface AuthState {
  token: string | null;
  user: { id: number; name: string } | null;
  status: 'idle' | 'pending';
  error: string | null;
}

function authSetup() {
  const cache = createRestCache();
  const Login = loginEndpoint();
  const login = endpointMatchers(cache, Login);
  const auth = createSlice({
    name: 'auth',
    initialState: { token: null, user: null, status: 'idle', error: null } as AuthState,
    reducers: {},
    extraReducers: (builder) =>
      builder
        .addMatcher(login.matchPending, (state) => {
          state.status = 'pending';
        })
        .addMatcher(login.matchFulfilled, (state, action) => {
          state.status = 'idle';
          state.token = action.payload.response.token;
          state.user = action.payload.response.user;
        })
        .addMatcher(login.matchRejected, (state, action) => {
          state.status = 'idle';
          state.error = action.payload.error.message;
        }),
  });
  const listener = createListenerMiddleware();
  const log = recorder();
  const store = configureStore({
    reducer: { auth: auth.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) =>
      getDefault(CHECKS).prepend(jsonCheckMiddleware(), listener.middleware).concat(log.middleware, cache.middleware),
  });
  return { cache, Login, login, store, listener, log: log.log, controller: cache.controller(store) };
}

describe('endpointMatchers', () => {
  it('extraReducers read the login response as the server sent it: the user as an object, not its pk', async () => {
    const { Login, store, controller, log, cache } = authSetup();
    const pending = controller.fetch(Login, { name: 'ada', password: 'right' });
    expect(store.getState().auth.status).toBe('pending');
    const data = await pending;
    expect(data.user).toBeInstanceOf(User);
    expect(store.getState().auth).toEqual({ token: 'tok-1', user: { id: 5, name: 'Ada' }, status: 'idle', error: null });
    const fulfilled = log.find((action) => action.type === 'rest/setResponse')!;
    // The response rides in the action; the state keeps one normalized copy.
    expect(fulfilled.payload).toMatchObject({ result: { user: '5', token: 'tok-1' }, response: { token: 'tok-1', user: { id: 5, name: 'Ada' } } });
    expect(cache.selectCacheState(store.getState()).entities.User).toEqual({ 5: { id: 5, name: 'Ada' } });
    // One copy of the user in the cache's state: the row.
    expect(JSON.stringify(cache.selectCacheState(store.getState())).split('"name":"Ada"')).toHaveLength(2);
  });

  it('matchRejected gives the stored error', async () => {
    const { Login, store, controller } = authSetup();
    await expect(controller.fetch(Login, { name: 'ada', password: 'wrong' })).rejects.toThrow();
    expect(store.getState().auth).toEqual({ token: null, user: null, status: 'idle', error: expect.stringContaining('401') });
  });

  it('drive the listener middleware: effects run on this endpoint\'s actions only', async () => {
    const { Login, cache, controller, listener } = authSetup();
    const TodoResource = todoResource(server.url);
    const login = endpointMatchers(cache, Login);
    const seen: string[] = [];
    listener.startListening({
      matcher: login.matchFulfilled,
      effect: (action) => void seen.push(`welcome ${action.payload.response.user.name}`),
    });
    listener.startListening({
      matcher: login.matchRejected,
      effect: (action) => void seen.push(`denied ${action.payload.error.status}`),
    });
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(Login, { name: 'ada', password: 'wrong' }).catch(() => undefined);
    await controller.fetch(Login, { name: 'ada', password: 'right' });
    expect(seen).toEqual(['denied 401', 'welcome Ada']);
  });

  it('with args, match one request key; an endpoint nobody matches on keeps its actions as they were', async () => {
    const { cache, controller, log } = authSetup();
    const TodoResource = todoResource(server.url);
    const first = endpointMatchers(cache, TodoResource.get, { id: 1 });
    const any = endpointMatchers(cache, TodoResource.get);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    await controller.fetch(TodoResource.getList, { userId: 7 });
    const types = (matches: (action: unknown) => boolean) => log.filter(matches).map((action) => `${action.type} ${(action.payload as { key: string }).key}`);
    expect(types(first.matchPending)).toEqual([`rest/fetch GET ${server.url}/todos/1`]);
    expect(types(first.matchFulfilled)).toEqual([`rest/setResponse GET ${server.url}/todos/1`]);
    expect(types(any.matchFulfilled)).toEqual([`rest/setResponse GET ${server.url}/todos/1`, `rest/setResponse GET ${server.url}/todos/2`]);
    const fulfilled = log.filter(first.matchFulfilled);
    expect(fulfilled[0].payload.response).toEqual({ id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 });
    // No matcher names getList: its action carries no second copy of the response (DevTools stays small).
    const list = log.find((action) => action.type === 'rest/setResponse' && (action.payload as { key: string }).key.includes('userId'))!;
    expect(Object.keys(list.payload as object)).not.toContain('response');
  });

  it('matchAborted matches an aborted request of the endpoint', async () => {
    const { cache, controller, log } = authSetup();
    const TodoResource = todoResource(server.url);
    const get = endpointMatchers(cache, TodoResource.get);
    server.hold();
    const request = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    await controller.abort(TodoResource.get, { id: 1 });
    await expect(request).rejects.toThrow();
    expect(log.filter(get.matchAborted).map((action) => action.payload.key)).toEqual([`GET ${server.url}/todos/1`]);
    expect(log.filter(get.matchRejected)).toEqual([]);
    server.hold(false);
    await server.releaseAll();
  });
});
