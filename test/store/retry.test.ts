// Retries against the real server: one `rest/fetch`, a plain `rest/retry` per retry with the attempt shown in
// `state.retrying`, idempotent methods only by the cache default, an endpoint's own `retry` whatever its
// method, no retry of a 4xx by a count, and a reset or abort during the delay ends it. The delays are timers
// of a clock the test advances: each retry waits until the test moves the time past its delay.
import { createRestCache, retry, type RetryFeatureOptions } from 'rest-slice';
import { makeClock, makeStore, recorder, slice, until, startStoreServer, Todo, todoResource, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 7 }]);
});
afterEach(() => server.close());

/** A cache with the retry feature (its cache-wide defaults `options`), its store logged. */
function setupLogged(options: RetryFeatureOptions = {}) {
  const clock = makeClock();
  // No garbage collection timer: the clock's timers are the retry delays.
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [retry(options)] });
  const log = recorder();
  const store = makeStore(cache, { before: [log.middleware] });
  const types = () => log.log.map((action) => action.type);
  /** Waits for the failed attempt's retry delay to start, checks its length, and lets it pass. */
  async function delayed(ms: number) {
    await until(() => clock.delays.length > 0, 'a retry delay');
    expect(clock.delays).toEqual([ms]);
    clock.advance(ms);
  }
  return { clock, cache, store, controller: cache.controller(store), log: log.log, types, delayed };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error & { status?: number }) => error,
  );

const down = { status: 500, json: { message: 'db down' } };

describe('retry', () => {
  it('succeeds on the third attempt with one rest/fetch, the attempts shown while retrying', async () => {
    const { cache, store, controller, log, types, clock } = setupLogged({ retry: 3, retryDelay: 5 });
    const TodoResource = todoResource(server.url);
    const key = `GET ${server.url}/todos/1`;
    server.hold();
    const promise = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    await server.held[0].releaseWith(down);
    await until(() => clock.delays.length > 0, 'the first retry delay');
    expect(clock.delays).toEqual([5]);
    expect(slice(cache, store).retrying).toEqual({
      [key]: { attempt: 2, fetchedAt: expect.any(Number), requestId: expect.any(String), error: expect.objectContaining({ status: 500 }) },
    });
    // Still loading, no error shown meanwhile.
    expect(slice(cache, store).inflight[key]).toEqual(expect.any(Number));
    expect(slice(cache, store).meta[key]).toBeUndefined();
    // The retry waits for its delay.
    clock.advance(4);
    expect(server.count('GET', '/todos/1')).toBe(1);
    clock.advance(1);
    await server.waitForHeld(1);
    expect(server.count('GET', '/todos/1')).toBe(2);
    await server.held[0].releaseWith(down);
    await until(() => clock.delays.length > 0, 'the second retry delay');
    expect(slice(cache, store).retrying?.[key]?.attempt).toBe(3);
    clock.advance(5);
    await server.waitForHeld(1);
    await server.releaseAll();

    expect((await promise).title).toBe('one');
    expect(server.count('GET', '/todos/1')).toBe(3);
    expect(types().filter((type) => type === 'rest/fetch')).toHaveLength(1);
    expect(log.filter((action) => action.type === 'rest/retry').map((action) => (action.payload as { attempt: number }).attempt)).toEqual([2, 3]);
    expect(slice(cache, store).retrying).toBeUndefined();
    expect(slice(cache, store).inflight).toEqual({});
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  });

  it('gives up after the count and records the last error', async () => {
    const { controller, types, delayed } = setupLogged({ retry: 1, retryDelay: 1 });
    const TodoResource = todoResource(server.url);
    server.route('GET', '/todos/:id', () => down);
    const settled = rejection(controller.fetch(TodoResource.get, { id: 1 }));
    await delayed(1);
    const error = await settled;
    expect(error.status).toBe(500);
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(types().filter((type) => type === 'rest/setError')).toHaveLength(1);
  });

  it('does not retry a 404 by a count', async () => {
    const { controller, types } = setupLogged({ retry: 3, retryDelay: 1 });
    const TodoResource = todoResource(server.url);
    const error = await rejection(controller.fetch(TodoResource.get, { id: 404 }));
    expect(error.status).toBe(404);
    expect(server.count('GET', '/todos/404')).toBe(1);
    expect(types()).not.toContain('rest/retry');
  });

  it('does not retry a POST by the cache default, but does with its own retry (optimistic update kept meanwhile)', async () => {
    const { cache, store, controller, types, delayed } = setupLogged({ retry: 3, retryDelay: 1 });
    const TodoResource = todoResource(server.url);
    server.route('POST', '/todos', () => down);
    const error = await rejection(controller.fetch(TodoResource.create, { title: 'new', userId: 7 }));
    expect(error.status).toBe(500);
    expect(server.count('POST', '/todos')).toBe(1);
    expect(types()).not.toContain('rest/retry');

    // PATCH is not idempotent either: only its own `retry` retries it.
    await controller.fetch(TodoResource.get, { id: 1 });
    const patch = TodoResource.partialUpdate.extend({ retry: 2, retryDelay: 5 });
    server.hold();
    const promise = controller.fetch(patch, { id: 1 }, { title: 'edited' });
    await server.waitForHeld(1);
    await server.held[0].releaseWith(down);
    await delayed(5);
    await server.waitForHeld(1);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('edited');
    expect(slice(cache, store).optimistic).toHaveLength(1);
    await server.releaseAll();
    expect((await promise).title).toBe('edited');
    expect(server.count('PATCH', '/todos/1')).toBe(2);
    expect(slice(cache, store).optimistic).toEqual([]);
  });

  it('lets a function decide alone, with the failure count and the error', async () => {
    const { controller, delayed } = setupLogged();
    const TodoResource = todoResource(server.url);
    const calls: [number, number | undefined][] = [];
    const get = TodoResource.get.extend({
      retry: (failureCount: number, error: Error & { status?: number }) => {
        calls.push([failureCount, error.status]);
        return failureCount < 3;
      },
      retryDelay: (failureCount: number) => failureCount,
    });
    const settled = rejection(controller.fetch(get, { id: 404 }));
    // The delay before retry n is `retryDelay(n - 1)`.
    await delayed(1);
    await delayed(2);
    const error = await settled;
    expect(error.status).toBe(404);
    expect(calls).toEqual([
      [1, 404],
      [2, 404],
      [3, 404],
    ]);
    expect(server.count('GET', '/todos/404')).toBe(3);
  });

  it('stops retrying when the store is reset during the delay', async () => {
    const { cache, store, controller, types, clock } = setupLogged({ retry: 3, retryDelay: 50 });
    const TodoResource = todoResource(server.url);
    server.route('GET', '/todos/:id', () => down);
    const promise = controller.fetch(TodoResource.get, { id: 1 });
    const settled = rejection(promise);
    await until(() => types().includes('rest/retry'), 'a rest/retry');
    expect(clock.delays).toEqual([50]);
    await controller.resetEntireStore();
    expect((await settled).message).toContain('resetEntireStore');
    // The delay's timer is gone: past its time, nothing is sent.
    expect(clock.delays).toEqual([]);
    clock.advance(1_000);
    expect(slice(cache, store).inflight).toEqual({});
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(slice(cache, store).retrying).toBeUndefined();
    expect(slice(cache, store).meta).toEqual({});
  });

  it('stops retrying when aborted during the delay, without storing an error', async () => {
    const { cache, store, controller, types, clock } = setupLogged({ retry: 3, retryDelay: 50 });
    const TodoResource = todoResource(server.url);
    server.route('GET', '/todos/:id', () => down);
    const settled = rejection(controller.fetch(TodoResource.get, { id: 1 }));
    await until(() => types().includes('rest/retry'), 'a rest/retry');
    expect(clock.delays).toEqual([50]);
    await controller.abort(TodoResource.get, { id: 1 });
    expect((await settled).name).toBe('AbortError');
    expect(clock.delays).toEqual([]);
    clock.advance(1_000);
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(slice(cache, store).retrying).toBeUndefined();
    expect(slice(cache, store).inflight).toEqual({});
    expect(slice(cache, store).meta).toEqual({});
  });

  it("waits a 503's Retry-After, in seconds or as a date by the cache's clock, when no retryDelay is set", async () => {
    const { controller, clock, delayed } = setupLogged({ retry: 2 });
    const TodoResource = todoResource(server.url);
    let failures = 0;
    server.route('GET', '/todos/:id', () => {
      failures++;
      if (failures === 1) return { status: 503, json: { message: 'busy' }, headers: { 'Retry-After': '2' } };
      if (failures === 2) return { status: 503, json: { message: 'busy' }, headers: { 'Retry-After': new Date(clock.now() + 3_000).toUTCString() } };
      return { json: { id: 1, title: 'one', userId: 7 } };
    });
    const promise = controller.fetch(TodoResource.get, { id: 1 });
    await delayed(2_000);
    await delayed(3_000);
    expect((await promise).title).toBe('one');
    expect(server.count('GET', '/todos/1')).toBe(3);
  });

  it('names the endpoint or option when retry or retryDelay has a bad value', async () => {
    expect(() => retry({ retry: -1 })).toThrow('`retry()` option `retry` must be a whole number of retries >= 0');
    expect(() => retry({ retryDelay: Number.NaN })).toThrow('`retry()` option `retryDelay` must be a number of ms >= 0');
    const { controller } = setupLogged();
    const TodoResource = todoResource(server.url);
    const error = await rejection(controller.fetch(TodoResource.get.extend({ retry: 1.5 }), { id: 1 }));
    expect(error.message).toContain('endpoint `Todo.get`: `retry` must be a whole number of retries >= 0');
    expect(server.count()).toBe(0);
  });
});
