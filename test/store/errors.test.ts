// Bad input: a response that cannot be stored is that request's error and changes no entity;
// prototype keys stay plain data.
import { Entity, NetworkError, RestEndpoint, schema } from 'rest-slice';
import { setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
]);

describe('a response that cannot be normalized', () => {
  const cases: [string, { status?: number; json?: unknown; text?: string; contentType?: string }, RegExp][] = [
    ['the wrong shape (an array for an entity)', { json: [{ id: 1, title: 'x' }] }, /schema `Todo` expected an object, got an array/],
    ['an entity without a primary key', { json: { title: 'no id' } }, /Entity `Todo` has no usable primary key/],
    ['an HTML page', { text: '<!doctype html><h1>Login</h1>', contentType: 'text/html' }, /returned text\/html where its schema needs JSON/],
    ['invalid JSON', { text: '{"id": 1,', contentType: 'application/json' }, /returned invalid JSON/],
  ];

  it.each(cases)('%s: is recorded as the request error and changes no entity', async (_, reply, message) => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, {});
    const before = slice(cache, store);
    server.route('GET', '/todos/:id', () => reply);
    const error = await controller.fetch(TodoResource.get, { id: 1 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(message);
    expect(error!.message).toContain(`${server.url}/todos/1`);
    const after = slice(cache, store);
    expect(after.entities).toEqual(before.entities);
    expect(after.entities).toBe(before.entities);
    expect(after.entitiesMeta).toBe(before.entitiesMeta);
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBe(error);
    expect(after.meta[`GET ${server.url}/todos/1`].error?.message).toBe(error!.message);
    // The detail still reads the Todo the list brought (as in Data Client; hooks throw a hard error over it).
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(cache.selectEntity(store.getState(), Todo, 1));
    expect(cache.selectIsLoading(store.getState(), TodoResource.get, { id: 1 })).toBe(false);
  });

  it('a list with one bad item writes none of its items', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const before = slice(cache, store).entities;
    server.route('GET', '/todos', () => ({ json: [{ id: 1, title: 'changed' }, { id: 3, title: 'new' }, { title: 'no id' }] }));
    await expect(controller.fetch(TodoResource.getList, {})).rejects.toThrow(/has no usable primary key/);
    expect(slice(cache, store).entities).toEqual(before);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    expect(cache.selectEntity(store.getState(), Todo, 3)).toBeUndefined();
  });

  it('an optimistic mutation whose response cannot be stored is rolled back', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const before = slice(cache, store).entities;
    server.route('PATCH', '/todos/:id', () => ({ json: 'ok' }));
    const promise = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'optimistic' });
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('optimistic');
    await expect(promise).rejects.toThrow(/could not be stored: .*expected an object, got a string/);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
    expect(slice(cache, store).entities).toBe(before);
    expect(slice(cache, store).optimistic).toEqual([]);
  });

  it('a response of the wrong shape fails with status 400, as invalid JSON does, and keeps it in the store', async () => {
    const { store, controller } = setup();
    const TodoResource = todoResource(server.url);
    server.route('GET', '/todos/:id', () => ({ json: [] }));
    const failure: unknown = await controller.fetch(TodoResource.get, { id: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/could not be stored: .*expected an object, got an array/);
    expect((failure as Error & { status?: number }).status).toBe(400);
    expect(controller.getError(TodoResource.get, { id: 1 }, store.getState())).toBe(failure);
    expect(store.getState().rest.meta[TodoResource.get.key({ id: 1 })]?.error).toMatchObject({ status: 400 });
  });

  it('setResponse with a bad value throws, records the error, and changes no entity', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const before = slice(cache, store).entities;
    await expect(controller.setResponse(TodoResource.get, { id: 2 }, { title: 'no id' })).rejects.toThrow(
      /the response of `Todo.get` .* could not be stored: .*no usable primary key/,
    );
    expect(slice(cache, store).entities).toBe(before);
    expect(controller.getError(TodoResource.get, { id: 2 }, store.getState())?.message).toMatch(/could not be stored/);
  });
});

describe('hostile values in a response', () => {
  class Stamped extends Entity {
    id = 0;
    title = '';
    createdAt = new Date(0);
    pk() {
      return this.id;
    }
    static override key = 'Stamped';
    static override schema = { createdAt: Date };
  }

  it.each([
    ['a Date member given true', { id: 1, title: 'x', createdAt: true }, /was not stored because it cannot be read back: .*a `Date` member needs a string or a number, got a boolean: true/],
    [
      'a Union schemaAttribute with no string form',
      { id: 1, title: 'x', type: { toString: null } },
      /could not be stored: .*`schema.Union` of \["stamped"\]: `type` is \{"toString":null\}, which has no string form/,
    ],
  ])('%s is the request error naming the endpoint, and nothing is stored', async (_, json, message) => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const before = slice(cache, store).entities;
    server.route('GET', '/stamped/:id', () => ({ json }));
    const union = new schema.Union({ stamped: Stamped }, 'type');
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/stamped/:id', schema: 'type' in json ? union : Stamped, name: 'Stamped.get' });
    const error = await controller.fetch(get, { id: 1 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^\[rest-slice\] the response of `Stamped.get` /);
    expect(error?.message).toMatch(message);
    expect(slice(cache, store).entities).toBe(before);
    expect(controller.getError(get, { id: 1 }, store.getState())).toBe(error);
  });
});

describe('HTTP errors', () => {
  it('a 404 rejects with a NetworkError that getError returns, with its status', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const error = await controller.fetch(TodoResource.get, { id: 99 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(404);
    expect((error as NetworkError).message).toBe(`[rest-slice] \`Todo.get\` (GET ${server.url}/todos/99) failed: 404 Not Found`);
    const recorded = controller.getError(TodoResource.get, { id: 99 }, store.getState());
    expect(recorded).toBe(error);
    expect((recorded as NetworkError).status).toBe(404);
    expect(cache.selectError(store.getState(), TodoResource.get, { id: 99 })).toBe(error);
    // After a JSON round trip of the state (no original object at hand), the error is rebuilt with its status.
    const { cache: other } = setup();
    const rebuilt = other.selectError({ rest: JSON.parse(JSON.stringify(slice(cache, store))) }, TodoResource.get, { id: 99 });
    expect(rebuilt).toBeInstanceOf(Error);
    expect(rebuilt?.message).toBe((error as Error).message);
    expect((rebuilt as Error & { status?: number }).status).toBe(404);
  });

  it('an unreachable server rejects with an error naming the endpoint and URL', async () => {
    const { store, controller } = setup();
    const Dead = todoResource('http://127.0.0.1:9');
    await expect(controller.fetch(Dead.get, { id: 1 })).rejects.toThrow('[rest-slice] `Todo.get` (GET http://127.0.0.1:9/todos/1) could not be reached');
    expect(controller.getError(Dead.get, { id: 1 }, store.getState())?.message).toMatch(/could not be reached/);
  });
});

describe('prototype keys', () => {
  class Item extends Entity {
    id = '';
    name = '';
    pk() {
      return this.id;
    }
    static override key = 'Item';
  }

  it('`__proto__`, `constructor` and `prototype` as pks, keys and params never reach a prototype', async () => {
    server.route('GET', '/items/:id', (request) => ({ json: { id: request.params.id, name: `item ${request.params.id}` } }));
    server.route('GET', '/items', () => ({
      text: '{"__proto__": {"id": "__proto__", "name": "p"}, "constructor": {"id": "constructor", "name": "c"}, "prototype": {"id": "prototype", "name": "t"}}',
      contentType: 'application/json',
    }));
    const getItem = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', schema: Item, name: 'Item.get' });
    const getMap = new RestEndpoint({ urlPrefix: server.url, path: '/items', schema: new schema.Values(Item), name: 'Item.map' });
    const { cache, store, controller } = setup();
    for (const id of ['__proto__', 'constructor', 'prototype']) {
      const item = await controller.fetch(getItem, { id });
      expect(item).toBeInstanceOf(Item);
      expect(item.name).toBe(`item ${id}`);
      expect(cache.selectEntity(store.getState(), Item, id)).toBe(item);
    }
    const map = await controller.fetch(getMap, { constructor: 'x', __proto__: 'y' } as never);
    expect(Object.keys(map)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getPrototypeOf(map)).not.toBe(map.__proto__);
    expect((map as Record<string, Item>).constructor.name).toBe('c');
    expect(server.requests[3].query.toString()).toContain('constructor=x');
    const state = slice(cache, store);
    expect(Object.keys(state.entities.Item ?? {}).sort()).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(cache.selectEntities(store.getState(), Item).map((item) => item.name).sort()).toEqual(['c', 'p', 't']);
    // Nothing leaked into Object.prototype.
    expect(({} as Record<string, unknown>).name).toBeUndefined();
    expect(({} as Record<string, unknown>).id).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'id')).toBe(false);
    // A missing pk named like a prototype member is missing, not a function.
    expect(cache.selectEntity(store.getState(), Todo, 'constructor')).toBeUndefined();
    expect(cache.selectEntity(store.getState(), Todo, '__proto__')).toBeUndefined();
    expect(cache.selectEntity(store.getState(), Todo, 'toString')).toBeUndefined();
    expect(JSON.parse(JSON.stringify(state))).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('unknown pks named like Object.prototype members read as missing', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    for (const pk of ['constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(cache.selectEntity(store.getState(), Todo, pk)).toBeUndefined();
    }
    expect(controller.getResponse(TodoResource.get, { id: 'constructor' } as never, store.getState()).data).toBeUndefined();
  });
});

describe('bad args', () => {
  it('a missing path param rejects the promise with an error naming it, sends nothing and changes nothing', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    const before = slice(cache, store);
    const requests = server.requests.length;
    // @ts-expect-error `id` is required by the path
    const promise = controller.fetch(TodoResource.get, {});
    await expect(promise).rejects.toThrow(/id/);
    expect(server.requests.length).toBe(requests);
    expect(slice(cache, store)).toBe(before);
  });

  it.each([
    ['a BigInt', { title: 'x', big: BigInt(1) }, /BigInt/],
    ['a cycle', (() => { const body: Record<string, unknown> = { title: 'x' }; body.self = body; return body; })(), /circular/],
    ['a toJSON that throws', { title: { toJSON: () => { throw new Error('boom'); } } }, /boom/],
  ])('a body with %s rejects naming the endpoint, sends nothing and rolls back its optimistic update', async (_name, body, why) => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    const before = slice(cache, store);
    const requests = server.requests.length;
    const error = await controller.fetch(TodoResource.partialUpdate, { id: 1 }, body as never).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toMatch(/^\[rest-slice\] the body of `Todo.partialUpdate` \(PATCH http:\/\/127\.0\.0\.1:\d+\/todos\/:id\) has no JSON form, so nothing was sent: /);
    expect(error?.message).toMatch(why);
    expect(server.requests.length).toBe(requests);
    expect(slice(cache, store).entities).toBe(before.entities);
    expect(slice(cache, store).optimistic).toEqual([]);
  });
});
