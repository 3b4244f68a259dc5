// RTK Query's side of the store rows it can take part in: createApi with a
// queryFn that never runs (no request is sent), responses put in with
// `api.util.upsertQueryEntries` (one plain action, as a response lands), reads
// through `api.endpoints.<name>.select(arg)(state).data`. RTK Query keeps
// each response as it came (no normalized table), so an update of one
// project is what its apps write by hand: the detail's entry upserted and the
// list patched with `updateQueryData`. It has no optimistic layer to compare,
// so it takes no part in the pending-optimistic rows.
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import type { ProjectData, ProjectsData, UserData } from './fixtures';
import type { ReadProject } from './store.harness';

/** The RTK Query rows' store: what the store suite drives on this side. */
export interface RtkQueryHarness {
  setList(response: ProjectsData): void;
  readList(): { project: readonly ReadProject[] } | undefined;
  /** The detail's entry upserted and the list's copy of the project patched (RTK Query keeps no shared row). */
  setDetail(project: ProjectData): void;
  setUser(user: UserData): void;
  readUser(): UserData | undefined;
}

/** How the side's store is made. */
export interface RtkQueryStoreOptions {
  /** `configureStore`'s default middleware as is (serializableCheck and immutableCheck on outside production). */
  readonly defaultChecks?: boolean;
}

export const RTK_QUERY = '@reduxjs/toolkit/query 2.x';

function makeApi() {
  // The queries never run their queryFn: every entry is put in with upsertQueryEntries.
  const never = () => new Promise<never>(() => {});
  return createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery(),
    endpoints: (build) => ({
      list: build.query<ProjectsData, void>({ queryFn: never }),
      detail: build.query<ProjectData, { id: string }>({ queryFn: never }),
      user: build.query<UserData, void>({ queryFn: never }),
    }),
  });
}

export function rtkQueryStoreAdapter(options: RtkQueryStoreOptions = {}) {
  const defaultChecks = options.defaultChecks === true;
  const api = makeApi();

  function newStore() {
    return configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) =>
        (defaultChecks ? getDefault() : getDefault({ serializableCheck: false, immutableCheck: false })).concat(api.middleware),
    });
  }
  type Store = ReturnType<typeof newStore>;
  type State = ReturnType<Store['getState']>;

  const selectList = api.endpoints.list.select();
  const selectUser = api.endpoints.user.select();
  const setList = (store: Store, response: ProjectsData) =>
    void store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'list', arg: undefined, value: response }]));
  const readList = (store: Store) => selectList(store.getState() as State).data as { project: readonly ReadProject[] } | undefined;

  function createStore(): RtkQueryHarness {
    const store = newStore();
    return {
      setList: (response) => setList(store, response),
      readList: () => readList(store),
      setDetail: (project) => {
        store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'detail', arg: { id: project.id }, value: project }]));
        store.dispatch(
          api.util.updateQueryData('list', undefined, (draft) => {
            const index = draft.project.findIndex((candidate) => candidate.id === project.id);
            if (index >= 0) draft.project[index] = project;
          }),
        );
      },
      setUser: (user) => void store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'user', arg: undefined, value: user }])),
      readUser: () => selectUser(store.getState() as State).data,
    };
  }

  return {
    name: defaultChecks ? `${RTK_QUERY} · configureStore defaults` : RTK_QUERY,
    createStore,
    /** A fresh store, the 709-project response put in, read back. */
    roundTrip: (response: ProjectsData) => {
      const store = newStore();
      setList(store, response);
      return readList(store);
    },
    wiring:
      `${RTK_QUERY}: createApi({ baseQuery: fakeBaseQuery(), queryFn never settles }) in RTK configureStore ` +
      `(${defaultChecks ? 'default middleware: serializableCheck and immutableCheck on' : 'serializableCheck and immutableCheck off'}) ` +
      'with api.middleware; responses by api.util.upsertQueryEntries, reads by api.endpoints.list.select()(state).data (RTK Query stores ' +
      'responses as they came: no normalization, no Entity instances); an entity update = upsert of the detail + updateQueryData of the list.',
  };
}
