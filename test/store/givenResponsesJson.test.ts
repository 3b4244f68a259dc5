// A response given to the controller (`setResponse`, `resolve`) or changed by `process` is stored as its
// JSON form, exactly as a body read from the network: `undefined` members are left out of the action and
// the state, and a stored value the response does not carry is kept. The store is configureStore's
// default (serializable and immutable checks on), with the exact-JSON check of makeStore.
import { Endpoint, Entity, RestEndpoint } from 'rest-slice';
import { recorder, makeStore, setup, slice, startStoreServer, todoResource, type StoreServer } from './helpers';
import { createRestCache } from 'rest-slice';

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one', completed: true }]);
});
afterEach(() => server.close());

function make() {
  const cache = createRestCache();
  const recorded = recorder();
  const store = makeStore(cache, { before: [recorded.middleware] });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  /** The Todo rows of each `rest/setResponse` action, as dispatched. */
  const rowsSent = () =>
    recorded.log
      .filter((action) => action.type === 'rest/setResponse')
      .map((action) => (action as unknown as { payload: { entities: { Todo?: Record<string, object> } } }).payload.entities.Todo);
  const storedRow = (pk: string) => ({ ...(slice(cache, store).entities.Todo?.[pk] as object) });
  return { cache, store, controller, TodoResource, rowsSent, storedRow };
}

describe('a response given with undefined members', () => {
  it('controller.setResponse leaves them out of the action and the state', async () => {
    const { store, controller, TodoResource, rowsSent, storedRow } = make();
    await controller.setResponse(TodoResource.get, { id: 3 }, { id: 3, title: 't', completed: undefined });
    expect(rowsSent().map((rows) => Object.entries(rows ?? {}).map(([pk, row]) => [pk, Object.keys(row)]))).toEqual([[['3', ['id', 'title']]]]);
    expect(Object.keys(storedRow('3'))).toEqual(['id', 'title']);
    expect(storedRow('3')).toStrictEqual({ id: 3, title: 't' });
    // Read back, the missing member has the Entity's default.
    expect(controller.getResponse(TodoResource.get, { id: 3 }, store.getState()).data).toMatchObject({ id: 3, title: 't', completed: false });
  });

  it('an undefined member does not erase the stored value (as a body without that member)', async () => {
    const { controller, TodoResource, storedRow } = make();
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(storedRow('1')).toMatchObject({ completed: true });
    await controller.setResponse(TodoResource.get, { id: 1 }, { id: 1, title: 'renamed', completed: undefined });
    expect(storedRow('1')).toStrictEqual({ id: 1, title: 'renamed', completed: true, userId: 0, updatedAt: 0 });
  });

  it('controller.resolve, nested members and arrays included', async () => {
    class Note extends Entity {
      id = 0;
      tags: (string | null)[] = [];
      extra: Record<string, unknown> = {};
      pk() {
        return String(this.id);
      }
      static override key = 'Note';
    }
    const { cache, store, controller } = make();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
    await controller.resolve(get, {
      args: [{ id: 5 }],
      response: { id: 5, tags: ['a', undefined], extra: { kept: 1, dropped: undefined, deeper: { gone: undefined } }, gone: undefined },
    });
    expect({ ...(slice(cache, store).entities.Note?.['5'] as object) }).toStrictEqual({ id: 5, tags: ['a', null], extra: { kept: 1, deeper: {} } });
  });

  it('a schemaless endpoint too (setResponse keeps its value for the caller, the state its JSON form)', async () => {
    const { cache, store, controller } = make();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/plain/:id' });
    await controller.setResponse(get, { id: 1 }, { id: 1, note: undefined, list: [{ a: undefined }] });
    expect(slice(cache, store).meta[get.key({ id: 1 })]).toBeDefined();
    expect(cache.selectResponse(store.getState(), get, { id: 1 }).data).toStrictEqual({ id: 1, list: [{}] });
  });
});

describe('a response process changed', () => {
  it('a fetch from the server whose process adds an undefined member stores its JSON form', async () => {
    const { controller, TodoResource, rowsSent, storedRow } = make();
    const get = TodoResource.get.extend({ process: (body: object) => ({ ...body, note: undefined, seenAt: new Date(0) }) });
    await controller.fetch(get, { id: 1 });
    expect(Object.keys(rowsSent()[0]?.['1'] ?? {})).toEqual(['id', 'title', 'completed', 'userId', 'updatedAt', 'seenAt']);
    expect(storedRow('1')).toStrictEqual({ id: 1, title: 'one', completed: true, userId: 0, updatedAt: 0, seenAt: '1970-01-01T00:00:00.000Z' });
    expect(server.count('GET', '/todos/1')).toBe(1);
  });
});

it('a response with no JSON form (a BigInt) is the request error, naming the endpoint; nothing is stored', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await expect(controller.setResponse(TodoResource.get, { id: 4 }, { id: 4, title: 't', big: 1n })).rejects.toThrow(
    `[rest-slice] the response of \`Todo.get\` (GET ${server.url}/todos/4) could not be stored: it has no JSON form (Do not know how to serialize a BigInt). Give (or return from \`process\`) plain data.`,
  );
  expect(slice(cache, store).entities.Todo).toBeUndefined();
});

it('binary data, a Map or a Set in a response is the request error, not an empty object in the store', async () => {
  const { cache, store, controller } = setup();
  const photo = new Endpoint(async () => new ArrayBuffer(10), { name: 'photo', key: () => 'photo' });
  const failure: unknown = await controller.fetch(photo).catch((error: unknown) => error);
  expect((failure as Error).message).toBe(
    '[rest-slice] the response of `photo` (photo) could not be stored: it has no JSON form (JSON turns the ArrayBuffer into {}). Give (or return from `process`) plain data.',
  );
  expect((failure as Error & { status?: number }).status).toBe(400);
  expect(cache.selectCacheState(store.getState()).endpoints.photo).toBeUndefined();
  const TodoResource = todoResource(server.url);
  await expect(controller.setResponse(TodoResource.get, { id: 4 }, { id: 4, title: 't', tags: new Set(['a']) })).rejects.toThrow(
    /could not be stored: it has no JSON form \(JSON turns the Set at `tags` into \{\}\)/,
  );
  await expect(controller.setResponse(TodoResource.get, { id: 5 }, { id: 5, title: 't', bytes: new Uint8Array([1, 2]) })).rejects.toThrow(
    /JSON turns the Uint8Array at `bytes` into \{\}/,
  );
  expect(slice(cache, store).entities.Todo).toBeUndefined();
});

it('a fetched body that process turns into a Set fails the request (status 400) and keeps the stored todo as it was', async () => {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  const before = slice(cache, store).entities;
  const tagged = TodoResource.get.extend({ process: (body: object) => ({ ...body, tags: new Set(['x']) }) });
  const failure: unknown = await controller.fetch(tagged, { id: 1 }).catch((error: unknown) => error);
  expect((failure as Error).message).toMatch(/could not be stored: it has no JSON form \(JSON turns the Set at `tags` into \{\}\)/);
  expect((failure as Error & { status?: number }).status).toBe(400);
  expect(server.count('GET', '/todos/1')).toBe(2);
  expect(slice(cache, store).entities).toBe(before);
  expect(controller.getError(tagged, { id: 1 }, store.getState())).toBe(failure);
});
