// Leaks: many subscribe/unsubscribe and fetch/reset cycles leave no timer, no
// open request and no growing memory.
//
// The timer checks always run (Node's own list of active resources, no fake
// timers: the server is real). The heap checks need a collectable heap, which
// jest cannot ask for per test; they run only when `gc` is exposed:
//
//   node --expose-gc node_modules/.bin/jest test/property/leaks.test.ts
//
// LEAK_CYCLES sets the number of cycles (default 10,000 subscribe/unsubscribe and 2,000 fetch/reset,
// each a real HTTP request; `LEAK_CYCLES=10000` for the full run).
import { RestEndpoint, type Scheduler } from 'rest-slice';
import { setup, slice, startStoreServer, Todo, type StoreServer } from '../store/helpers';

const CYCLES = Number(process.env.LEAK_CYCLES ?? '10000');
const FETCH_CYCLES = Number(process.env.LEAK_CYCLES ?? '2000');
const gc = (globalThis as { gc?: () => void }).gc;
const withGc = typeof gc === 'function' ? it : it.skip;
if (typeof gc !== 'function') {
  // Not an error: the heap checks are skipped, the timer checks still run.
  process.stdout.write('leaks.test.ts: heap checks skipped; run `node --expose-gc node_modules/.bin/jest test/property/leaks.test.ts`\n');
}

let server: StoreServer;
beforeAll(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
});
afterAll(() => server.close());

const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

/**
 * The cache's scheduler, counting the timers set and neither run nor cleared. Polling timers are `unref`ed,
 * so Node's list of active resources does not show them; the real timers run underneath (the server is real).
 */
function countTimers() {
  const live = new Set<unknown>();
  const scheduler: Scheduler = {
    setTimeout(callback, ms) {
      const timer = setTimeout(() => {
        live.delete(timer);
        callback();
      }, ms);
      live.add(timer);
      return timer;
    },
    clearTimeout(timer) {
      live.delete(timer);
      clearTimeout(timer as ReturnType<typeof setTimeout>);
    },
  };
  return {
    scheduler,
    get live() {
      return live.size;
    },
  };
}

/** Heap used after a full collection (twice: finalizers may free more). */
function heapAfterGc(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

function subscriptions(scheduler?: Scheduler) {
  // No garbage collection timer: the timers counted are polling's.
  const { controller, store, cache } = setup({ gcInterval: Infinity, scheduler });
  const polled = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 60_000, name: 'Todo.polled' });
  return {
    controller,
    store,
    cache,
    async cycle(i: number) {
      // A different key each time, so a map keyed by request key would grow.
      await controller.subscribe(polled, { id: i });
      await controller.unsubscribe(polled, { id: i });
    },
  };
}

function fetchResets() {
  const { controller, store, cache, clock } = setup();
  const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'Todo.get' });
  return {
    controller,
    store,
    cache,
    async cycle(i: number) {
      clock.advance(1);
      if (i % 2 === 0) {
        // Completed, then reset.
        await controller.fetch(get, { id: 1 });
        await controller.resetEntireStore();
      } else {
        // Reset while in flight: the fetch rejects and its request is aborted.
        const promise = controller.fetch(get, { id: 1 }).catch((error: Error) => error);
        await controller.resetEntireStore();
        expect(await promise).toBeInstanceOf(Error);
      }
    },
  };
}

describe('subscribe/unsubscribe', () => {
  it(`${CYCLES} cycles leave no polling timer behind`, async () => {
    const timers = countTimers();
    const before = timeouts();
    const { cycle } = subscriptions(timers.scheduler);
    for (let i = 0; i < CYCLES; i++) await cycle(i);
    expect(timers.live).toBe(0);
    expect(timeouts()).toBeLessThanOrEqual(before);
  }, 120_000);

  it('a subscription polls with a timer while it lasts, and two share one', async () => {
    const timers = countTimers();
    const { controller } = setup({ gcInterval: Infinity, scheduler: timers.scheduler });
    const polled = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 60_000, name: 'Todo.polled' });
    await controller.subscribe(polled, { id: 1 });
    // The check above would be vacuous if subscribing made no timer.
    expect(timers.live).toBe(1);
    await controller.subscribe(polled, { id: 1 });
    expect(timers.live).toBe(1);
    await controller.unsubscribe(polled, { id: 1 });
    expect(timers.live).toBe(1);
    await controller.unsubscribe(polled, { id: 1 });
    expect(timers.live).toBe(0);
  });

  withGc(`${CYCLES} cycles do not grow the heap`, async () => {
    const { cycle } = subscriptions();
    for (let i = 0; i < 1000; i++) await cycle(i);
    const warm = heapAfterGc();
    for (let i = 1000; i < CYCLES; i++) await cycle(i);
    const grown = heapAfterGc() - warm;
    // Anything kept per cycle (a map entry with a key string is ~100 bytes) would pass 1 MB after 9,000 cycles.
    expect(grown).toBeLessThan(1_000_000);
  }, 120_000);
});

describe('fetch/reset', () => {
  it(`${FETCH_CYCLES} cycles leave no timer, request or state behind`, async () => {
    const before = timeouts();
    const { cycle, cache, store } = fetchResets();
    for (let i = 0; i < FETCH_CYCLES; i++) await cycle(i);
    const state = slice(cache, store);
    expect(state.inflight).toEqual({});
    expect(state.optimistic).toEqual([]);
    expect(state.meta).toEqual({});
    expect(state.entities).toEqual({});
    expect(server.held).toEqual([]);
    // Keep-alive sockets may close meanwhile: fewer timers is fine, more is a leak.
    expect(timeouts()).toBeLessThanOrEqual(before);
  }, 120_000);

  withGc(`${FETCH_CYCLES} cycles do not grow the heap`, async () => {
    const { cycle } = fetchResets();
    for (let i = 0; i < 1000; i++) await cycle(i);
    // The test server logs every request: emptied before each measure, so only the client side counts.
    server.requests.splice(0);
    const warm = heapAfterGc();
    for (let i = 1000; i < Math.max(FETCH_CYCLES, 2000); i++) await cycle(i);
    server.requests.splice(0);
    const grown = heapAfterGc() - warm;
    // A few hundred bytes kept per cycle (an entry of a map, an aborted request) would pass 2 MB after 9,000 cycles (LEAK_CYCLES=10000).
    expect(grown).toBeLessThan(2_000_000);
  }, 120_000);
});
