// Race safety under many orders: quick increments whose responses are released in
// random orders, some failing. After every settlement the view must be the
// confirmed value (the response of the latest-triggered successful fetch) plus
// one for each pending increment triggered after it: nothing lost, nothing twice.
import { Counter, counterResource, counterRoutes, setup, slice, startStoreServer, type StoreServer } from './helpers';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  counterRoutes(server);
});
afterEach(() => server.close());

/** A small seeded generator, so a failing order can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: the view follows the confirmed data and the pending increments', async (seed) => {
  const next = random(seed);
  const { cache, store, controller, clock } = setup();
  const { get, increment } = counterResource(server.url);
  const id = seed;
  await controller.fetch(get, { id });
  let confirmed = { count: 0, fetchedAt: clock.now() };

  server.hold();
  const fetches = Array.from({ length: 6 }, () => {
    clock.advance(1);
    const fetchedAt = clock.now();
    const promise = controller.fetch(increment, { id });
    return { fetchedAt, promise, settled: false };
  });
  const view = () => cache.selectEntity(store.getState(), Counter, id)?.count;
  expect(view()).toBe(6);
  await server.waitForHeld(6);

  const order = [...server.held].sort(() => next() - 0.5);
  for (const held of order) {
    const fails = next() < 0.3;
    if (fails) await held.releaseWith({ status: 500, json: { message: 'no' } });
    else await held.release();
    // Only the released request can settle: wait until the store has recorded it.
    const settledOne = await Promise.race(
      fetches
        .filter((f) => !f.settled)
        .map((f) =>
          f.promise.then(
            (value) => ({ f, value: value as Counter | undefined }),
            () => ({ f, value: undefined }),
          ),
        ),
    );
    settledOne.f.settled = true;
    if (settledOne.value !== undefined && settledOne.f.fetchedAt > confirmed.fetchedAt) {
      confirmed = { count: settledOne.value.count, fetchedAt: settledOne.f.fetchedAt };
    }
    const pendingAfter = fetches.filter((f) => !f.settled && f.fetchedAt > confirmed.fetchedAt).length;
    expect(view()).toBe(confirmed.count + pendingAfter);
  }
  expect(fetches.every((f) => f.settled)).toBe(true);
  expect(slice(cache, store).optimistic).toEqual([]);
  expect(view()).toBe(confirmed.count);
});
