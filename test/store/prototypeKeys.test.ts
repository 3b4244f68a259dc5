// Names an object inherits (`__proto__`, `constructor`, `toString`, ...) as entity keys, pks, Values
// keys, collection args, param values and request keys, through a real store (configureStore
// defaults: its serializable and immutable checks would log on a non-plain state) and a local server.
import { Entity, RestEndpoint, createResource, schema } from 'rest-slice';
import { createRestCache } from 'rest-slice';
import { makeStore, recorder, setup, slice, startStoreServer, type StoreServer } from './helpers';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;

function prototypeSnapshot() {
  const describe = (target: object) =>
    Object.getOwnPropertyNames(target)
      .sort()
      .map((name) => [name, Object.getOwnPropertyDescriptor(target, name)?.value]);
  return { object: describe(Object.prototype), func: describe(Function.prototype), ctor: describe(Object) };
}
const original = prototypeSnapshot();

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
});
afterEach(async () => {
  await server.close();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(prototypeSnapshot()).toEqual(original);
});

/** An own data property, read without going through `__proto__`'s accessor. */
const own = (obj: object | undefined, key: string): any => (obj === undefined ? undefined : Object.getOwnPropertyDescriptor(obj, key)?.value);

/** `{ [name]: value }` as an own member, also for `__proto__`. */
const record = (name: string, value: unknown): Record<string, any> =>
  Object.defineProperty({}, name, { value, enumerable: true, writable: true, configurable: true });

function thingClass(key: string) {
  return class Thing extends Entity {
    id = '';
    value = 0;
    pk() {
      return this.id;
    }
    static override key = key;
  };
}

describe.each(NAMES)('the name %s', (name) => {
  it('as entity key and pk: stored by setResponse and read by selectEntity, selectEntities and selectResponse', async () => {
    const Thing = thingClass(name);
    const Things = createResource({ urlPrefix: server.url, path: '/things/:id', schema: Thing, searchParams: {} as Record<string, string> });
    server.route('GET', '/things/:id', (request) => ({ json: { id: request.params.id, value: 1 } }));
    const { cache, store, controller } = setup();

    const fetched = await controller.fetch(Things.get, { id: name });
    expect(fetched).toEqual({ id: name, value: 1 });
    await controller.fetch(Things.get, { id: 'polluted' });

    const state = store.getState();
    const table = own(slice(cache, store).entities, name);
    expect(Object.keys(table)).toEqual([name, 'polluted']);
    expect(own(table, name)).toEqual({ id: name, value: 1 });
    expect(Object.keys(own(slice(cache, store).entitiesMeta, name))).toEqual([name, 'polluted']);

    const entity = cache.selectEntity(state, Thing, name);
    expect(entity).toBeInstanceOf(Thing);
    expect(entity?.id).toBe(name);
    expect(cache.selectEntities(state, Thing).map((thing) => thing.id)).toEqual([name, 'polluted']);
    expect(cache.selectResponse(state, Things.get, { id: name }).data).toBe(entity);
    // A pk that is not stored is missing, not an inherited member.
    expect(cache.selectEntity(state, Thing, 'missing')).toBeUndefined();
    // The state is plain JSON.
    expect(JSON.parse(JSON.stringify(slice(cache, store)))).toEqual(slice(cache, store));
  });

  it('as a pk of an entity that is not stored: selectEntity is undefined', async () => {
    const Thing = thingClass('Thing');
    const { cache, store } = setup();
    expect(cache.selectEntity(store.getState(), Thing, name)).toBeUndefined();
    expect(cache.selectEntities(store.getState(), thingClass(name))).toEqual([]);
  });

  it('as a collection arg: getList stores the collection and push adds to it', async () => {
    const Thing = thingClass('Thing');
    const Things = createResource({ urlPrefix: server.url, path: '/things/:id', schema: Thing, searchParams: {} as Record<string, string> });
    server.route('GET', '/things', (request) => ({ json: [{ id: 'a', value: Number(request.query.get(name) === 'x') }] }));
    server.route('POST', '/things', (request) => ({ json: { ...request.body, id: 'b' } }));
    const { cache, store, controller } = setup();

    const args = record(name, 'x');
    await controller.fetch(Things.getList, args);
    expect(server.requests[0].query.get(name)).toBe('x');
    await controller.fetch(Things.getList.push, args, { value: 2 });

    const list = cache.selectResponse(store.getState(), Things.getList, args).data;
    expect(list?.map((thing) => [thing.id, thing.value])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    const collections = slice(cache, store).entities[Things.getList.schema.key];
    expect(Object.keys(collections ?? {})).toEqual([JSON.stringify(record(name, 'x'))]);
    // Other args are a different collection, untouched by that push.
    expect(cache.selectResponse(store.getState(), Things.getList, {}).data).toBeUndefined();
  });

  it('as a member of args: the actions keep it, also when another member is left out as undefined', async () => {
    const Thing = thingClass('Thing');
    const Things = createResource({ urlPrefix: server.url, path: '/things/:id', schema: Thing, searchParams: {} as Record<string, string | undefined> });
    server.route('GET', '/things', () => ({ json: [{ id: 'a', value: 1 }] }));
    const log = recorder();
    const cache = createRestCache();
    const store = makeStore(cache, { after: [log.middleware] });
    const args = Object.defineProperty({ skipped: undefined } as Record<string, string | undefined>, name, { value: 'x', enumerable: true });
    await cache.controller(store).fetch(Things.getList, args);
    const fetchAction = log.log.find((action) => action.type.endsWith('/fetch')) as { payload: { args: unknown[] } } | undefined;
    expect(Object.keys(fetchAction?.payload.args[0] as object)).toEqual([name]);
    expect(own(fetchAction?.payload.args[0] as object, name)).toBe('x');
    expect(Object.getPrototypeOf(fetchAction?.payload.args[0])).toBe(Object.prototype);
  });

  it('as a Values key: stored and read back', async () => {
    const Thing = thingClass('Thing');
    const ThingMap = new RestEndpoint({ urlPrefix: server.url, path: '/thing-map', schema: new schema.Values(Thing), name: 'ThingMap' });
    server.route('GET', '/thing-map', () => ({
      text: `{"${name}": {"id": "${name}", "value": 1}, "b": {"id": "b", "value": 2}}`,
      contentType: 'application/json',
    }));
    const { cache, store, controller } = setup();
    await controller.fetch(ThingMap);
    const data = cache.selectResponse(store.getState(), ThingMap).data as Record<string, InstanceType<typeof Thing>>;
    expect(Object.keys(data)).toEqual([name, 'b']);
    expect(own(data, name)).toBeInstanceOf(Thing);
    expect(own(data, name).value).toBe(1);
    expect(Object.keys(own(slice(cache, store).endpoints, `GET ${server.url}/thing-map`))).toEqual([name, 'b']);
  });

  it('as a request key: stored and read under it', async () => {
    const Thing = thingClass('Thing');
    class Keyed extends RestEndpoint<any> {
      override key(..._args: unknown[]): string {
        return name;
      }
    }
    const endpoint = new Keyed({ urlPrefix: server.url, path: '/things/:id', schema: Thing, name: 'Keyed' });
    server.route('GET', '/things/:id', (request) => ({ json: { id: request.params.id, value: 4 } }));
    const { cache, store, controller } = setup();
    expect(cache.selectResponse(store.getState(), endpoint, { id: 'k' }).data).toBeUndefined();
    await controller.fetch(endpoint, { id: 'k' });
    expect(Object.keys(slice(cache, store).endpoints)).toEqual([name]);
    expect(own(slice(cache, store).endpoints, name)).toBe('k');
    expect((cache.selectResponse(store.getState(), endpoint, { id: 'k' }).data as { value: number } | undefined)?.value).toBe(4);
    await controller.invalidate(endpoint, { id: 'k' });
    expect(own(slice(cache, store).meta, name).invalidated).toBe(true);
  });
});
