// API.md: everything in actions and state is plain JSON, exactly (issue 9 item 5). The store
// helpers check every action and state of the suite; these tests pin the cases that broke it.
import { Entity, RestEndpoint } from 'rest-slice';
import { jsonDifference } from '../helpers/jsonCheck';
import { Counter, makeClock, makeStore, recorder, setup, slice, startStoreServer, todoResource, type StoreServer } from './helpers';
import { createRestCache } from 'rest-slice';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', userId: 1 }]);
});
afterEach(() => server.close());

describe('jsonDifference (the helpers check)', () => {
  it('finds what JSON would change', () => {
    expect(jsonDifference({ a: [1, { b: 'x' }], c: null })).toBeUndefined();
    expect(jsonDifference(Object.assign(Object.create(null), { a: 1 }))).toBeUndefined();
    expect(jsonDifference({ a: { b: undefined } })).toBe('$.a.b: undefined');
    expect(jsonDifference({ a: [1, undefined] })).toBe('$.a[1]: undefined');
    expect(jsonDifference({ expiresAt: Infinity })).toBe('$.expiresAt: Infinity');
    expect(jsonDifference({ n: NaN })).toBe('$.n: NaN');
    expect(jsonDifference({ n: -0 })).toBe('$.n: -0');
    expect(jsonDifference({ d: new Date(0) })).toBe('$.d: an instance of Date');
    expect(jsonDifference({ f: () => 1 })).toBe('$.f: function');
    expect(jsonDifference({ m: new Map() })).toBe('$.m: an instance of Map');
  });
});

describe('undefined members never reach an action or the state', () => {
  it('a read with an undefined search param sends `{}` as its args', async () => {
    const clock = makeClock();
    const cache = createRestCache({ now: clock.now });
    const log = recorder();
    const store = makeStore(cache, { before: [log.middleware] });
    const controller = cache.controller(store);
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: undefined });
    const fetch = log.log.find((action) => action.type === 'rest/fetch') as unknown as { payload: { args: unknown[] } };
    expect(fetch.payload.args).toStrictEqual([{}]);
    expect(log.log.every((action) => jsonDifference(action) === undefined)).toBe(true);
  });

  it('an optimistic mutation keeps its entry free of undefined members, deeply', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const done = controller.fetch(TodoResource.partialUpdate, { id: 1, userId: undefined } as { id: number }, {
      title: 'two',
      nested: { note: undefined, list: [1, undefined] },
    } as never);
    expect(slice(cache, store).optimistic).toHaveLength(1);
    expect(slice(cache, store).optimistic[0].args).toStrictEqual([{ id: 1 }, { title: 'two', nested: { list: [1, null] } }]);
    await server.waitForHeld(1);
    await server.releaseAll();
    await done;
    expect(jsonDifference(slice(cache, store))).toBeUndefined();
  });
});

describe('-0 is 0, as JSON writes it', () => {
  it('in the args of a fetch, in an optimistic entry and in a response given to setResponse or set', async () => {
    const { cache, store, controller } = setup();
    const log = recorder();
    const recorded = makeStore(cache, { before: [log.middleware] });
    const TodoResource = todoResource(server.url);
    const recordedController = cache.controller(recorded);
    await recordedController.fetch(TodoResource.getList, { userId: -0 });
    const fetch = log.log.find((action) => action.type === 'rest/fetch') as unknown as { payload: { args: unknown[] } };
    expect(Object.is((fetch.payload.args[0] as { userId: number }).userId, 0)).toBe(true);

    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold();
    const done = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { updatedAt: -0, nested: [-0] } as never);
    expect(jsonDifference(slice(cache, store).optimistic)).toBeUndefined();
    await server.waitForHeld(1);
    await server.releaseAll();
    await done;

    await controller.setResponse(TodoResource.get, { id: 2 }, { id: 2, title: 'two', updatedAt: -0 });
    await controller.set(Counter, { id: 3 }, { id: 3, count: -0 });
    expect(jsonDifference(slice(cache, store))).toBeUndefined();
    const counter = cache.selectEntity(store.getState(), Counter, 3);
    expect(Object.is(counter?.count, 0)).toBe(true);
  });
});

describe('expiry lengths that never end', () => {
  it('`dataExpiryLength: Infinity` stores a finite expiresAt and the data never goes stale', async () => {
    const { cache, store, controller, clock } = setup();
    const CounterGet = new RestEndpoint({
      urlPrefix: server.url,
      path: '/counters/:id',
      schema: Counter,
      name: 'Counter.forever',
      dataExpiryLength: Infinity,
    });
    server.route('GET', '/counters/:id', () => ({ json: { id: 1, count: 5 } }));
    await controller.fetch(CounterGet, { id: 1 });
    const meta = slice(cache, store).meta[`GET ${server.url}/counters/1`];
    expect(meta.expiresAt).toBe(Number.MAX_SAFE_INTEGER);
    clock.advance(10 * 365 * 24 * 3600 * 1000);
    expect(await controller.fetchIfStale(CounterGet, { id: 1 })).toEqual(expect.objectContaining({ count: 5 }));
    expect(server.count('GET', '/counters/1')).toBe(1);
  });
});

describe('a schema-less response', () => {
  it('is stored as its JSON form; the caller gets the value itself', async () => {
    const { cache, store, controller } = setup();
    const stats = new RestEndpoint({
      urlPrefix: server.url,
      path: '/stats',
      name: 'stats',
      process: (value: { total: number }) => ({ ...value, checkedAt: new Date(0), note: undefined }),
    });
    server.route('GET', '/stats', () => ({ json: { total: 3 } }));
    const result = (await controller.fetch(stats)) as { checkedAt: Date };
    expect(result.checkedAt).toBeInstanceOf(Date);
    expect(slice(cache, store).endpoints[`GET ${server.url}/stats`]).toStrictEqual({ total: 3, checkedAt: '1970-01-01T00:00:00.000Z' });
  });
});

describe("an Entity's own `process`", () => {
  it('adding a Date member: the row keeps its string, the read gives the Date through the member schema', async () => {
    class Stamped extends Entity {
      id = 0;
      title = '';
      seenAt = new Date(0);
      pk() {
        return String(this.id);
      }
      static override key = 'ProcessStamped';
      static override schema = { seenAt: Date };
      static override process(input: object, parent: unknown, key: string | undefined, args: readonly unknown[]) {
        return { ...super.process(input, parent, key, args), seenAt: new Date(5), dropped: undefined };
      }
    }
    const { cache, store, controller } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Stamped });
    const fetched = await controller.fetch(get, { id: 1 });
    expect(fetched.seenAt).toEqual(new Date(5));
    const row = slice(cache, store).entities.ProcessStamped?.['1'];
    expect(row).toMatchObject({ id: 1, title: 'one', seenAt: '1970-01-01T00:00:00.005Z' });
    expect(row).not.toHaveProperty('dropped');
    expect(controller.getResponse(get, { id: 1 }, store.getState()).data?.seenAt).toEqual(new Date(5));
  });
});
