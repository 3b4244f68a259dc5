// Deep responses through a real store (configureStore defaults, NODE_ENV=test) and a local server:
// past a limit the response is that request's error naming the endpoint and URL, nothing is
// stored, and the store keeps working; just below it the response is stored and reads back.
import { MAX_JSON_DEPTH, MAX_SCHEMA_DEPTH, RestEndpoint } from 'rest-slice';
import { Node, chain, lengthOf, nested } from '../fixtures/Deep';
import { setup, slice, startStoreServer, type StoreServer } from './helpers';

let server: StoreServer;
let replies: Map<string, unknown>;
beforeEach(async () => {
  server = await startStoreServer();
  replies = new Map();
  server.route('GET', '/nodes/:id', (request) => {
    const reply = replies.get(request.params.id);
    // Written as text: JSON.stringify itself runs out of stack at a few thousand levels.
    return { text: typeof reply === 'string' ? reply : JSON.stringify(reply), contentType: 'application/json' };
  });
});
afterEach(() => server.close());

function nodeEndpoint() {
  return new RestEndpoint({ urlPrefix: server.url, path: '/nodes/:id', schema: Node, name: 'Node.get' });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (error: Error) => error,
  );
}

describe('schema depth', () => {
  it('a chain of MAX_SCHEMA_DEPTH entities is stored and reads back', async () => {
    const { cache, store, controller } = setup();
    const get = nodeEndpoint();
    replies.set('n0', chain(MAX_SCHEMA_DEPTH));
    await controller.fetch(get, { id: 'n0' });
    expect(Object.keys(slice(cache, store).entities.Node ?? {})).toHaveLength(MAX_SCHEMA_DEPTH);
    expect(lengthOf(cache.selectResponse(store.getState(), get, { id: 'n0' }).data)).toBe(MAX_SCHEMA_DEPTH);
  });

  it('one level more is the request error naming the endpoint and URL; nothing is stored and later fetches work', async () => {
    const { cache, store, controller } = setup();
    const get = nodeEndpoint();
    replies.set('n0', chain(MAX_SCHEMA_DEPTH + 1));
    replies.set('ok', { id: 'ok' });
    const error = await failure(controller.fetch(get, { id: 'n0' }));
    const url = `${server.url}/nodes/n0`;
    expect(error.message).toBe(
      `[rest-slice] the response of \`Node.get\` (GET ${url}) could not be stored: ` +
        '[rest-slice] the input nests schema `Node` at member `child` deeper than 256 schema levels (`MAX_SCHEMA_DEPTH`); ' +
        'data this deep could not be read back. Have the server send deep references as pks instead of nested objects.',
    );
    expect(slice(cache, store).entities).toEqual({});
    expect(slice(cache, store).meta[`GET ${url}`]?.error?.message).toBe(error.message);
    expect(cache.selectError(store.getState(), get, { id: 'n0' })).toBe(error);

    await controller.fetch(get, { id: 'ok' });
    expect(cache.selectEntity(store.getState(), Node, 'ok')?.id).toBe('ok');
    expect(Object.keys(slice(cache, store).entities.Node ?? {})).toEqual(['ok']);
  });
});

describe('plain JSON depth (development)', () => {
  it('a row MAX_JSON_DEPTH levels deep is stored, passes the dev checks and reads back', async () => {
    const { cache, store, controller } = setup();
    const get = nodeEndpoint();
    replies.set('deep', { id: 'deep', meta: nested(MAX_JSON_DEPTH - 1) });
    await controller.fetch(get, { id: 'deep' });
    expect((cache.selectEntity(store.getState(), Node, 'deep') as unknown as { meta: unknown }).meta).toEqual(nested(MAX_JSON_DEPTH - 1));
    // More dispatches run the serializable and immutable checks over that state again.
    await controller.invalidate(get, { id: 'deep' });
    await controller.fetch(get, { id: 'deep' });
  });

  it.each([MAX_JSON_DEPTH, 5_000])('a member %i levels deep is the request error; nothing is stored and dispatches keep working', async (levels) => {
    const { cache, store, controller } = setup();
    const get = nodeEndpoint();
    replies.set('deep', `{"id": "deep", "meta": ${'{"a": '.repeat(levels - 1)}{"a": 1}${'}'.repeat(levels - 1)}}`);
    replies.set('ok', { id: 'ok' });
    const error = await failure(controller.fetch(get, { id: 'deep' }));
    expect(error.message).toBe(
      `[rest-slice] the response of \`Node.get\` (GET ${server.url}/nodes/deep) could not be stored: ` +
        '[rest-slice] the row of `Node` with pk "deep" nests objects and arrays deeper than 128 levels (`MAX_JSON_DEPTH`) at `meta.a.a.a.a.a.a.a…`; ' +
        "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member, or drop it in `static process()`.",
    );
    expect(slice(cache, store).entities).toEqual({});
    await controller.fetch(get, { id: 'ok' });
    await controller.invalidate(get, { id: 'ok' });
    expect(cache.selectEntity(store.getState(), Node, 'ok')?.id).toBe('ok');
  });
});

describe('plain JSON depth without a schema (development)', () => {
  function plainEndpoint() {
    return new RestEndpoint({ urlPrefix: server.url, path: '/nodes/:id', name: 'Plain.get' });
  }

  it('a response MAX_JSON_DEPTH levels deep is stored and read back', async () => {
    const { controller, store } = setup();
    const get = plainEndpoint();
    replies.set('deep', nested(MAX_JSON_DEPTH));
    await controller.fetch(get, { id: 'deep' });
    expect(controller.getResponse(get, { id: 'deep' }, store.getState()).data).toEqual(nested(MAX_JSON_DEPTH));
  });

  it.each([MAX_JSON_DEPTH + 1, 5_000])('a response %i levels deep is the request error and nothing is stored', async (levels) => {
    const { cache, controller, store } = setup();
    const get = plainEndpoint();
    replies.set('deep', `${'{"a": '.repeat(levels - 1)}{"a": 1}${'}'.repeat(levels - 1)}`);
    replies.set('ok', { ok: true });
    const error = await failure(controller.fetch(get, { id: 'deep' }));
    expect(error.message).toBe(
      `[rest-slice] the response of \`Plain.get\` (GET ${server.url}/nodes/deep) could not be stored: ` +
        'it nests objects and arrays deeper than 128 levels (`MAX_JSON_DEPTH`) at `a.a.a.a.a.a.a.a…`.',
    );
    expect(slice(cache, store).endpoints).toEqual({});
    await controller.fetch(get, { id: 'ok' });
    expect(controller.getResponse(get, { id: 'ok' }, store.getState()).data).toEqual({ ok: true });
  });
});
