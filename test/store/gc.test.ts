// Garbage collection: results nobody uses for `keepUnusedDataFor` are removed with the rows nothing else reaches.
import type { UnknownAction } from '@reduxjs/toolkit';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRestCache, Entity, RestEndpoint, schema } from 'rest-slice';
import { makeClock, makeStore, recorder, setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const rootDir = resolve(__dirname, '../..');

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
  { id: 3, title: 'three' },
]);

const pks = (tables: { readonly [key: string]: object | undefined }, key: string) => Object.keys(tables[key] ?? {}).sort();

it('a result fetched without a user is removed keepUnusedDataFor after it landed, with its rows', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 1_000 });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  const key = `GET ${server.url}/todos/1`;

  clock.advance(999);
  await controller.gc();
  expect(Object.keys(slice(cache, store).endpoints)).toEqual([key]);

  clock.advance(1);
  await controller.gc();
  const state = slice(cache, store);
  expect(state.endpoints).toEqual({});
  expect(state.meta).toEqual({});
  expect(pks(state.entities, 'Todo')).toEqual([]);
  expect(pks(state.entitiesMeta, 'Todo')).toEqual([]);
  // Removed data reads as missing.
  expect(cache.selectResponse(store.getState(), TodoResource.get, { id: 1 }).data).toBeUndefined();
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
});

it('retain keeps a result past keepUnusedDataFor; after release it goes, and rows another result reaches stay', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 1_000 });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  await controller.fetch(TodoResource.get, { id: 1 });
  const release = controller.retain(TodoResource.getList, {});

  clock.advance(5_000);
  await controller.gc();
  let state = slice(cache, store);
  // The detail went; Todo 1 stays because the retained list reaches it.
  expect(Object.keys(state.endpoints)).toEqual([`GET ${server.url}/todos`]);
  expect(pks(state.entities, 'Todo')).toEqual(['1', '2', '3']);
  expect(cache.selectResponse(store.getState(), TodoResource.getList, {}).data?.map((todo) => todo.title)).toEqual(['one', 'two', 'three']);

  release();
  release(); // idempotent: the second call releases nothing more
  clock.advance(999);
  await controller.gc();
  expect(Object.keys(slice(cache, store).endpoints)).toEqual([`GET ${server.url}/todos`]);

  clock.advance(1);
  await controller.gc();
  state = slice(cache, store);
  expect(state.endpoints).toEqual({});
  expect(pks(state.entities, 'Todo')).toEqual([]);
  // The list's Collection row went with it.
  expect(Object.values(state.entities).every((table) => Object.keys(table ?? {}).length === 0)).toBe(true);
});

it('two retains of one key need two releases', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 0 });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 2 });
  const first = controller.retain(TodoResource.get, { id: 2 });
  const second = controller.retain(TodoResource.get, { id: 2 });
  first();
  clock.advance(1);
  await controller.gc();
  expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('two');
  second();
  await controller.gc();
  expect(cache.selectEntity(store.getState(), Todo, 2)).toBeUndefined();
});

it('controller.subscribe counts as a user until unsubscribe', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 100 });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  await controller.subscribe(TodoResource.get, { id: 1 });
  clock.advance(1_000);
  await controller.gc();
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  await controller.unsubscribe(TodoResource.get, { id: 1 });
  clock.advance(100);
  await controller.gc();
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
});

it("a pending optimistic update's rows and a key in flight survive a sweep", async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 0 });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  await controller.fetch(TodoResource.get, { id: 2 });
  await controller.fetch(TodoResource.get, { id: 3 });
  clock.advance(1);
  server.hold();
  const update = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'edited' });
  const refetch = controller.fetch(TodoResource.get, { id: 2 });
  await server.waitForHeld(2);
  await controller.gc();
  let state = slice(cache, store);
  // Todo 1's GET result went but its row stays under the pending update; GET todos/2 is in flight; todos/3 went.
  expect(Object.keys(state.endpoints)).toEqual([`GET ${server.url}/todos/2`]);
  expect(pks(state.entities, 'Todo')).toEqual(['1', '2']);
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('edited');

  server.hold(false);
  await server.releaseAll();
  await Promise.all([update, refetch]);
  clock.advance(1);
  await controller.gc();
  state = slice(cache, store);
  expect(state.endpoints).toEqual({});
  expect(pks(state.entities, 'Todo')).toEqual([]);
});

it('Infinity keeps: as the cache default, or on one endpoint', async () => {
  const kept = setup({ keepUnusedDataFor: Infinity });
  const TodoResource = todoResource(server.url);
  await kept.controller.fetch(TodoResource.get, { id: 1 });
  kept.clock.advance(1e12);
  await kept.controller.gc();
  expect(kept.cache.selectEntity(kept.store.getState(), Todo, 1)?.title).toBe('one');

  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 0 });
  const forever = TodoResource.get.extend({ keepUnusedDataFor: Infinity, name: 'forever' });
  await controller.fetch(forever, { id: 2 });
  await controller.fetch(TodoResource.get, { id: 3 });
  clock.advance(1e12);
  await controller.gc();
  expect(Object.keys(slice(cache, store).endpoints)).toEqual([`GET ${server.url}/todos/2`]);
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['2']);
});

it('an endpoint keepUnusedDataFor overrides the cache default', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 10_000 });
  const TodoResource = todoResource(server.url);
  const brief = TodoResource.get.extend({ keepUnusedDataFor: 10, name: 'brief' });
  await controller.fetch(brief, { id: 1 });
  await controller.fetch(TodoResource.get, { id: 2 });
  clock.advance(10);
  await controller.gc();
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['2']);
});

it('follows nested entities, Values and Unions: a shared nested row stays while a remaining result reaches it', async () => {
  class User extends Entity {
    id = 0;
    name = '';
    pk() {
      return String(this.id);
    }
    static override key = 'GcUser';
  }
  class Post extends Entity {
    id = 0;
    author = User.fromJS();
    pk() {
      return String(this.id);
    }
    static override key = 'GcPost';
    static override schema = { author: User };
  }
  class Note extends Entity {
    id = 0;
    type = 'note';
    pk() {
      return String(this.id);
    }
    static override key = 'GcNote';
  }
  server.route('GET', '/posts/:id', (request) => ({ json: { id: Number(request.params.id), author: { id: 7, name: 'ann' } } }));
  server.route('GET', '/feed', () => ({ json: { a: { id: 1, type: 'post', author: { id: 8, name: 'bo' } }, b: { id: 2, type: 'note' } } }));
  const getPost = new RestEndpoint({ urlPrefix: server.url, path: '/posts/:id', schema: Post, name: 'post' });
  const feed = new RestEndpoint({
    urlPrefix: server.url,
    path: '/feed',
    name: 'feed',
    schema: new schema.Values(new schema.Union({ post: Post, note: Note }, 'type')),
  });
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 0 });
  await controller.fetch(getPost, { id: 1 });
  await controller.fetch(getPost, { id: 2 });
  await controller.fetch(feed);
  const release = controller.retain(getPost, { id: 2 });
  clock.advance(1);
  await controller.gc();
  let state = slice(cache, store);
  // Post 1 (and the feed's User 8, Note 2) went; post 2 and its author stay.
  expect(pks(state.entities, 'GcPost')).toEqual(['2']);
  expect(pks(state.entities, 'GcUser')).toEqual(['7']);
  expect(pks(state.entities, 'GcNote')).toEqual([]);

  await controller.fetch(feed);
  const holdFeed = controller.retain(feed);
  release();
  await controller.gc();
  state = slice(cache, store);
  expect(pks(state.entities, 'GcPost')).toEqual(['1']);
  expect(pks(state.entities, 'GcUser')).toEqual(['8']);
  expect(pks(state.entities, 'GcNote')).toEqual(['2']);
  holdFeed();
});

it('a detail read by inference keeps the entity its params name', async () => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 0 });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  const release = controller.retain(TodoResource.get, { id: 2 });
  clock.advance(1);
  await controller.gc();
  expect(slice(cache, store).endpoints).toEqual({});
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['2']);
  expect(cache.selectResponse(store.getState(), TodoResource.get, { id: 2 }).data?.title).toBe('two');
  release();
});

it.each(['an object schema (`{ data: Todo }`)', 'a Union'] as const)('a detail read by inference through %s keeps the entity its params name', async (through) => {
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: 0 });
  const TodoResource = todoResource(server.url);
  const detail =
    through === 'a Union'
      ? new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', name: 'Todo.either', schema: new schema.Union({ todo: Todo }, () => 'todo') })
      : new RestEndpoint({ urlPrefix: server.url, path: '/wrapped/:id', name: 'Todo.wrapped', schema: { data: Todo } });
  await controller.fetch(TodoResource.getList, {});
  const title = () => {
    const data: unknown = controller.getResponse(detail, { id: 2 }, store.getState()).data;
    return (through === 'a Union' ? (data as Todo | undefined) : (data as { data: Todo } | undefined)?.data)?.title;
  };
  expect(title()).toBe('two');
  const release = controller.retain(detail, { id: 2 });
  clock.advance(1);
  await controller.gc();
  expect(slice(cache, store).endpoints).toEqual({});
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['2']);
  expect(title()).toBe('two');
  release();
});

it('one rest/gc action with a plain JSON payload; a replayed log ends in the same state', async () => {
  const clock = makeClock();
  const cache = createRestCache({ now: clock.now, keepUnusedDataFor: 100 });
  const recorded = recorder();
  const store = makeStore(cache, { after: [recorded.middleware] });
  const controller = cache.controller(store);
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList, {});
  await controller.fetch(TodoResource.get, { id: 4 }).catch(() => undefined);
  clock.advance(50);
  await controller.fetch(TodoResource.get, { id: 1 });
  const release = controller.retain(TodoResource.get, { id: 1 });
  clock.advance(50);
  await controller.gc();
  release();

  const gcActions = recorded.log.filter((action) => action.type === 'rest/gc');
  expect(gcActions).toEqual([
    {
      type: 'rest/gc',
      payload: {
        keys: [`GET ${server.url}/todos`, `GET ${server.url}/todos/4`],
        entities: { Todo: ['2', '3'], [Object.keys(slice(cache, store).entities).find((key) => key !== 'Todo')!]: [expect.any(String)] },
      },
    },
  ]);
  expect(JSON.parse(JSON.stringify(gcActions))).toEqual(gcActions);
  expect(pks(slice(cache, store).entities, 'Todo')).toEqual(['1']);

  const requests = server.requests.length;
  const fresh = makeStore(cache);
  for (const action of recorded.log) fresh.dispatch(action as UnknownAction);
  expect(slice(cache, fresh)).toEqual(slice(cache, store));
  expect(server.requests.length).toBe(requests);
});

it('sweeps on its own every gcInterval, while something is left to collect', async () => {
  const { cache, store, controller, clock } = setup({ keepUnusedDataFor: 50, gcInterval: 20 }, { timers: true });
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.get, { id: 1 });
  expect(clock.delays).toEqual([20]);
  // Sweeps at 20 and 40 ms find the result unused for less than 50 ms.
  clock.advance(40);
  expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  expect(clock.delays).toEqual([20]);
  clock.advance(20);
  expect(cache.selectEntity(store.getState(), Todo, 1)).toBeUndefined();
  expect(slice(cache, store).endpoints).toEqual({});
  // Nothing is left to collect: no timer until a result is stored again.
  expect(clock.delays).toEqual([]);
});

it("the sweep timer does not keep a Node process alive (it is unref'd)", () => {
  // A script that leaves a result to collect in 60 s: it must end on its own, long before that.
  const script = `
    import { configureStore } from '@reduxjs/toolkit';
    import { createRestCache, RestEndpoint } from './src/index';
    const cache = createRestCache({ gcInterval: 60_000, keepUnusedDataFor: 120_000 });
    const store = configureStore({ reducer: { rest: cache.reducer }, middleware: (d) => d().concat(cache.middleware) });
    const controller = cache.controller(store);
    const get = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/todos/:id' });
    controller.setResponse(get, { id: 1 }, { id: 1 }).then(() => {
      controller.retain(get, { id: 1 })();
      console.log(Object.keys(cache.selectCacheState(store.getState()).endpoints).length);
    });
  `;
  const started = Date.now();
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), '-e', script], { cwd: rootDir, timeout: 15_000, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.signal).toBeNull();
  expect(run.stdout.trim()).toBe('1');
  expect(Date.now() - started).toBeLessThan(15_000);
});

it('bad options are refused with what was expected', () => {
  expect(() => createRestCache({ gcInterval: 0 })).toThrow(
    '[rest-slice] `createRestCache` option `gcInterval` must be a number of ms > 0, or `Infinity` to never sweep on a timer; got 0.',
  );
  expect(() => createRestCache({ keepUnusedDataFor: -1 })).toThrow('option `keepUnusedDataFor` must be a number of ms >= 0');
  expect(() => createRestCache({ keepUnusedDataFor: '5' as unknown as number })).toThrow('got a string');
});

it('a store the app dropped is not kept alive by its armed sweep timer (one store per server request)', async () => {
  // A timer the test holds, as the runtime holds a real one: its callbacks stay reachable until they run.
  const armed: (() => void)[] = [];
  const scheduler = { setTimeout: (callback: () => void) => armed.push(callback), clearTimeout: () => undefined };
  const cache = createRestCache({ scheduler, gcInterval: 60_000 });
  const dropped = await (async () => {
    const store = makeStore(cache);
    // Nobody uses this result, so the sweep timer is armed and holds what it needs to sweep.
    await cache.controller(store).setResponse(todoResource(server.url).getList, [{ id: 1, title: 'one' }]);
    expect(armed).toHaveLength(1);
    return new WeakRef(store);
  })();
  // A full collection (V8's `gc`, reached without the `--expose-gc` flag), after the current job ends.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 5 && dropped.deref() !== undefined; i++) {
    await new Promise((done) => setImmediate(done));
    gc();
  }
  expect(dropped.deref()).toBeUndefined();
  // The timer still fires, harmlessly: there is no store left to sweep.
  expect(() => armed[0]()).not.toThrow();
});
