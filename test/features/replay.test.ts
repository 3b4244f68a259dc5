// Replaying a recorded action log into a cache with the same features gives the same state; an action of a
// feature the cache lacks changes nothing and is a development warning naming the feature.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { RestEndpoint, allFeatures, createRestCache, schema, type LiveController, type RestCacheState } from 'rest-slice';
import { expectWarnings, makeClock, makeStore, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3, 4].map((id) => ({ id, title: `todo ${id}` })));
  server.route('GET', '/paged', (request) => {
    const all = [...server.todos.values()].sort((a, b) => a.id - b.id);
    const page = Number(request.query.get('page') ?? '1');
    return { json: all.slice((page - 1) * 2, page * 2) };
  });
});
afterEach(() => server.close());

/** A cache with every feature, timers run by the test's clock. */
function featureCache() {
  const clock = makeClock();
  return { clock, cache: createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: allFeatures() }) };
}

it('a log recorded in a store with every feature, replayed into a fresh cache with the same features, gives the same state at each step', async () => {
  const { clock, cache } = featureCache();
  // Placed after the cache's middleware: each action as the reducer got it, and the state it made.
  const steps: { action: UnknownAction; state: RestCacheState }[] = [];
  const record: Middleware = (api) => (next) => (action) => {
    const result = next(action);
    steps.push({ action: action as UnknownAction, state: cache.selectCacheState(api.getState()) });
    return result;
  };
  const store = makeStore(cache, { after: [record] });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);

  // retry(): `rest/retry` and `state.retrying` while the second attempt runs.
  let failures = 0;
  server.route('GET', '/todos/:id', (request) =>
    failures++ === 0 ? { status: 503, json: { message: 'busy' } } : { json: server.todos.get(Number(request.params.id)) },
  );
  const retried = controller.fetch(TodoResource.get.extend({ retry: 1, retryDelay: 10 }), { id: 1 });
  await until(() => clock.delays.length > 0, 'the retry delay');
  clock.advance(10);
  await retried;
  // infinitePages(): `rest/pages` and `state.pages`.
  const List = new RestEndpoint({
    urlPrefix: server.url,
    path: '/paged',
    name: 'Todo.paged',
    searchParams: {} as { page?: number },
    schema: new schema.Collection([Todo]),
    getNextPageParams: (last: Todo[], { page = 1 }: { page?: number }) => (last.length === 2 ? { page: page + 1 } : undefined),
  });
  await controller.fetch(List, {});
  await controller.fetchNextPage(List, {});
  // live() and listeners(): a row streamed by onSubscribe, and a focus refetch of a result in use.
  const watched = TodoResource.get.extend({
    refetchOnFocus: true,
    onSubscribe: (live: LiveController, params: { id: number }) => {
      void live.setResponse(TodoResource.get, params, { id: params.id, title: 'streamed' });
    },
  });
  await controller.fetch(watched, { id: 2 });
  const release = controller.retain(watched, { id: 2 });
  clock.advance(5_000);
  store.dispatch(cache.actions.focus());
  await until(() => Object.keys(slice(cache, store).inflight).length === 0, 'the focus refetch');
  release();

  const types = new Set(steps.map((step) => step.action.type));
  expect(['rest/retry', 'rest/pages', 'rest/focus', 'rest/setResponse'].filter((type) => !types.has(type))).toEqual([]);
  expect(steps.some((step) => step.state.retrying !== undefined)).toBe(true);
  expect(Object.keys(slice(cache, store).pages ?? {})).toEqual([List.key({})]);

  const requests = server.requests.length;
  const fresh = featureCache().cache;
  const replayed = makeStore(fresh);
  const diverged: string[] = [];
  steps.forEach((step, index) => {
    replayed.dispatch(JSON.parse(JSON.stringify(step.action)) as UnknownAction);
    if (!equal(slice(fresh, replayed), step.state)) diverged.push(`${index} ${step.action.type}`);
  });
  expect(diverged).toEqual([]);
  expect(slice(fresh, replayed)).toEqual(slice(cache, store));
  // A replay sends no request.
  expect(server.requests.length).toBe(requests);
});

it('an action of a feature the cache lacks changes nothing and warns, naming the action and the feature', () => {
  const warn = expectWarnings();
  const core = createRestCache();
  const store = makeStore(core);
  const before = store.getState();
  const error = { name: 'NetworkError', message: 'busy', status: 503 };
  const request = { endpoint: 'Todo.get', key: 'GET http://127.0.0.1/todos/1', args: [{ id: 1 }], fetchedAt: 1, requestId: 'r1' };
  store.dispatch({ type: 'rest/retry', payload: { ...request, attempt: 2, error } });
  store.dispatch({ type: 'rest/pages', payload: { key: request.key, entry: null } });
  store.dispatch({ type: 'rest/crossTabState', payload: { optimistic: [] }, meta: { crossTab: 'other' } });
  expect(store.getState()).toBe(before);
  expect(warn.mock.calls).toEqual([
    [
      '[rest-slice] the action `rest/retry` belongs to the retry feature, which the cache at `rest` was made without: it changes nothing. ' +
        'Install it with `createRestCache({ features: [retry()] })` (a replayed log needs a cache with the features it was recorded with).',
    ],
    [
      '[rest-slice] the action `rest/pages` belongs to the infinitePages feature, which the cache at `rest` was made without: it changes nothing. ' +
        'Install it with `createRestCache({ features: [infinitePages()] })` (a replayed log needs a cache with the features it was recorded with).',
    ],
    [
      '[rest-slice] the action `rest/crossTabState` belongs to the crossTab feature, which the cache at `rest` was made without: it changes nothing. ' +
        'Install it with `createRestCache({ features: [crossTab()] })` (a replayed log needs a cache with the features it was recorded with).',
    ],
  ]);
});

function equal(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}
