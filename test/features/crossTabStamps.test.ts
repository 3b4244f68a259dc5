// crossTab(): the times a relayed message carries are checked against this tab's clock. Tabs of one browser
// share a clock, so a time more than a day ahead of it is corrupt or forged; applied, it would outrank every
// later answer of this tab (a reset dated ahead drops them all; a row "fetched" ahead is never replaced).
// Real tabs (stores on Node's BroadcastChannel), the real local server, the test's clock.
import { createRestCache, crossTab, type CrossTabFeature, type RestCacheState } from 'rest-slice';
import { expectWarnings, makeClock, makeStore, slice, startStoreServer, Todo, todoResource, until, type Clock, type StoreServer } from '../store/helpers';

const DAY = 86_400_000;

let server: StoreServer;
let clock: Clock;
let channel: string;
let tabs: { close(): void }[];
let channels = 0;

beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([{ id: 1, title: 'one' }]);
  clock = makeClock();
  channel = `crossTab-stamps-${++channels}`;
  tabs = [];
});
afterEach(async () => {
  for (const tab of tabs) tab.close();
  await server.close();
});

function openTab(helloTimeout = 0) {
  const sync: CrossTabFeature = crossTab({ channel, helloTimeout, createChannel: (name) => new BroadcastChannel(name) });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [sync] });
  const store = makeStore(cache);
  const tab = {
    cache,
    store,
    controller: cache.controller(store),
    TodoResource: todoResource(server.url),
    state: (): RestCacheState => slice(cache, store),
    title: (id: number) => cache.selectEntity(store.getState(), Todo, id)?.title,
    close: () => sync.close(store),
  };
  tabs.push(tab);
  return tab;
}

/** A channel of the test's name that posts hand-made messages (and hears the tabs'). */
function intruder() {
  const heard: { from: string; kind: string }[] = [];
  const other = new BroadcastChannel(channel);
  other.onmessage = (event: MessageEvent) => heard.push(JSON.parse(event.data as string) as (typeof heard)[number]);
  tabs.push({ close: () => other.close() });
  return { heard, post: (message: unknown) => other.postMessage(JSON.stringify(message)) };
}

const ignored = (why: string) => `[rest-slice] \`crossTab()\` on channel \`${channel}\` ignored a message: ${why}.`;

/** A relayed answer to `GET /todos/1`, every time stamped `at`, the row's meta stamped `rowAt`. */
function answer(key: string, title: string, at: number, rowAt = at) {
  return {
    v: 1,
    from: 'x',
    kind: 'action',
    action: {
      type: 'rest/setResponse',
      payload: {
        endpoint: 'Todo.get',
        key,
        args: [{ id: 1 }],
        fetchedAt: at,
        date: at,
        expiresAt: at + 60_000,
        result: '1',
        entities: { Todo: { 1: { id: 1, title } } },
        entitiesMeta: { Todo: { 1: { fetchedAt: rowAt, date: rowAt, expiresAt: rowAt + 60_000 } } },
      },
    },
  };
}

it('a relayed reset dated more than a day ahead is ignored with a warning; the tab keeps its data and its answers land', async () => {
  const warn = expectWarnings();
  const b = openTab();
  await b.controller.fetch(b.TodoResource.get, { id: 1 });
  const { post } = intruder();
  post({ v: 1, from: 'x', kind: 'action', action: { type: 'rest/reset', payload: { date: clock.now() + DAY + 1 } } });
  await until(() => warn.mock.calls.length === 1, 'the warning');
  expect(warn.mock.calls[0][0]).toBe(ignored("its rest/reset payload: `date` is a time more than a day ahead of this tab's clock"));
  expect(b.state().lastReset).toBe(0);
  expect(b.title(1)).toBe('one');
  server.todos.set(1, { ...server.todos.get(1)!, title: 'changed' });
  clock.advance(10);
  await b.controller.fetch(b.TodoResource.get, { id: 1 });
  expect(b.title(1)).toBe('changed');
});

it('a relayed answer stamped more than a day ahead, or with a row stamped so, is ignored; the next answer of the server shows', async () => {
  const warn = expectWarnings();
  const b = openTab();
  await b.controller.fetch(b.TodoResource.get, { id: 1 });
  const key = `GET ${server.url}/todos/1`;
  const { post } = intruder();
  post(answer(key, 'forged', 9e15));
  post(answer(key, 'forged row', clock.now(), clock.now() + 2 * DAY));
  await until(() => warn.mock.calls.length === 2, 'the warnings');
  expect(warn.mock.calls.map((call) => call[0] as string)).toEqual([
    ignored("its rest/setResponse payload: `fetchedAt` is a time more than a day ahead of this tab's clock"),
    ignored("its rest/setResponse payload: `entitiesMeta` is row `Todo` \"1\" is `fetchedAt` is a time more than a day ahead of this tab's clock"),
  ]);
  expect(b.title(1)).toBe('one');
  server.todos.set(1, { ...server.todos.get(1)!, title: 'server' });
  clock.advance(10);
  await b.controller.fetch(b.TodoResource.get, { id: 1 });
  expect(b.title(1)).toBe('server');
});

it('a relayed time within a day ahead (another clock a little ahead) is applied as before', async () => {
  const b = openTab();
  const key = `GET ${server.url}/todos/1`;
  const { post } = intruder();
  post(answer(key, 'from a tab a minute ahead', clock.now() + 60_000));
  await until(() => b.title(1) === 'from a tab a minute ahead', 'the relayed answer');
});

it("a late tab ignores a peer's copy whose `lastReset` is more than a day ahead, and fetches as usual", async () => {
  const warn = expectWarnings();
  const { heard, post } = intruder();
  const b = openTab(100);
  await until(() => heard.some((message) => message.kind === 'hello'), "the new tab's hello");
  const to = heard.find((message) => message.kind === 'hello')!.from;
  post({ v: 1, from: 'x', kind: 'state', to, state: { entities: {}, entitiesMeta: {}, endpoints: {}, meta: {}, optimistic: [], lastReset: clock.now() + 2 * DAY } });
  await until(() => warn.mock.calls.length === 1, 'the warning');
  expect(warn.mock.calls[0][0]).toBe(ignored("its state payload: `lastReset` is a time more than a day ahead of this tab's clock"));
  clock.advance(100);
  await b.controller.fetch(b.TodoResource.get, { id: 1 });
  expect({ lastReset: b.state().lastReset, title: b.title(1) }).toEqual({ lastReset: 0, title: 'one' });
});
