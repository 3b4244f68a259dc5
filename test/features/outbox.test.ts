// The outbox feature against the real test server: writes kept while the server cannot be reached, shown,
// restored by a reload, and replayed once with their idempotency key.
import { discardOutboxEntry } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { until, type StoreServer } from '../store/helpers';
import { entriesOf, startOutboxServer, Gate, openPage, saved, tick, todoResources, watch, type Page } from './outboxHelpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startOutboxServer();
});
afterEach(() => server.close());

const todo = (page: Page, id: number) => page.cache.selectEntity(page.store.getState(), Todo, id) as Todo | undefined;

describe('outbox', () => {
  it('an edit made offline is kept and shown; a reload shows it; online sends it once with its idempotency key and the answer replaces the guess', async () => {
    const { TodoResource } = todoResources(server.url);
    const before = openPage([TodoResource]);
    await before.controller.fetch(TodoResource.get, { id: 1 });
    before.store.dispatch(before.cache.actions.offline());
    const fetchedAt = before.clock.now();
    const saving = watch(before.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Offline' }));
    await tick();
    expect(todo(before, 1)).toMatchObject({ title: 'Offline', updatedAt: 0 });
    expect(entriesOf(before)).toEqual([
      {
        id: expect.any(String),
        endpoint: 'Todo.partialUpdate',
        key: `PATCH ${server.url}/todos/1`,
        args: [{ id: 1 }, { title: 'Offline' }],
        fetchedAt,
        requestId: expect.any(String),
        runAt: fetchedAt,
        idempotencyKey: expect.any(String),
        attempts: 0,
        status: 'pending',
      },
    ]);
    expect(saving.state).toBe('pending');
    expect(server.count('PATCH')).toBe(0);
    const [queued] = entriesOf(before);

    // A reload: a new page from the saved slice, still offline.
    const after = openPage([TodoResource], saved(before));
    after.store.dispatch(after.cache.actions.offline());
    await tick();
    expect(todo(after, 1)).toMatchObject({ title: 'Offline', updatedAt: 0 });
    expect(entriesOf(after)).toEqual([{ ...queued, requestId: expect.any(String), runAt: fetchedAt }]);
    expect(server.count('PATCH')).toBe(0);

    after.store.dispatch(after.cache.actions.online());
    await after.controller.flushOutbox();
    expect(server.count('PATCH', '/todos/1')).toBe(1);
    expect(server.requests.find((request) => request.method === 'PATCH')!.headers['idempotency-key']).toBe(queued.idempotencyKey);
    expect(todo(after, 1)).toMatchObject({ title: 'Offline', updatedAt: 99 });
    expect(entriesOf(after)).toEqual([]);
    expect(after.cache.selectCacheState(after.store.getState()).optimistic).toEqual([]);
  });

  it('in the same page the caller waits while the write is kept, and gets the answer once it is sent', async () => {
    const { TodoResource } = todoResources(server.url);
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    page.store.dispatch(page.cache.actions.offline());
    const saving = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Later' }));
    await tick();
    expect(saving.state).toBe('pending');
    // Still in flight for the store: the write's key stays marked.
    expect(Object.keys(page.cache.selectCacheState(page.store.getState()).inflight)).toEqual([`PATCH ${server.url}/todos/1`]);
    page.store.dispatch(page.cache.actions.online());
    await page.controller.flushOutbox();
    await until(() => saving.state !== 'pending', 'the caller settles');
    expect(saving).toMatchObject({ state: 'resolved', value: { id: 1, title: 'Later', updatedAt: 99 } });
    expect(server.count('PATCH', '/todos/1')).toBe(1);
    expect(entriesOf(page)).toEqual([]);
  });

  it('a write the server cannot be reached for is kept, retried with backoff on the cache timers, and sent once it can', async () => {
    const gate = await new Gate(server.url).open();
    try {
      const { TodoResource } = todoResources(gate.url);
      const page = openPage([TodoResource]);
      await page.controller.fetch(TodoResource.get, { id: 1 });
      await gate.close();
      const saving = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Unreached' }));
      await until(() => entriesOf(page).length === 1, 'the write is kept');
      expect(entriesOf(page)[0]).toMatchObject({ attempts: 1, status: 'pending', error: { status: 500, message: expect.stringMatching(/could not be reached/) } });
      expect(todo(page, 1)).toMatchObject({ title: 'Unreached' });
      // The garbage collection's sweep (60 s), and the outbox's first backoff.
      expect(page.clock.delays).toEqual([60_000, 1000]);
      page.clock.advance(1000);
      await until(() => entriesOf(page)[0]?.attempts === 2, 'a second attempt');
      expect(page.clock.delays).toEqual([60_000, 2000]);
      expect(saving.state).toBe('pending');
      await gate.open();
      page.clock.advance(2000);
      await until(() => saving.state !== 'pending', 'the write is sent');
      expect(saving).toMatchObject({ state: 'resolved', value: { title: 'Unreached', updatedAt: 99 } });
      expect(server.count('PATCH', '/todos/1')).toBe(1);
      expect(entriesOf(page)).toEqual([]);
    } finally {
      await gate.close();
    }
  });

  it('a 4xx answer to a write is not queued: it fails as without the outbox', async () => {
    const { TodoResource } = todoResources(server.url);
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    const saving = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 7 }, { title: 'Nobody' }));
    await until(() => saving.state !== 'pending', 'the write fails');
    expect(saving.error?.status).toBe(404);
    expect(entriesOf(page)).toEqual([]);
  });

  it('a 4xx on replay rolls back only that write, records its error, and later writes recompute over the rollback', async () => {
    const { TodoResource } = todoResources(server.url);
    server.route('PATCH', '/todos/2', (request) =>
      (request.body as { title?: string }).title === 'Bad'
        ? { status: 422, json: { message: 'bad title' } }
        : (() => {
            const next = { ...server.todos.get(2)!, ...(request.body as object), updatedAt: 99 };
            server.todos.set(2, next);
            return { json: next };
          })(),
    );
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    await page.controller.fetch(TodoResource.get, { id: 2 });
    page.store.dispatch(page.cache.actions.offline());
    const first = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Good' }));
    const bad = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'Bad' }));
    const third = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true }));
    await tick();
    expect(todo(page, 2)).toMatchObject({ title: 'Bad', completed: true });
    page.store.dispatch(page.cache.actions.online());
    await page.controller.flushOutbox();
    await until(() => third.state !== 'pending', 'every write settled');
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => [request.path, request.body])).toEqual([
      ['/todos/1', { title: 'Good' }],
      ['/todos/2', { title: 'Bad' }],
      ['/todos/2', { completed: true }],
    ]);
    expect(first.state).toBe('resolved');
    expect(bad.error?.status).toBe(422);
    expect(third.state).toBe('resolved');
    expect(todo(page, 1)).toMatchObject({ title: 'Good' });
    expect(todo(page, 2)).toMatchObject({ title: 'Ship it', completed: true });
    expect(entriesOf(page)).toEqual([
      expect.objectContaining({ endpoint: 'Todo.partialUpdate', args: [{ id: 2 }, { title: 'Bad' }], status: 'failed', error: expect.objectContaining({ status: 422 }) }),
    ]);
    // Discarded, the failed entry leaves the outbox.
    page.store.dispatch(discardOutboxEntry(page.cache, entriesOf(page)[0].id));
    expect(entriesOf(page)).toEqual([]);
  });

  it('a create under a temporary id and an edit of it, both offline and across a reload, replay as a POST then a PATCH of the real id', async () => {
    const { TodoResource, createTodo } = todoResources(server.url);
    const before = openPage([TodoResource, { createTodo }]);
    await before.controller.fetch(TodoResource.getList);
    before.store.dispatch(before.cache.actions.offline());
    before.clock.advance(10);
    const tempId = -before.clock.now();
    void before.controller.fetch(createTodo, { title: 'New' }).catch(() => undefined);
    before.clock.advance(10);
    void before.controller.fetch(TodoResource.partialUpdate, { id: tempId }, { completed: true }).catch(() => undefined);
    await tick();
    const list = (page: Page) =>
      (page.controller.getResponse(TodoResource.getList, page.store.getState()).data as Todo[] | undefined)?.map((item) => `${item.id}:${item.title}:${item.completed}`);
    expect(list(before)).toEqual(['1:Write docs:false', '2:Ship it:false', `${tempId}:New:true`]);

    const after = openPage([TodoResource, { createTodo }], saved(before), before.clock);
    after.store.dispatch(after.cache.actions.offline());
    await tick();
    expect(list(after)).toEqual(['1:Write docs:false', '2:Ship it:false', `${tempId}:New:true`]);
    after.store.dispatch(after.cache.actions.online());
    await after.controller.flushOutbox();
    expect(server.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/todos', { title: 'New' }],
      ['PATCH', '/todos/1000', { completed: true }],
    ]);
    expect(list(after)).toEqual(['1:Write docs:false', '2:Ship it:false', '1000:New:true']);
    expect(entriesOf(after)).toEqual([]);
  });

  it('a write made while earlier ones are being replayed waits behind them, so the server gets them in order', async () => {
    const { TodoResource } = todoResources(server.url);
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    page.store.dispatch(page.cache.actions.offline());
    const first = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'First' }));
    server.hold();
    page.store.dispatch(page.cache.actions.online());
    await server.waitForHeld(1);
    const second = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Second' }));
    expect(entriesOf(page).map((entry) => entry.args[1])).toEqual([{ title: 'First' }, { title: 'Second' }]);
    expect(server.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    server.hold(false);
    await server.releaseAll();
    await page.controller.flushOutbox();
    await until(() => second.state !== 'pending', 'the second write settles');
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ title: 'First' }, { title: 'Second' }]);
    expect(first.state).toBe('resolved');
    expect(todo(page, 1)).toMatchObject({ title: 'Second', updatedAt: 99 });
    expect(entriesOf(page)).toEqual([]);
  });

  it('a read answered while the outbox waits lands beneath the queued write (races rule 5b)', async () => {
    const { TodoResource } = todoResources(server.url);
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    page.store.dispatch(page.cache.actions.offline());
    void page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Mine' }).catch(() => undefined);
    // Someone else completes it; a read brings that while the write waits.
    server.todos.set(1, { ...server.todos.get(1)!, completed: true });
    page.clock.advance(10);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    expect(todo(page, 1)).toMatchObject({ title: 'Mine', completed: true });
    page.store.dispatch(page.cache.actions.online());
    await page.controller.flushOutbox();
    expect(todo(page, 1)).toMatchObject({ title: 'Mine', completed: true, updatedAt: 99 });
  });
});
