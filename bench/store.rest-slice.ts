// rest-slice's side of the store suite: createRestCache in an RTK store.
// Loaded lazily, so data-client is still measured while src/ does not build.
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, RestEndpoint, type RestCacheState, type SnapshotInterface, type StoredTable } from 'rest-slice';
import type { ProjectData, ProjectsData } from './fixtures';
import { restSliceSchemas } from './fixtures.rest-slice';
import { optimisticProject, URL_PREFIX, type PendingEntry, type ReadProject, type StoreAdapter, type StoreHarness } from './store.harness';

const Project = restSliceSchemas.projects.project[0];
const User = restSliceSchemas.user;

/** Rows of a stored table, flat or split into buckets (docs/state-layout.md). */
function rowCount(table: StoredTable<unknown> | undefined): number {
  if (table === undefined) return 0;
  if (!Array.isArray(table)) return Object.keys(table).length;
  return (table as readonly object[]).reduce((sum, bucket) => sum + Object.keys(bucket).length, 0);
}

/** How the side's store is made. */
export interface RestSliceStoreOptions {
  /** `configureStore`'s default middleware as is (serializableCheck and immutableCheck on outside production), as an app gets it. */
  readonly defaultChecks?: boolean;
}

export function restSliceStoreAdapter(options: RestSliceStoreOptions = {}): StoreAdapter {
  const defaultChecks = options.defaultChecks === true;
  // The fetch every request goes through: it never settles, so optimistic updates stay pending.
  const cache = createRestCache({ fetch: () => new Promise<Response>(() => {}) });

  const list = new RestEndpoint({ path: '/projects', schema: { project: [Project] }, urlPrefix: URL_PREFIX });
  const detail = new RestEndpoint({ path: '/projects/:id', schema: Project, urlPrefix: URL_PREFIX });
  const filler = new RestEndpoint({ path: '/filler', schema: { project: [Project] }, urlPrefix: URL_PREFIX });
  const user = new RestEndpoint({ path: '/user', schema: User, urlPrefix: URL_PREFIX });
  const patch = new RestEndpoint({
    path: '/projects/:id',
    method: 'PATCH',
    schema: Project,
    urlPrefix: URL_PREFIX,
    getOptimisticResponse(snap: SnapshotInterface, params: { id: string }, body: { name: string }) {
      const data = snap.getResponse(list).data as { project: readonly ReadProject[] } | undefined;
      return optimisticProject(data, params.id, body.name, snap.abort);
    },
  } as never) as unknown as RestEndpoint<any>;

  function newStore() {
    // By default RTK's dev checks (serializable, immutable) are off: they are not part of what a
    // production build runs. The development rows keep `configureStore`'s defaults, as an app does.
    return configureStore({
      reducer: { rest: cache.reducer },
      middleware: (getDefault) =>
        (defaultChecks ? getDefault() : getDefault({ serializableCheck: false, immutableCheck: false })).concat(cache.middleware),
    });
  }

  function createStore(): StoreHarness {
    const store = newStore();
    const controller = cache.controller(store);
    const slice = () => (store.getState() as { rest: RestCacheState }).rest;
    const sync = (promise: Promise<unknown>) => {
      // controller.setResponse/resolve do their work synchronously; a rejection is a broken adapter.
      promise.catch((error: unknown) => {
        throw error;
      });
    };
    return {
      setList: (response) => sync(controller.setResponse(list as any, response)),
      readList: () => controller.getResponse(list as any, store.getState()).data as never,
      setDetail: (project) => sync(controller.setResponse(detail as any, { id: project.id }, project)),
      setFiller: (response) => sync(controller.setResponse(filler as any, response)),
      projectCount: () => rowCount(slice().entities.Project),
      addOptimistic: (id, name) => {
        controller.fetch(patch as any, { id }, { name }).catch(() => undefined);
      },
      pending: () => slice().optimistic as readonly PendingEntry[],
      resolve: (entry: PendingEntry, response: ProjectData) =>
        sync(controller.resolve(patch as any, { args: entry.args as never, fetchedAt: entry.fetchedAt, response })),
      setUser: (data) => sync(controller.setResponse(user as any, data)),
      readUser: () => cache.selectResponse(store.getState(), user as any).data,
    };
  }

  return {
    name: defaultChecks ? 'rest-slice · configureStore defaults' : 'rest-slice',
    createStore,
    roundTrip: (response: ProjectsData) => {
      const store = newStore();
      const controller = cache.controller(store);
      void controller.setResponse(list as any, response);
      return controller.getResponse(list as any, store.getState()).data;
    },
    wiring:
      `rest-slice: createRestCache({ fetch: never-settling }) in RTK configureStore (${defaultChecks ? 'default middleware: serializableCheck and immutableCheck on' : 'serializableCheck and immutableCheck off'}), ` +
      'cache.controller(store); optimistic updates by controller.fetch(patch), resolved by controller.resolve(patch, { args, fetchedAt, response }).',
  };
}
