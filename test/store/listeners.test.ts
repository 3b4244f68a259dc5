/** @jest-environment ./test/react/environment.ts */
// setupListeners in jsdom: real visibilitychange/focus/blur/online/offline events, with
// `document.visibilityState` and `navigator.onLine` stubbed, against the real local server.
import { createRestCache, listeners, restCache, setupListeners, type ListenersOptions, type RestCacheOptions } from 'rest-slice';
import { expectWarnings, makeClock, makeStore, recorder, slice, startStoreServer, todoResource, until, type StoreServer } from './helpers';
import { inNodeEnv } from '../helpers/nodeEnv';

let server: StoreServer;
let visibility: DocumentVisibilityState = 'visible';
let onLine = true;
const removers: (() => void)[] = [];

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
});
beforeEach(async () => {
  visibility = 'visible';
  onLine = true;
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one' },
    { id: 2, title: 'two' },
  ]);
});
afterEach(async () => {
  for (const remove of removers.splice(0)) remove();
  await server.close();
});

/** The page hides: the browser fires `visibilitychange` and the window loses focus. */
function hide() {
  visibility = 'hidden';
  window.dispatchEvent(new Event('blur'));
  document.dispatchEvent(new Event('visibilitychange'));
}
/** The user comes back to the tab: `visibilitychange` and the window's `focus`. */
function show() {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('focus'));
}
function goOffline() {
  onLine = false;
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  onLine = true;
  window.dispatchEvent(new Event('online'));
}

/** Options of a cache made here: the listeners feature's (`refetchOnFocus`, ...) beside the cache's own. */
type MakeOptions = Omit<RestCacheOptions, 'features'> & ListenersOptions;

/**
 * A cache with the listeners feature and a store with a manual clock; with `timers`, the clock runs the
 * cache's timers too (`clock.advance`).
 */
function make(options: MakeOptions = {}, listen = true, timers = false) {
  const clock = makeClock();
  const { refetchOnFocus, refetchOnReconnect, refetchMinAge, ...cacheOptions } = options;
  const cache = createRestCache({
    now: clock.now,
    ...(timers ? { scheduler: clock } : {}),
    ...cacheOptions,
    features: [listeners({ refetchOnFocus, refetchOnReconnect, refetchMinAge })],
  });
  const recorded = recorder();
  const store = makeStore(cache, { before: [recorded.middleware] });
  const controller = cache.controller(store);
  if (listen) removers.push(setupListeners(store, cache));
  const TodoResource = todoResource(server.url);
  const types = () => recorded.log.map((action) => action.type).filter((type) => /\/(focus|blur|online|offline)$/.test(type));
  const inflight = () => Object.keys(slice(cache, store).inflight);
  const settled = () => until(() => inflight().length === 0, 'requests in flight to settle');
  return { clock, cache, store, controller, TodoResource, types, inflight, settled, recorded };
}

describe('actions', () => {
  it('one return to the tab gives one rest/focus; hiding gives one rest/blur; each network change one action', () => {
    const { types, recorded } = make();
    hide();
    document.dispatchEvent(new Event('visibilitychange'));
    show();
    expect(types()).toEqual(['rest/blur', 'rest/focus']);
    // Another window took focus while the page stayed visible, then the user came back.
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    expect(types()).toEqual(['rest/blur', 'rest/focus', 'rest/focus']);
    goOffline();
    window.dispatchEvent(new Event('offline'));
    goOnline();
    window.dispatchEvent(new Event('online'));
    expect(types()).toEqual(['rest/blur', 'rest/focus', 'rest/focus', 'rest/offline', 'rest/online']);
    // Plain JSON actions with an empty payload.
    expect(recorded.log.find((action) => action.type === 'rest/focus')).toEqual({ type: 'rest/focus', payload: {} });
  });

  it('a page that shows without focus at setup (jsdom, another window active): its first focus is a return', () => {
    expect(document.hasFocus()).toBe(false);
    const { types } = make();
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    expect(types()).toEqual(['rest/focus']);
  });

  it('a page already hidden and offline at setup is announced at once', () => {
    visibility = 'hidden';
    onLine = false;
    const { types } = make();
    expect(types()).toEqual(['rest/blur', 'rest/offline']);
  });

  it('the remover removes every listener (and calling it twice is harmless)', () => {
    const { types, store, cache } = make({}, false);
    const remove = setupListeners(store, cache);
    remove();
    remove();
    hide();
    show();
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    goOffline();
    goOnline();
    expect(types()).toEqual([]);
  });

  it('with no cache given it takes the default restCache, which has no listeners feature: an error, and nothing is listened to', () => {
    const recorded = recorder();
    const store = makeStore(restCache, { before: [recorded.middleware] });
    expect(() => setupListeners(store)).toThrow(
      '[rest-slice] `setupListeners` needs the listeners feature in the cache at `rest`: make it with `createRestCache({ features: [listeners()] })` and pass it (`setupListeners(store, cache)`).',
    );
    hide();
    show();
    goOffline();
    goOnline();
    expect(recorded.log).toEqual([]);
  });

  it('uses reducerPath of the cache given', () => {
    const { types } = make({ reducerPath: 'api' });
    hide();
    show();
    expect(types()).toEqual(['api/blur', 'api/focus']);
  });

  it('a cache whose slice is not in the store is an error naming both paths, and nothing is listened to', () => {
    const { store, types } = make({ reducerPath: 'api' }, false);
    expect(() => setupListeners(store, createRestCache({ features: [listeners()] }))).toThrow(
      "[rest-slice] `setupListeners` got the cache at `rest`, but the store's state has no slice there (focus and reconnect would refetch nothing); " +
        'the store holds a cache at `api`: pass that cache (`setupListeners(store, cache)`).',
    );
    const other = createRestCache({ reducerPath: 'elsewhere', features: [listeners()] });
    expect(() => setupListeners(store, other)).toThrow('`setupListeners` got the cache at `elsewhere`');
    hide();
    show();
    goOffline();
    goOnline();
    expect(types()).toEqual([]);
  });

  it('in production the check is skipped (as the other wiring checks): the actions go out at the path given', () => {
    const { store, types } = make({ reducerPath: 'api' }, false);
    inNodeEnv('production', () => removers.push(setupListeners(store)));
    hide();
    expect(types()).toEqual(['rest/blur']);
  });

  it('refuses bad listeners() options with an error naming them', () => {
    expect(() => listeners({ refetchOnFocus: 'yes' as never })).toThrow(
      '[rest-slice] `listeners()` option `refetchOnFocus` must be a boolean or undefined; got a string ("yes").',
    );
    expect(() => listeners({ refetchMinAge: -1 })).toThrow('`listeners()` option `refetchMinAge` must be a number of ms >= 0');
    expect(() => listeners({ refetchMinAge: Number.NaN })).toThrow('got a number (NaN)');
  });
});

describe('refetch on focus and reconnect', () => {
  it('refetches results in use, once each; a released result is not refetched', async () => {
    const { clock, controller, TodoResource, inflight, settled } = make();
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    const release1 = controller.retain(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 }); // a second user: still one refetch
    const release2 = controller.retain(TodoResource.get, { id: 2 });
    release2();
    server.todos.get(1)!.title = 'changed while away';
    clock.advance(5_000);
    hide();
    show();
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(server.count('GET', '/todos/2')).toBe(1);
    release1();
  });

  it('shows the refetched data', async () => {
    const { clock, cache, store, controller, TodoResource, settled } = make();
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    server.todos.get(1)!.title = 'changed while away';
    clock.advance(5_000);
    goOffline();
    goOnline();
    await settled();
    expect(cache.selectEntity(store.getState(), TodoResource.get.schema, 1)?.title).toBe('changed while away');
  });

  it('leaves data younger than refetchMinAge (default 1 000 ms), but refetches stale data of any age', async () => {
    const { clock, controller, TodoResource, inflight, settled } = make();
    const shortLived = TodoResource.get.extend({ dataExpiryLength: 100 });
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(shortLived, { id: 2 });
    controller.retain(TodoResource.get, { id: 1 });
    controller.retain(shortLived, { id: 2 });
    clock.advance(999);
    hide();
    show();
    expect(inflight()).toEqual([shortLived.key({ id: 2 })]);
    await settled();
    clock.advance(1);
    hide();
    show();
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
  });

  it('refetchMinAge is a listeners() option', async () => {
    const { controller, TodoResource, inflight, settled } = make({ refetchMinAge: 0 });
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    hide();
    show();
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
  });

  it('an endpoint with refetchOnFocus: false is not refetched on focus, but is on reconnect', async () => {
    const { clock, controller, TodoResource, inflight, settled } = make();
    const get = TodoResource.get.extend({ refetchOnFocus: false });
    await controller.fetch(get, { id: 1 });
    controller.retain(get, { id: 1 });
    clock.advance(5_000);
    hide();
    show();
    expect(inflight()).toEqual([]);
    goOffline();
    goOnline();
    expect(inflight()).toEqual([get.key({ id: 1 })]);
    await settled();
  });

  it('refetchOnReconnect: false as a listeners() option keeps reconnects quiet', async () => {
    const { clock, controller, TodoResource, inflight } = make({ refetchOnReconnect: false });
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    clock.advance(5_000);
    goOffline();
    goOnline();
    expect(inflight()).toEqual([]);
  });

  it('focus while offline refetches nothing (the reconnect will)', async () => {
    const { clock, controller, TodoResource, inflight, settled } = make();
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    clock.advance(5_000);
    goOffline();
    hide();
    show();
    expect(inflight()).toEqual([]);
    goOnline();
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
  });

  it('a refetch shares a request already in flight', async () => {
    const { clock, controller, TodoResource, settled } = make();
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    clock.advance(5_000);
    server.hold();
    const pending = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    hide();
    show();
    server.hold(false);
    await server.releaseAll();
    await pending;
    await settled();
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('without setupListeners the events refetch nothing, and a dispatched rest/focus refetches only endpoints or caches that ask', async () => {
    const { clock, cache, store, controller, TodoResource, inflight, settled } = make({}, false);
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    clock.advance(5_000);
    hide();
    show();
    goOffline();
    goOnline();
    store.dispatch(cache.actions.focus());
    expect(inflight()).toEqual([]);
    const asks = TodoResource.get.extend({ refetchOnFocus: true });
    controller.retain(asks, { id: 2 });
    await controller.fetch(asks, { id: 2 });
    clock.advance(5_000);
    store.dispatch(cache.actions.focus());
    expect(inflight()).toEqual([asks.key({ id: 2 })]);
    await settled();

    const forced = make({ refetchOnFocus: true }, false);
    await forced.controller.fetch(forced.TodoResource.get, { id: 1 });
    forced.controller.retain(forced.TodoResource.get, { id: 1 });
    forced.clock.advance(5_000);
    forced.store.dispatch(forced.cache.actions.focus());
    expect(forced.inflight()).toEqual([forced.TodoResource.get.key({ id: 1 })]);
    await forced.settled();
  });

  it('a detail in use that reads by inference from a list refetches on focus once its rows are stale, not before', async () => {
    const { clock, cache, store, controller, TodoResource, inflight, settled } = make({ refetchOnFocus: true }, false);
    await controller.fetch(TodoResource.getList);
    const release = controller.retain(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('one');
    store.dispatch(cache.actions.focus());
    expect(inflight()).toEqual([]);
    // Past the list rows' expiry (the cache's 60 s default).
    clock.advance(60_001);
    store.dispatch(cache.actions.focus());
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
    expect(server.count('GET', '/todos/1')).toBe(1);
    release();
  });

  it('after the remover, focus refetches nothing', async () => {
    const { clock, store, cache, controller, TodoResource, inflight } = make({}, false);
    setupListeners(store, cache)();
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    clock.advance(5_000);
    store.dispatch(cache.actions.focus());
    expect(inflight()).toEqual([]);
  });

  it('an endpoint option that is not a boolean is ignored with a warning naming the endpoint', async () => {
    const warn = expectWarnings();
    const { clock, controller, TodoResource, inflight, settled } = make();
    const get = TodoResource.get.extend({ refetchOnFocus: 'no' as never, name: 'Todo.get' });
    await controller.fetch(get, { id: 1 });
    controller.retain(get, { id: 1 });
    clock.advance(5_000);
    hide();
    show();
    expect(inflight()).toEqual([get.key({ id: 1 })]);
    expect(warn).toHaveBeenCalledWith(
      '[rest-slice] endpoint `Todo.get` option `refetchOnFocus` must be a boolean or undefined; got string: it is ignored (the cache\'s default applies).',
    );
    await settled();
  });

  it('works for a cache at another reducerPath: focus and reconnect refetch there too', async () => {
    const { clock, controller, TodoResource, inflight, settled, types } = make({ reducerPath: 'api' });
    await controller.fetch(TodoResource.get, { id: 1 });
    controller.retain(TodoResource.get, { id: 1 });
    server.todos.get(1)!.title = 'changed while away';
    clock.advance(5_000);
    hide();
    show();
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
    clock.advance(5_000);
    goOffline();
    goOnline();
    expect(inflight()).toEqual([TodoResource.get.key({ id: 1 })]);
    await settled();
    expect(types()).toEqual(['api/blur', 'api/focus', 'api/offline', 'api/online']);
    expect(server.count('GET', '/todos/1')).toBe(3);
  });

  it('a result in use with nothing stored yet is left to its user', () => {
    const { controller, TodoResource, inflight } = make();
    controller.retain(TodoResource.get, { id: 1 });
    hide();
    show();
    expect(inflight()).toEqual([]);
  });
});

describe('polling that sleeps', () => {
  const polls = () => server.count('GET', '/todos/1');
  /** Polling's timers run when the test advances the clock (no garbage collection timer beside them). */
  function timed(options: MakeOptions = {}, listen = true) {
    const made = make({ gcInterval: Infinity, ...options }, listen, true);
    /** Moves the clock by `ms` (running the polls that fall due) and waits for them to land. */
    async function tick(ms: number) {
      made.clock.advance(ms);
      await made.settled();
    }
    return { ...made, tick };
  }

  it('pauses while offline, and on reconnect polls at once when a poll fell due, then at its interval', async () => {
    // refetchOnReconnect off: only polling acts on the reconnect here.
    const { clock, controller, TodoResource, inflight, settled, tick } = timed({ refetchOnReconnect: false });
    const get = TodoResource.get.extend({ pollFrequency: 30 });
    await controller.fetch(get, { id: 1 });
    await controller.subscribe(get, { id: 1 });
    await tick(30);
    await tick(30);
    expect(polls()).toBe(3);
    goOffline();
    expect(clock.delays).toEqual([]);
    clock.advance(120);
    expect(inflight()).toEqual([]);
    expect(polls()).toBe(3);

    // Back online after a poll fell due: it polls at once.
    goOnline();
    expect(inflight()).toEqual([get.key({ id: 1 })]);
    await settled();
    expect(clock.delays).toEqual([30]);

    // Back online before the data is an interval old: no immediate poll, then polls at its interval.
    goOffline();
    clock.advance(10);
    goOnline();
    expect(inflight()).toEqual([]);
    await tick(30);
    await tick(30);
    expect(polls()).toBe(6);
    await controller.unsubscribe(get, { id: 1 });
    expect(clock.delays).toEqual([]);
  });

  it('pauses while hidden, and on focus polls at once when the data went stale', async () => {
    const { clock, controller, TodoResource, inflight, settled, tick } = timed({ refetchOnFocus: false });
    const get = TodoResource.get.extend({ pollFrequency: 30 });
    await controller.fetch(get, { id: 1 });
    await controller.subscribe(get, { id: 1 });
    await tick(30);
    expect(polls()).toBe(2);
    hide();
    expect(clock.delays).toEqual([]);
    clock.advance(120);
    expect(inflight()).toEqual([]);
    expect(polls()).toBe(2);
    clock.advance(60_001); // past dataExpiryLength
    show();
    expect(inflight()).toEqual([get.key({ id: 1 })]);
    await settled();
    await tick(30);
    await tick(30);
    expect(polls()).toBe(5);
    await controller.unsubscribe(get, { id: 1 });
  });

  it('an endpoint with pollWhenHidden keeps polling while hidden, but not offline', async () => {
    const { clock, controller, TodoResource, inflight, tick } = timed();
    const get = TodoResource.get.extend({ pollFrequency: 30, pollWhenHidden: true });
    await controller.subscribe(get, { id: 1 });
    hide();
    for (let i = 1; i <= 3; i++) {
      await tick(30);
      expect(polls()).toBe(i);
    }
    goOffline();
    expect(clock.delays).toEqual([]);
    clock.advance(120);
    expect(inflight()).toEqual([]);
    expect(polls()).toBe(3);
    await controller.unsubscribe(get, { id: 1 });
  });

  it('the remover wakes polling that slept', async () => {
    const { store, cache, clock, controller, TodoResource, inflight, settled, tick } = timed({}, false);
    const remove = setupListeners(store, cache);
    const get = TodoResource.get.extend({ pollFrequency: 30 });
    await controller.subscribe(get, { id: 1 });
    hide();
    expect(clock.delays).toEqual([]);
    clock.advance(100);
    expect(inflight()).toEqual([]);
    expect(polls()).toBe(0);
    // Nothing was ever fetched, so a poll is due at once; then it polls at its interval.
    remove();
    expect(inflight()).toEqual([get.key({ id: 1 })]);
    await settled();
    await tick(30);
    expect(polls()).toBe(2);
    await controller.unsubscribe(get, { id: 1 });
  });
});
