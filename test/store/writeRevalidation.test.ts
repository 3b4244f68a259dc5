// Rule 5b's revalidation follows entities, not request keys: when a write succeeds, every stored result
// holding an entity that arrived during the write's flight (by a response, a page, `controller.set` from
// an event stream, `controller.setResponse`) is refetched if in use, else marked stale; also results other
// than the one the data came under.
import type { LiveController } from 'rest-slice';
import { RestEndpoint, live } from 'rest-slice';
import { openEventStream, startSseServer, type SseServer } from '../helpers/sse';
import { Counter, counterResource, counterRoutes, setup, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from './helpers';

let server: StoreServer;
let sse: SseServer;
beforeEach(async () => {
  server = await startStoreServer();
  sse = await startSseServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 7 },
    { id: 2, title: 'two', userId: 7 },
  ]);
});
afterEach(async () => {
  await server.close();
  await sse.close();
});

/** Releases the one held request of `method` (and `path`, when given). */
async function release(method: string, path?: string) {
  const index = server.held.findIndex((held) => held.request.method === method && (path === undefined || held.request.path === path));
  if (index === -1) throw new Error(`no held ${method} ${path ?? ''}`);
  await server.held[index].release();
}

it('an event brought by onSubscribe during an optimistic write: the result in use is refetched and shows the server state', async () => {
  const { cache, store, controller, clock } = setup({ features: [live()] });
  const TodoResource = todoResource(server.url);
  // The detail streams its todo's changes into the cache while in use.
  const LiveGet = TodoResource.get.extend({
    onSubscribe(live: LiveController, params: { id: number }) {
      return openEventStream(`${sse.url}/todos/${params.id}`, ({ data }) => {
        void live.set(Todo, params, JSON.parse(data) as object);
      });
    },
  });
  await controller.fetch(LiveGet, { id: 1 });
  const releaseUse = controller.retain(LiveGet, { id: 1 });
  await sse.waitForOpen(1);
  // The server saves each request on arrival; its answer waits for the release.
  server.hold(true, 'onArrival');
  clock.advance(10);
  const write = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'saved' });
  await server.waitForHeld(1);
  // Someone renames the todo after the server saved the write; the stream brings the renamed row.
  server.todos.set(1, { ...server.todos.get(1)!, title: 'theirs' });
  clock.advance(10);
  expect(sse.send('message', { ...server.todos.get(1)! })).toBe(1);
  await until(() => (slice(cache, store).entities.Todo?.['1'] as { title?: string } | undefined)?.title === 'theirs', 'the event');
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');

  // The write's answer (from before the rename) is merged over the event...
  await release('PATCH');
  expect((await write).title).toBe('saved');
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('saved');
  // ...and the detail in use is refetched, so the cache converges on the server's state.
  await server.waitForHeld(1);
  expect(server.count('GET', '/todos/1')).toBe(2);
  clock.advance(10);
  await release('GET', '/todos/1');
  await until(() => cache.selectResponse(store.getState(), LiveGet, { id: 1 }).data?.title === 'theirs', "the server's state");
  expect(cache.selectResponse(store.getState(), LiveGet, { id: 1 }).data).toMatchObject({ id: 1, title: 'theirs' });
  releaseUse();
});

it('a setResponse of the detail during a PUT: after the PUT the list holding that todo is marked stale too', async () => {
  const { cache, store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  const listKey = TodoResource.getList.key({});
  const detailKey = TodoResource.get.key({ id: 2 });
  server.hold();
  clock.advance(10);
  const list = controller.fetch(TodoResource.getList, {});
  clock.advance(10);
  const put = controller.fetch(TodoResource.update, { id: 2 }, { title: 'put', completed: false, userId: 7 });
  await server.waitForHeld(2);
  // A streamed event answers the detail of todo 2 during the PUT.
  clock.advance(10);
  await controller.setResponse(TodoResource.get, { id: 2 }, { id: 2, title: 'event', completed: true, userId: 7, updatedAt: 0 });
  // Then the list is answered, still during the PUT (its older row of todo 2 changes nothing).
  await release('GET', '/todos');
  expect((await list).map((todo) => todo.id)).toEqual([1, 2]);
  expect(slice(cache, store).meta[listKey].expiresAt).toBeGreaterThan(clock.now());
  await release('PUT');
  expect((await put).title).toBe('put');
  // Both results that hold todo 2 are stale: the one the event came under and the list.
  expect(slice(cache, store).meta[detailKey].expiresAt).toBe(0);
  expect(slice(cache, store).meta[listKey].expiresAt).toBe(0);
  expect(cache.selectResponse(store.getState(), TodoResource.getList, {}).data?.map((todo) => todo.title)).toEqual(['one', 'put']);
  expect(server.held).toHaveLength(0);
});

it('the counter arriving under another request key during an increment: the stored result of the same counter is marked stale', async () => {
  const { cache, store, controller, clock } = setup();
  counterRoutes(server);
  const { get, increment } = counterResource(server.url);
  const compact = new RestEndpoint({
    urlPrefix: server.url,
    path: '/counters/:id',
    searchParams: {} as { view: string },
    schema: Counter,
    name: 'Counter.compact',
  });
  const countKey = get.key({ id: 1 });
  const compactKey = compact.key({ id: 1, view: 'compact' });
  expect(compactKey).not.toBe(countKey);
  await controller.fetch(get, { id: 1 });
  server.hold();
  clock.advance(10);
  const write = controller.fetch(increment, { id: 1 });
  expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(1);
  clock.advance(10);
  const read = controller.fetch(compact, { id: 1, view: 'compact' });
  await server.waitForHeld(2);
  await release('GET');
  expect((await read).count).toBe(0);
  await release('POST');
  expect((await write).count).toBe(1);
  expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(1);
  // Neither result is in use: both hold counter 1, so both are stale.
  expect(slice(cache, store).meta[compactKey].expiresAt).toBe(0);
  expect(slice(cache, store).meta[countKey].expiresAt).toBe(0);
  expect(server.held).toHaveLength(0);
});

it('rows answered before the write was sent, arriving during its flight (another tab relaying late), leave the results fresh', async () => {
  const { cache, store, controller, clock } = setup();
  const TodoResource = todoResource(server.url);
  const detailKey = TodoResource.get.key({ id: 2 });
  await controller.fetch(TodoResource.get, { id: 2 });
  clock.advance(10);
  const answeredAt = clock.now();
  server.hold();
  clock.advance(10);
  const put = controller.fetch(TodoResource.update, { id: 2 }, { title: 'put', completed: false, userId: 7 });
  await server.waitForHeld(1);
  // Another tab's answer to the detail, received before this PUT was sent, reaches this store now.
  store.dispatch(
    cache.actions.setResponse({
      endpoint: TodoResource.get.name,
      key: detailKey,
      args: [{ id: 2 }],
      fetchedAt: answeredAt - 1,
      date: answeredAt,
      expiresAt: answeredAt + 60_000,
      result: '2',
      entities: { Todo: { 2: { id: 2, title: 'two', completed: false, userId: 7, updatedAt: 0 } } },
      entitiesMeta: { Todo: { 2: { fetchedAt: answeredAt - 1, date: answeredAt, expiresAt: answeredAt + 60_000 } } },
    }),
  );
  await release('PUT');
  expect((await put).title).toBe('put');
  // The write's answer is newer than that row: nothing to revalidate.
  expect(slice(cache, store).meta[detailKey].expiresAt).toBe(answeredAt + 60_000);
  expect(cache.selectResponse(store.getState(), TodoResource.get, { id: 2 }).data?.title).toBe('put');
  expect(server.held).toHaveLength(0);
});
