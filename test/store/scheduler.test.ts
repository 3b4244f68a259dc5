// The `scheduler` option: a bad one is named, and a cache made without one (or without `now`) runs on the
// global timers and `Date.now` as they are at each call, so Jest's fake timers drive it even when they
// were installed after the cache was made.
import { createRestCache, RestEndpoint, type Scheduler } from 'rest-slice';
import { makeStore, Todo } from './helpers';

afterEach(() => {
  jest.useRealTimers();
});

describe('createRestCache({ scheduler })', () => {
  it('names the option when the scheduler lacks a method', () => {
    const message = '[rest-slice] `createRestCache` option `scheduler` needs `setTimeout` and `clearTimeout` methods; got';
    expect(() => createRestCache({ scheduler: { setTimeout: () => 0 } as unknown as Scheduler })).toThrow(`${message} an object ({}).`);
    expect(() => createRestCache({ scheduler: null as unknown as Scheduler })).toThrow(`${message} null`);
  });

  it("by default follows Jest's fake timers and clock, installed after the cache was made", async () => {
    const cache = createRestCache({ keepUnusedDataFor: 1_000, gcInterval: 600 });
    // Promises and I/O keep running for real; the timers and `Date` are Jest's.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const store = makeStore(cache);
    const controller = cache.controller(store);
    const get = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/todos/:id', schema: Todo, name: 'Todo.get' });
    await controller.setResponse(get, { id: 1 }, { id: 1, title: 'one' });
    expect(cache.selectCacheState(store.getState()).meta[get.key({ id: 1 })].date).toBe(Date.now());

    // The sweep at 600 ms finds the result unused for less than 1 000 ms: kept; the next one, at 1 200 ms, removes it.
    jest.advanceTimersByTime(1_199);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    jest.advanceTimersByTime(1);
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    expect(cache.selectCacheState(store.getState()).meta).toEqual({});
  });
});
