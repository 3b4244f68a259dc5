// The outbox feature against the real test server: entries that cannot be replayed, several stores, retry,
// the rehydrate action, abort and reset, bad options.
import { configureStore } from '@reduxjs/toolkit';
import { createResource, discardOutboxEntry, outbox, retryOutboxEntry, createRestCache, selectOutbox, type RestCacheState, type RestFeature } from 'rest-slice';
import { makeClock } from '../helpers/clock';
import { Todo } from '../fixtures/Todo';
import { expectWarnings, until, type StoreServer } from '../store/helpers';
import { entriesOf, startOutboxServer, openPage, saved, tick, todoResources, watch, type Page } from './outboxHelpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startOutboxServer();
});
afterEach(() => server.close());

const todo = (page: Page, id: number) => page.cache.selectEntity(page.store.getState(), Todo, id) as Todo | undefined;

describe('outbox entries', () => {
  it('an entry whose endpoint is no longer defined is a clear error and is kept; the others are sent', async () => {
    const { TodoResource } = todoResources(server.url);
    class Note extends Todo {
      static override key = 'Note';
    }
    const NoteResource = createResource({ urlPrefix: server.url, path: '/notes/:id', schema: Note, optimistic: true });
    const before = openPage([TodoResource, NoteResource]);
    await before.controller.fetch(TodoResource.get, { id: 1 });
    before.store.dispatch(before.cache.actions.offline());
    void before.controller.fetch(NoteResource.partialUpdate, { id: 5 }, { title: 'Gone' }).catch(() => undefined);
    void before.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Kept' }).catch(() => undefined);
    await tick();
    const noteEntry = entriesOf(before)[0];

    const after = openPage([TodoResource], saved(before));
    await tick();
    await after.controller.flushOutbox();
    expect(entriesOf(after)).toEqual([
      {
        ...noteEntry,
        status: 'failed',
        error: {
          name: 'Error',
          message: `[rest-slice] the outbox entry ${noteEntry.id} names the endpoint \`Note.partialUpdate\` (PATCH ${server.url}/notes/5), which no resource given to \`outbox({ resources })\` defines as a write: it is kept, unsent. Add its resource to \`resources\`, or discard the entry.`,
        },
      },
    ]);
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual(['/todos/1']);
    expect(todo(after, 1)).toMatchObject({ title: 'Kept', updatedAt: 99 });
  });

  it('a restored entry whose args its endpoint no longer takes fails with that error, and the others are sent', async () => {
    const { TodoResource } = todoResources(server.url);
    const before = openPage([TodoResource]);
    await before.controller.fetch(TodoResource.get, { id: 1 });
    before.store.dispatch(before.cache.actions.offline());
    void before.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'Broken' }).catch(() => undefined);
    void before.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Fine' }).catch(() => undefined);
    await tick();
    const state = saved(before);
    // As if the saved args had lost the id the path needs.
    const [broken, fine] = state.outbox!;
    const changed = { ...state, outbox: [{ ...broken, args: [{}, { title: 'Broken' }] }, fine] };
    const after = openPage([TodoResource], changed);
    await tick();
    await after.controller.flushOutbox();
    await until(() => entriesOf(after).length === 1 && entriesOf(after)[0].status === 'failed', 'the broken entry fails');
    expect(entriesOf(after)).toEqual([
      { ...broken, args: [{}, { title: 'Broken' }], status: 'failed', error: { name: expect.any(String), message: expect.stringMatching(/^\[rest-slice\].*id/) } },
    ]);
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual(['/todos/1']);
  });

  it('two stores with the same outbox: one sends each write, the other settles its copy with the same answer', async () => {
    const { TodoResource } = todoResources(server.url);
    const before = openPage([TodoResource]);
    await before.controller.fetch(TodoResource.get, { id: 1 });
    before.store.dispatch(before.cache.actions.offline());
    void before.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Once' }).catch(() => undefined);
    await tick();
    const state = saved(before);
    const one = openPage([TodoResource], state, undefined, 'two-stores');
    const two = openPage([TodoResource], state, undefined, 'two-stores');
    await Promise.all([one.controller.flushOutbox(), two.controller.flushOutbox()]);
    await until(() => entriesOf(one).length === 0 && entriesOf(two).length === 0, 'both outboxes empty');
    expect(server.count('PATCH', '/todos/1')).toBe(1);
    expect(todo(one, 1)).toMatchObject({ title: 'Once', updatedAt: 99 });
    expect(todo(two, 1)).toMatchObject({ title: 'Once', updatedAt: 99 });
  });

  it('retry sends a failed write again with a new idempotency key', async () => {
    const { TodoResource } = todoResources(server.url);
    let refuse = true;
    server.route('PATCH', '/todos/1', (request) => {
      if (refuse) return { status: 409, json: { message: 'conflict' } };
      const next = { ...server.todos.get(1)!, ...(request.body as object), updatedAt: 99 };
      server.todos.set(1, next);
      return { json: next };
    });
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    page.store.dispatch(page.cache.actions.offline());
    void page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Again' }).catch(() => undefined);
    page.store.dispatch(page.cache.actions.online());
    await page.controller.flushOutbox();
    const [failed] = entriesOf(page);
    expect(failed).toMatchObject({ status: 'failed', error: { status: 409 } });
    expect(todo(page, 1)).toMatchObject({ title: 'Write docs' });
    refuse = false;
    page.store.dispatch(retryOutboxEntry(page.cache, failed.id));
    expect(todo(page, 1)).toMatchObject({ title: 'Again' });
    await page.controller.flushOutbox();
    const keys = server.requests.filter((request) => request.method === 'PATCH').map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(todo(page, 1)).toMatchObject({ title: 'Again', updatedAt: 99 });
    expect(entriesOf(page)).toEqual([]);
  });

  it('a <reducerPath>/rehydrate action (what persist() dispatches) restores the outbox in the same dispatch; online sends it', async () => {
    const { TodoResource } = todoResources(server.url);
    const before = openPage([TodoResource]);
    await before.controller.fetch(TodoResource.get, { id: 1 });
    before.store.dispatch(before.cache.actions.offline());
    void before.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Restored' }).catch(() => undefined);
    await tick();
    const state = saved(before);
    // Stands for persist(): its case replaces the slice with the saved one.
    const restore: RestFeature = { name: 'restore', reducers: { rehydrate: (_state, action) => action.payload as RestCacheState } };
    const clock = makeClock();
    const cache = createRestCache({ now: clock.now, scheduler: clock, features: [restore, outbox({ resources: [TodoResource], name: 'rehydrate-test' })] });
    const store = configureStore({ reducer: { rest: cache.reducer }, middleware: (getDefault) => getDefault().concat(cache.middleware) });
    store.dispatch(cache.actions.offline());
    store.dispatch({ type: 'rest/rehydrate', payload: state });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Restored' });
    expect(selectOutbox(cache, store.getState())).toEqual([expect.objectContaining({ args: [{ id: 1 }, { title: 'Restored' }], status: 'pending' })]);
    store.dispatch(cache.actions.online());
    await cache.controller(store).flushOutbox();
    expect(server.count('PATCH', '/todos/1')).toBe(1);
    expect(cache.selectEntity(store.getState(), Todo, 1)).toMatchObject({ title: 'Restored', updatedAt: 99 });
  });

  it('controller.abort of a kept write removes it, unsent; resetEntireStore empties the outbox', async () => {
    const { TodoResource } = todoResources(server.url);
    const page = openPage([TodoResource]);
    await page.controller.fetch(TodoResource.get, { id: 1 });
    page.store.dispatch(page.cache.actions.offline());
    const aborted = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Aborted' }));
    await tick();
    expect(entriesOf(page)).toHaveLength(1);
    await page.controller.abort(TodoResource.partialUpdate, { id: 1 }, { title: 'Aborted' });
    await until(() => aborted.state !== 'pending', 'the caller hears of the abort');
    expect(aborted.error?.name).toBe('AbortError');
    expect(entriesOf(page)).toEqual([]);
    expect(todo(page, 1)).toMatchObject({ title: 'Write docs' });

    const reset = watch(page.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Reset' }));
    await tick();
    expect(entriesOf(page)).toHaveLength(1);
    await page.controller.resetEntireStore();
    await until(() => reset.state !== 'pending', 'the caller hears of the reset');
    expect(reset.state).toBe('rejected');
    expect(entriesOf(page)).toEqual([]);
    page.store.dispatch(page.cache.actions.online());
    await page.controller.flushOutbox();
    expect(server.count('PATCH')).toBe(0);
  });

  it('outbox() without resources is a clear error; flushOutbox without the feature rejects naming it', async () => {
    expect(() => outbox({} as never)).toThrow(
      '[rest-slice] `outbox({ resources })` needs `resources`: an array of the resources whose writes may be replayed after a reload.',
    );
    const cache = createRestCache();
    const { configureStore } = await import('@reduxjs/toolkit');
    const store = configureStore({ reducer: { rest: cache.reducer }, middleware: (getDefault) => getDefault().concat(cache.middleware) });
    await expect(cache.controller(store).flushOutbox()).rejects.toThrow(
      '[rest-slice] `controller.flushOutbox` needs the outbox feature: the cache at `rest` was made without it. Install it with `createRestCache({ features: [outbox()] })`.',
    );
    // A recorded outbox action replayed into it changes nothing, and says why.
    const warn = expectWarnings();
    const before = store.getState();
    store.dispatch(discardOutboxEntry(cache, 'some-id'));
    expect(store.getState()).toBe(before);
    expect(warn.mock.calls).toEqual([
      [
        '[rest-slice] the action `rest/outbox` belongs to the outbox feature, which the cache at `rest` was made without: it changes nothing. Install it with `createRestCache({ features: [outbox()] })` (a replayed log needs a cache with the features it was recorded with).',
      ],
    ]);
  });
});
