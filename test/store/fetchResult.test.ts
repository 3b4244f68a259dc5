// What `controller.fetch` resolves with (issue 8 item 13), and responses that cannot be read
// back (item 18): checked before anything is committed.
import { Entity, RestEndpoint, type RestFeature } from 'rest-slice';
import { Counter, counterResource, counterRoutes, setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);

describe('controller.fetch resolves with its own response', () => {
  it('two quick increments whose first answer arrives last: the first resolves with count 1, the store keeps 2', async () => {
    counterRoutes(server);
    const { cache, store, controller, clock } = setup();
    const { get, increment } = counterResource(server.url);
    await controller.fetch(get, { id: 1 });
    server.hold(true, 'onArrival');
    clock.advance(1);
    const p1 = controller.fetch(increment, { id: 1 });
    clock.advance(1);
    const p2 = controller.fetch(increment, { id: 1 });
    await server.waitForHeld(2);
    await server.held[1].release();
    const second = await p2;
    expect(second).toBeInstanceOf(Counter);
    expect(second.count).toBe(2);
    await server.held[0].release();
    const first = await p1;
    expect(first).toBeInstanceOf(Counter);
    expect(first.count).toBe(1);
    expect(cache.selectEntity(store.getState(), Counter, 1)?.count).toBe(2);
    expect(slice(cache, store).entities.Counter?.['1']).toEqual({ id: 1, count: 2 });
  });

  it('a response that won the merge is the very object the selectors return', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const todo = await controller.fetch(TodoResource.get, { id: 1 });
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBe(todo);
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(todo);
  });

  it('a read whose entity was deleted meanwhile resolves with an instance, not raw JSON', async () => {
    const { cache, store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    server.hold((request) => request.method === 'GET');
    clock.advance(1);
    const read = controller.fetch(TodoResource.get, { id: 1 });
    await server.waitForHeld(1);
    clock.advance(1);
    // The server answers the read with the row as it was before the delete.
    const deleted = await controller.fetch(TodoResource.delete, { id: 1 });
    expect(deleted).toBeInstanceOf(Todo);
    expect(deleted.pk()).toBe('1');
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
    server.seedTodos([{ id: 1, title: 'one' }]);
    await server.releaseAll();
    const result = await read;
    expect(result).toBeInstanceOf(Todo);
    expect(result.pk()).toBe('1');
    expect(result.title).toBe('one');
    // The read was triggered before the delete: the entity stays invalid.
    expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  });

  it('a delete of an entity never stored resolves with an instance built from the response', async () => {
    const { controller } = setup();
    const TodoResource = todoResource(server.url);
    const deleted = await controller.fetch(TodoResource.delete, { id: 2 });
    expect(deleted).toBeInstanceOf(Todo);
    expect(deleted.pk()).toBe('2');
  });

  it('a list answered after a newer write to one of its todos: the fetch gets its own copy, every read after it the newer one', async () => {
    const { store, controller, clock } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList);
    // The list is answered as it was when asked for, after the rename was answered.
    server.hold((request) => request.method === 'GET', 'onArrival');
    clock.advance(1);
    const list = controller.fetch(TodoResource.getList);
    await server.waitForHeld(1);
    clock.advance(1);
    await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'renamed' });
    await server.held[0].release();
    const own = await list;
    expect(own.map((todo) => todo.title)).toEqual(['one', 'two']);
    const titles = () => controller.getResponse(TodoResource.getList, store.getState()).data?.map((todo) => todo.title);
    expect(titles()).toEqual(['renamed', 'two']);
    expect(titles()).toEqual(['renamed', 'two']);
  });

  it('an older full response that fills fields a newer partial one lacked: the fetch gets its own copy, the store the merge', async () => {
    class Item extends Entity {
      id = 0;
      title = '';
      extra = '';
      pk() {
        return String(this.id);
      }
      static key = 'MergedItem';
    }
    const { cache, store, controller, clock } = setup();
    const detail = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', schema: Item, name: 'item' });
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/items', schema: [Item], name: 'items' });
    server.route('GET', '/items/:id', () => ({ json: { id: 1, title: 'old', extra: 'detail only' } }));
    server.route('GET', '/items', () => ({ json: [{ id: 1, title: 'new' }] }));
    server.hold((request) => request.path === '/items/1');
    clock.advance(1);
    const older = controller.fetch(detail, { id: 1 });
    await server.waitForHeld(1);
    clock.advance(1);
    await controller.fetch(list);
    await server.releaseAll();
    expect(await older).toMatchObject({ title: 'old', extra: 'detail only' });
    expect(cache.selectEntity(store.getState(), Item, 1)).toMatchObject({ title: 'new', extra: 'detail only' });
    expect(controller.getResponse(detail, { id: 1 }, store.getState()).data).toMatchObject({ title: 'new', extra: 'detail only' });
  });

  it("a feature's reducer that changes a row the response wrote: reads show the feature's row", async () => {
    const shout: RestFeature = {
      name: 'shout',
      reducers: {
        setResponse: (state) => {
          const todos = state.entities.Todo as Record<string, { title: string }> | undefined;
          const first = todos?.['1'];
          if (first === undefined) return state;
          return { ...state, entities: { ...state.entities, Todo: { ...todos, 1: { ...first, title: first.title.toUpperCase() } } } };
        },
      },
    };
    const { store, controller } = setup({ features: [shout] });
    const TodoResource = todoResource(server.url);
    const own = await controller.fetch(TodoResource.getList);
    expect(own.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(controller.getResponse(TodoResource.getList, store.getState()).data?.map((todo) => todo.title)).toEqual(['ONE', 'two']);
  });

  it("a feature that stores another answer just before a refetch's own: reads show both", async () => {
    const TodoResource = todoResource(server.url);
    let sneakIn = false;
    const sneak: RestFeature = {
      name: 'sneak',
      setup: (cache, store) => ({
        before(action) {
          if (!sneakIn || !cache.actions.setResponse.match(action)) return;
          sneakIn = false;
          void store.controller().setResponse(TodoResource.get, { id: 2 }, { id: 2, title: 'two, pushed' });
        },
      }),
    };
    const { store, controller, clock } = setup({ features: [sneak] });
    await controller.fetch(TodoResource.getList);
    server.seedTodos([
      { id: 1, title: 'one, since' },
      { id: 2, title: 'two' },
    ]);
    clock.advance(1);
    sneakIn = true;
    await controller.fetch(TodoResource.getList);
    expect(controller.getResponse(TodoResource.getList, store.getState()).data?.map((todo) => todo.title)).toEqual(['one, since', 'two, pushed']);
  });
});

class Reading extends Entity {
  id = 0;
  value: unknown = undefined;
  pk() {
    return String(this.id);
  }
  static override key = 'Reading';
  static override schema = {
    value: (raw: unknown) => {
      if (typeof raw !== 'number') throw new TypeError(`expected a number, got ${JSON.stringify(raw)}`);
      return raw * 2;
    },
  };
}

describe('a response that cannot be read back', () => {
  it('is recorded as the error, names endpoint and URL, and leaves the previous data', async () => {
    const { cache, store, controller, clock } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/readings/:id', schema: Reading, name: 'Reading.get' });
    let value: unknown = 21;
    server.route('GET', '/readings/:id', () => ({ json: { id: 1, value } }));
    const good = await controller.fetch(get, { id: 1 });
    expect(good.value).toBe(42);
    const before = slice(cache, store);
    value = { not: 'a number' };
    clock.advance(1_000);
    const error = await controller.fetch(get, { id: 1 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toBe(
      `[rest-slice] the response of \`Reading.get\` (GET ${server.url}/readings/1) was not stored because it cannot be read back: expected a number, got {"not":"a number"}`,
    );
    const after = slice(cache, store);
    expect(after.entities).toBe(before.entities);
    expect(after.endpoints).toBe(before.endpoints);
    expect(after.meta[`GET ${server.url}/readings/1`].error?.message).toBe(error!.message);
    // The previous data is still what a read gives, with the error beside it.
    expect(controller.getResponse(get, { id: 1 }, store.getState()).data).toBe(good);
    expect(controller.getError(get, { id: 1 }, store.getState())).toBe(error);
  });

  it('controller.setResponse checks the read too', async () => {
    const { cache, store, controller } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/readings/:id', schema: Reading, name: 'Reading.get' });
    await expect(controller.setResponse(get, { id: 3 }, { id: 3, value: 'x' })).rejects.toThrow(
      `[rest-slice] the response of \`Reading.get\` (GET ${server.url}/readings/3) was not stored because it cannot be read back: expected a number, got "x"`,
    );
    expect(slice(cache, store).entities).toEqual({});
  });

  it('a Date member given an object is not stored (new Date({}) would be an Invalid Date)', async () => {
    class Meeting extends Entity {
      id = 0;
      at = new Date(0);
      pk() {
        return String(this.id);
      }
      static override key = 'Meeting';
      static override schema = { at: Date };
    }
    const { cache, store, controller } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/meetings/:id', schema: Meeting, name: 'Meeting.get' });
    let at: unknown = '2026-11-23T10:00:00.000Z';
    server.route('GET', '/meetings/:id', () => ({ json: { id: 1, at } }));
    const good = await controller.fetch(get, { id: 1 });
    expect(good.at.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    const before = slice(cache, store).entities;
    at = { when: 'tomorrow' };
    await expect(controller.fetch(get, { id: 1 })).rejects.toThrow(
      `[rest-slice] the response of \`Meeting.get\` (GET ${server.url}/meetings/1) was not stored because it cannot be read back: [rest-slice] a \`Date\` member needs a string or a number, got an object: {"when":"tomorrow"}`,
    );
    expect(slice(cache, store).entities).toBe(before);
    expect(cache.selectEntity(store.getState(), Meeting, 1)?.at.toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('a selector reading bad stored data (a replayed action) names the endpoint and key', async () => {
    const { cache, store, controller } = setup();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/readings/:id', schema: Reading, name: 'Reading.get' });
    const key = get.key({ id: 4 });
    store.dispatch(
      cache.actions.setResponse({
        endpoint: 'Reading.get',
        key,
        args: [{ id: 4 }],
        fetchedAt: 1,
        date: 1,
        expiresAt: 2,
        result: '4',
        entities: { Reading: { '4': { id: 4, value: 'bad' } } },
        entitiesMeta: { Reading: { '4': { fetchedAt: 1, date: 1, expiresAt: 2 } } },
      }),
    );
    expect(() => controller.getResponse(get, { id: 4 }, store.getState())).toThrow(
      `[rest-slice] the stored response of \`Reading.get\` (${key}) cannot be read: expected a number, got "bad". Refetch it, or fix the member schema that fails on it.`,
    );
    expect(() => cache.selectEntity(store.getState(), Reading, 4)).toThrow(
      '[rest-slice] the stored entity `Reading` "4" cannot be read: expected a number, got "bad"',
    );
  });
});
