// A feature's option or method used in a cache without that feature is an error naming the option and the
// feature to install, never a silent no-op: nothing is sent to the server and nothing is stored. Then what
// installing them gives: `allFeatures()` has every capability, and a controller is one per store.
import {
  RestEndpoint,
  allFeatures,
  collectionEdits,
  createRestCache,
  schema,
  setupListeners,
  type LiveController,
  type RestCacheOptions,
} from 'rest-slice';
import { makeClock, makeStore, recorder, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from '../store/helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([1, 2, 3, 4].map((id) => ({ id, title: `todo ${id}` })));
  // Page numbers, two todos a page.
  server.route('GET', '/paged', (request) => {
    const all = [...server.todos.values()].sort((a, b) => a.id - b.id);
    const page = Number(request.query.get('page') ?? '1');
    return { json: all.slice((page - 1) * 2, page * 2) };
  });
});
afterEach(() => server.close());

/** A list of numbered pages (an infinite list: it needs the infinitePages feature). */
function pagedList() {
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/paged',
    name: 'Todo.paged',
    searchParams: {} as { page?: number },
    schema: new schema.Collection([Todo]),
    getNextPageParams: (last: Todo[], { page = 1 }: { page?: number }) => (last.length === 2 ? { page: page + 1 } : undefined),
    getPreviousPageParams: (_first: Todo[], { page = 1 }: { page?: number }) => (page > 1 ? { page: page - 1 } : undefined),
  });
}

/** The core alone (no feature), its store recorded from the first middleware on. */
function coreOnly() {
  const cache = createRestCache({ now: makeClock().now });
  const recorded = recorder();
  const store = makeStore(cache, { before: [recorded.middleware] });
  const initial = store.getState();
  /** No request reached the server, no action was dispatched, and the state is the very same object. */
  const untouched = () =>
    expect({ requests: server.count(), actions: recorded.log, same: store.getState() === initial }).toEqual({ requests: 0, actions: [], same: true });
  return { cache, store, controller: cache.controller(store), untouched };
}

const needs = (endpoint: string, option: string, feature: string) =>
  `[rest-slice] endpoint \`${endpoint}\` sets \`${option}\`, which needs the ${feature} feature: the cache at \`rest\` was made without it. ` +
  `Install it with \`createRestCache({ features: [${feature}()] })\`.`;

describe('used but not installed', () => {
  it.each([
    ['retry', 'retry', { retry: 2 }],
    ['retryDelay', 'retry', { retryDelay: 500 }],
    ['onSubscribe', 'live', { onSubscribe: () => undefined }],
    ['refetchOnFocus', 'listeners', { refetchOnFocus: true }],
    ['refetchOnReconnect', 'listeners', { refetchOnReconnect: true }],
    ['update', 'updaters', { update: () => ({}) }],
    ['getNextPageParams', 'infinitePages', { getNextPageParams: () => undefined }],
    ['getPreviousPageParams', 'infinitePages', { getPreviousPageParams: () => undefined }],
    ['maxPages', 'infinitePages', { maxPages: 3 }],
  ] as const)('an endpoint with `%s`: the fetch rejects naming the %s() feature', async (option, feature, extra) => {
    const { controller, untouched } = coreOnly();
    const get = todoResource(server.url).get.extend(extra);
    await expect(controller.fetch(get, { id: 1 })).rejects.toThrow(needs('Todo.get', option, feature));
    untouched();
  });

  it("an infinite list's push (a POST, which never pages) works without infinitePages()", async () => {
    server.route('POST', '/paged', (request) => ({ status: 201, json: { id: 9, ...(request.body as object) } }));
    const { controller, store } = coreOnly();
    const created = await controller.fetch(pagedList().push, { title: 'pushed' });
    expect(created).toMatchObject({ id: 9, title: 'pushed' });
    expect(controller.getResponse(todoResource(server.url).get, { id: 9 }, store.getState()).data?.title).toBe('pushed');
  });

  it('controller.retain of an endpoint with `onSubscribe` throws naming live(), and runs nothing', () => {
    const { controller, untouched } = coreOnly();
    let ran = 0;
    const get = todoResource(server.url).get.extend({
      onSubscribe: () => {
        ran++;
      },
    });
    expect(() => controller.retain(get, { id: 1 })).toThrow(needs('Todo.get', 'onSubscribe', 'live'));
    expect(ran).toBe(0);
    untouched();
  });

  it('controller.subscribe of an endpoint with `onSubscribe` throws naming live(), and runs nothing', () => {
    const { controller, untouched } = coreOnly();
    let ran = 0;
    const get = todoResource(server.url).get.extend({
      onSubscribe: () => {
        ran++;
      },
    });
    expect(() => controller.subscribe(get, { id: 1 })).toThrow(needs('Todo.get', 'onSubscribe', 'live'));
    expect(ran).toBe(0);
    untouched();
  });

  it.each(['fetchNextPage', 'fetchPreviousPage'] as const)('controller.%s rejects naming infinitePages()', async (method) => {
    const { controller, untouched } = coreOnly();
    await expect(controller[method](pagedList(), { page: 2 })).rejects.toThrow(
      `[rest-slice] \`controller.${method}\` needs the infinitePages feature: the cache at \`rest\` was made without it. ` +
        'Install it with `createRestCache({ features: [infinitePages()] })`.',
    );
    untouched();
  });

  it.each(['remove', 'move'] as const)('getList.%s: the fetch rejects naming the collectionEdits() feature, and sends nothing', async (member) => {
    // Installed in another cache of this process: normalize could run the edit, yet this cache lacks the feature.
    createRestCache({ features: [collectionEdits()] });
    const { controller, untouched } = coreOnly();
    await expect(controller.fetch(todoResource(server.url).getList[member], { userId: 1 }, { id: 1 })).rejects.toThrow(
      `[rest-slice] endpoint \`Todo.getList.${member}\` uses a Collection's \`${member}\`, which needs the collectionEdits feature: the cache at \`rest\` was made without it. ` +
        'Install it with `createRestCache({ features: [collectionEdits()] })`.',
    );
    untouched();
  });

  it("normalize with a Collection's remove, where collectionEdits() was never called, throws naming it", async () => {
    await jest.isolateModulesAsync(async () => {
      // A module registry of its own: nothing in it has called collectionEdits().
      const fresh = await import('rest-slice');
      class Item extends fresh.Entity {
        id = 0;
        pk() {
          return String(this.id);
        }
        static key = 'Item';
      }
      const items = new fresh.schema.Collection([Item]);
      expect(() => fresh.normalize(items.remove, { id: 1 }, [{}])).toThrow(
        "[rest-slice] the Collection `[Item]` was asked to `remove`, which needs the collectionEdits feature: install it with `createRestCache({ features: [collectionEdits()] })` (or call `collectionEdits()` once before normalizing with it).",
      );
      fresh.collectionEdits();
      expect(fresh.normalize(items.remove, { id: 1 }, [{}])).toEqual({ result: '1', entities: { Item: { 1: { id: 1 } } } });
    });
  });

  it('setupListeners(store, cache) without listeners() throws naming it, and dispatches nothing', () => {
    const { cache, store, untouched } = coreOnly();
    expect(() => setupListeners(store, cache)).toThrow(
      '[rest-slice] `setupListeners` needs the listeners feature in the cache at `rest`: make it with ' +
        '`createRestCache({ features: [listeners()] })` and pass it (`setupListeners(store, cache)`).',
    );
    untouched();
  });

  it.each([
    ['retry', 'retry', 1],
    ['refetchOnFocus', 'listeners', true],
  ] as const)('createRestCache({ %s }) of the time before features throws naming the %s() feature', (option, feature, value) => {
    // As an untyped caller would pass it: the option is no longer in `RestCacheOptions`.
    const old = { [option]: value } as RestCacheOptions;
    expect(() => createRestCache(old)).toThrow(
      `[rest-slice] \`createRestCache\` option \`${option}\` belongs to the ${feature} feature now: \`createRestCache({ features: [${feature}({ ${option}: ... })] })\`.`,
    );
  });
});

it('cache.controller(store) is the same object for the same store, and another, reading its own store, for another store', async () => {
  const cache = createRestCache({ features: allFeatures() });
  const one = makeStore(cache);
  const two = makeStore(cache);
  expect(cache.controller(one)).toBe(cache.controller(one));
  expect(cache.controller(two)).toBe(cache.controller(two));
  expect(cache.controller(one)).not.toBe(cache.controller(two));
  await cache.controller(two).fetch(todoResource(server.url).get, { id: 1 });
  expect([cache.selectEntity(one.getState(), Todo, 1)?.title, cache.selectEntity(two.getState(), Todo, 1)?.title]).toEqual([undefined, 'todo 1']);
});

it('createRestCache({ features: allFeatures() }) retries, refetches on focus, loads next pages and runs onSubscribe', async () => {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: allFeatures() });
  expect(cache.features.map((feature) => feature.name)).toEqual(['retry', 'listeners', 'infinitePages', 'live', 'collectionEdits', 'updaters']);
  const store = makeStore(cache);
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  const settled = () => until(() => Object.keys(slice(cache, store).inflight).length === 0, 'requests to settle');

  // retry(): a GET that fails once is tried again after its delay.
  let failures = 0;
  server.route('GET', '/todos/:id', (request) =>
    failures++ === 0 ? { status: 503, json: { message: 'busy' } } : { json: server.todos.get(Number(request.params.id)) },
  );
  const retried = controller.fetch(TodoResource.get.extend({ retry: 1, retryDelay: 10 }), { id: 1 });
  await until(() => clock.delays.length > 0, 'the retry delay');
  clock.advance(10);
  expect((await retried).title).toBe('todo 1');
  expect(server.count('GET', '/todos/1')).toBe(2);

  // listeners(): setupListeners takes the cache (a no-op in Node), and a focus refetches a result in use that asks.
  setupListeners(store, cache)();
  const onFocus = TodoResource.get.extend({ refetchOnFocus: true });
  const release = controller.retain(onFocus, { id: 1 });
  clock.advance(5_000);
  store.dispatch(cache.actions.focus());
  await settled();
  expect(server.count('GET', '/todos/1')).toBe(3);
  release();

  // infinitePages(): the next page is appended to the list.
  const List = pagedList();
  await controller.fetch(List, {});
  await controller.fetchNextPage(List, {});
  expect(controller.getResponse(List, {}, store.getState()).data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);

  // live(): onSubscribe runs while the result has a user, its cleanup when the last one leaves.
  const calls: string[] = [];
  const watched = TodoResource.get.extend({
    onSubscribe: (_live: LiveController, params: { id: number }) => {
      calls.push(`open ${params.id}`);
      return () => calls.push(`close ${params.id}`);
    },
  });
  controller.retain(watched, { id: 2 })();
  expect(calls).toEqual(['open 2', 'close 2']);
});
