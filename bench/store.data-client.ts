// @data-client/core 0.10.0's side of the store suite: its Controller and
// createReducer on a plain Redux store, wired the way its Redux guide does
// (applyManager([NetworkManager], controller) + a middleware that makes
// dispatch return a promise, as @data-client/redux's PromiseifyMiddleware).
import { applyManager, Controller, createReducer, initialState, NetworkManager, type State } from '@data-client/core';
import { RestEndpoint } from '@data-client/rest';
import { configureStore } from '@reduxjs/toolkit';
import { applyMiddleware, legacy_createStore, type Middleware } from 'redux';
import { dataClientSchemas, type ProjectData, type ProjectsData } from './fixtures';
import { optimisticProject, URL_PREFIX, type PendingEntry, type ReadProject, type StoreAdapter, type StoreHarness } from './store.harness';

const Project = dataClientSchemas.projects.project[0];
const User = dataClientSchemas.user;

/** Data Client's managers expect `dispatch` to return a promise that settles once the state is committed. */
const promiseify: Middleware = () => (next) => (action) => {
  next(action);
  return Promise.resolve();
};

/** Never settles: the PATCH stays in flight, so its optimistic update stays pending. */
const neverSettles = () => new Promise<Response>(() => {});

/** How the side's store is made. */
export interface DataClientStoreOptions {
  /**
   * RTK `configureStore` with its default middleware (serializableCheck and
   * immutableCheck on outside production) instead of redux's legacy_createStore,
   * for the development rows: the same store an RTK app would put it in.
   */
  readonly configureStore?: boolean;
}

export function dataClientStoreAdapter(options: DataClientStoreOptions = {}): StoreAdapter {
  const withConfigureStore = options.configureStore === true;
  const list = new RestEndpoint({ path: '/projects', schema: { project: [Project] }, urlPrefix: URL_PREFIX });
  const detail = new RestEndpoint({ path: '/projects/:id', schema: Project, urlPrefix: URL_PREFIX });
  const filler = new RestEndpoint({ path: '/filler', schema: { project: [Project] }, urlPrefix: URL_PREFIX });
  const user = new RestEndpoint({ path: '/user', schema: User, urlPrefix: URL_PREFIX });
  const patch = new RestEndpoint({
    path: '/projects/:id',
    method: 'PATCH',
    schema: Project,
    urlPrefix: URL_PREFIX,
    fetchResponse: neverSettles,
    getOptimisticResponse(snap: any, params: { id: string }, body: { name: string }) {
      const data = snap.getResponse(list).data as { project: readonly ReadProject[] } | undefined;
      return optimisticProject(data, params.id, body.name, snap.abort);
    },
  } as any) as any;

  function newStore() {
    const controller = new Controller();
    const reducer = createReducer(controller);
    const managers = applyManager([new NetworkManager()], controller) as Middleware[];
    const store = withConfigureStore
      ? configureStore({
          reducer: reducer as any,
          preloadedState: initialState as any,
          middleware: (getDefault) => getDefault().concat(...managers, promiseify),
        })
      : legacy_createStore(reducer as any, initialState as any, applyMiddleware(...managers, promiseify));
    return { controller, reducer, store };
  }

  function createStore(): StoreHarness {
    const { controller, reducer, store } = newStore();
    // The optimistic view, as Data Client's providers compute it once per state:
    // every pending optimistic action reduced over the confirmed state.
    const views = new WeakMap<State<unknown>, State<unknown>>();
    const viewOf = (state: State<unknown>): State<unknown> => {
      let view = views.get(state);
      if (view === undefined) {
        view = state.optimistic.reduce(reducer as any, state) as State<unknown>;
        views.set(state, view);
      }
      return view;
    };
    const getState = () => store.getState() as unknown as State<unknown>;
    return {
      setList: (response) => void controller.setResponse(list, response),
      readList: () => controller.getResponse(list, viewOf(getState())).data as never,
      setDetail: (project) => void controller.setResponse(detail, { id: project.id }, project),
      setFiller: (response) => void controller.setResponse(filler, response),
      projectCount: () => Object.keys(getState().entities.Project ?? {}).length,
      addOptimistic: (id, name) => {
        controller.fetch(patch, { id }, { name }).catch(() => undefined);
      },
      pending: () =>
        getState().optimistic.map((action: any) => ({
          key: action.meta.key as string,
          fetchedAt: action.meta.fetchedAt as number,
          args: action.meta.args as unknown[],
        })) as readonly PendingEntry[],
      resolve: (entry: PendingEntry, response: ProjectData) =>
        void controller.resolve(patch, { args: entry.args as any, fetchedAt: entry.fetchedAt, response }),
      setUser: (data) => void controller.setResponse(user, data),
      readUser: () => controller.getResponse(user, viewOf(getState())).data,
    };
  }

  return {
    name: withConfigureStore ? '@data-client/core 0.10.0 · configureStore defaults' : '@data-client/core 0.10.0',
    createStore,
    roundTrip: (response: ProjectsData) => {
      const { controller, store } = newStore();
      void controller.setResponse(list, response);
      return controller.getResponse(list, store.getState() as any).data;
    },
    wiring:
      `@data-client/core: new Controller() + createReducer(controller) as the root reducer of ${withConfigureStore ? 'RTK configureStore (default middleware, then the managers)' : 'redux legacy_createStore'}, ` +
      'applyMiddleware(...applyManager([new NetworkManager()], controller), promiseify); the optimistic view is ' +
      'state.optimistic.reduce(reducer, state), memoized per state as its providers do; optimistic updates by controller.fetch(patch) ' +
      '(NetworkManager starts it, fetchResponse never settles), resolved by controller.resolve(patch, { args, fetchedAt, response }).',
  };
}
