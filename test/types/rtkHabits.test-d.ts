// The types of the RTK Query habits: prepareHeaders() api, endpointMatchers' guards and payloads,
// controller.set's undo and prefetch. Checked by `tsc --noEmit`.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import {
  createRestCache,
  endpointMatchers,
  Entity,
  prepareHeaders,
  RestEndpoint,
  type Controller,
  type Jsonified,
  type PrepareHeadersApi,
  type SetPromise,
} from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class User extends Entity {
  id = 0;
  name = '';
  createdAt = new Date(0);
  pk() {
    return String(this.id);
  }
  static key = 'User';
}

type _json = Expect<Equal<Jsonified<User>, { id: number; name: string; createdAt: string }>>;
type _jsonList = Expect<Equal<Jsonified<User[]>, { id: number; name: string; createdAt: string }[]>>;

const login = new RestEndpoint({ path: '/login', method: 'POST', body: {} as { password: string }, schema: { token: '', user: User } });
const cache = createRestCache({
  features: [
    prepareHeaders((headers, api) => {
      type _api = Expect<Equal<typeof api, PrepareHeadersApi>>;
      type _type = Expect<Equal<typeof api.type, 'query' | 'mutation'>>;
      headers.set('x', api.endpoint);
    }),
  ],
});
const matchers = endpointMatchers(cache, login);

export const slice = createSlice({
  name: 'auth',
  initialState: { token: '', name: '' },
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addMatcher(matchers.matchFulfilled, (state, action) => {
        type _response = Expect<Equal<typeof action.payload.response, { token: string; user: { id: number; name: string; createdAt: string } }>>;
        state.token = action.payload.response.token;
        state.name = action.payload.response.user.name;
      })
      .addMatcher(isAnyOf(matchers.matchRejected, matchers.matchAborted), (state, action) => {
        type _key = Expect<Equal<typeof action.payload.key, string>>;
        state.token = '';
      }),
});

export function controllerTypes(controller: Controller) {
  const written = controller.set(User, { id: 1 }, { id: 1, name: 'x' });
  type _set = Expect<Equal<typeof written, SetPromise>>;
  const dataClientForm: Promise<void> = written;
  type _undo = Expect<Equal<ReturnType<SetPromise['undo']>, Promise<void>>>;
  const prefetched = controller.prefetch(new RestEndpoint({ path: '/users/:id', schema: User }), { id: 1 });
  type _prefetch = Expect<Equal<typeof prefetched, void>>;
  return dataClientForm;
}
