// The recorded action log, replayed into a fresh store built from the same cache, gives a deep-equal state.
import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore, makeClock, recorder, slice, Todo, todoResource, storeServerForEachTest } from './helpers';
import { createRestCache } from 'rest-slice';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
  { id: 3, title: 'three' },
]);

async function scenario(where: 'before' | 'after') {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now });
  const recorded = recorder();
  const store = makeStore(cache, where === 'before' ? { before: [recorded.middleware] } : { after: [recorded.middleware] });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  const tick = () => clock.advance(1);

  await controller.fetch(TodoResource.getList, {});
  tick();
  // Identical concurrent GETs (deduplicated).
  server.hold();
  const reads = [controller.fetch(TodoResource.get, { id: 1 })];
  tick();
  reads.push(controller.fetch(TodoResource.get, { id: 1 }));
  await server.waitForHeld(1);
  server.hold(false);
  await server.releaseAll();
  await Promise.all(reads);
  tick();
  // An optimistic update that succeeds, and one that fails (rolled back).
  await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
  tick();
  server.route('PATCH', '/todos/:id', () => ({ status: 500, json: {} }));
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'lost' }).catch(() => undefined);
  tick();
  // A create with a temporary id, a delete, a bad response.
  await controller.fetch(TodoResource.getList.push, { id: -1, title: 'four' });
  tick();
  await controller.fetch(TodoResource.delete, { id: 3 });
  tick();
  server.route('GET', '/todos/:id', () => ({ json: { title: 'no id' } }));
  await controller.fetch(TodoResource.get, { id: 2 }).catch(() => undefined);
  tick();
  await controller.setResponse(TodoResource.get, { id: 5 }, { id: 5, title: 'five' });
  await controller.setError(TodoResource.get, { id: 6 }, Object.assign(new Error('gone'), { status: 410 }));
  await controller.invalidate(TodoResource.get, { id: 1 });
  await controller.expireAll({ testKey: (key) => key.endsWith('/todos') });
  await controller.subscribe(TodoResource.get, { id: 5 });
  await controller.unsubscribe(TodoResource.get, { id: 5 });
  return { cache, store, log: recorded.log, TodoResource };
}

it.each(['before', 'after'] as const)('replays a log recorded %s cache.middleware into a deep-equal state', async (where) => {
  const { cache, store, log, TodoResource } = await scenario(where);
  const original = slice(cache, store);
  expect(original.optimistic).toEqual([]);
  expect(JSON.parse(JSON.stringify(log))).toEqual(log);

  const requestsBefore = server.requests.length;
  const fresh = makeStore(cache);
  for (const action of log) fresh.dispatch(action as UnknownAction);
  expect(slice(cache, fresh)).toEqual(original);
  // A replay sends no request.
  expect(server.requests.length).toBe(requestsBefore);
  // And reads the same through the selectors.
  expect(cache.selectEntities(fresh.getState(), Todo)).toEqual(cache.selectEntities(store.getState(), Todo));
  expect(cache.selectResponse(fresh.getState(), TodoResource.getList, {})).toEqual(
    cache.selectResponse(store.getState(), TodoResource.getList, {}),
  );
});

it('the state survives a JSON round trip (plain JSON)', async () => {
  const { cache, store } = await scenario('after');
  const state = slice(cache, store);
  const copy = JSON.parse(JSON.stringify(state));
  expect(copy).toEqual(state);
  // Every object in it is a plain object or array.
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) {
      expect(['string', 'number', 'boolean', 'object']).toContain(typeof value);
      if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
      return;
    }
    const proto = Object.getPrototypeOf(value);
    expect(proto === Object.prototype || proto === Array.prototype || proto === null).toBe(true);
    Object.values(value).forEach(walk);
  };
  walk(state);
});

it('replays a log with a pending optimistic update: the fresh store shows it too', async () => {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now });
  const recorded = recorder();
  const store = makeStore(cache, { after: [recorded.middleware] });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  server.hold();
  const pending = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'pending' });
  const fresh = makeStore(cache);
  for (const action of recorded.log) fresh.dispatch(action);
  expect(slice(cache, fresh)).toEqual(slice(cache, store));
  expect(cache.selectEntity(fresh.getState(), Todo, 1)?.title).toBe('pending');
  await server.waitForHeld(1);
  await server.releaseAll();
  await pending;
});
