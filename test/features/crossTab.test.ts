// crossTab(): tabs (here: stores, each with its own cache instance of one definition, as two browser tabs
// have) share the cache over Node's global BroadcastChannel and the real local server. Messages are real
// I/O, so the tests wait for them with `until`; the cache's timers run only when the test moves its clock.
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, crossTab, updaters, type CrossTabFeature, type RestCacheState, type RestFeature } from 'rest-slice';
import { updaterEndpoints } from './updaterEndpoints';
import { makeClock, makeStore, roundTrip, slice, startStoreServer, Todo, todoResource, until, type Clock, type StoreServer } from '../store/helpers';

let server: StoreServer;
let clock: Clock;
let channel: string;
let tabs: { close(): void }[];
let channels = 0;

beforeEach(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 7 },
    { id: 2, title: 'two', userId: 7 },
  ]);
  clock = makeClock();
  // A channel per test: a tab left open by a failed test cannot reach the next one.
  channel = `crossTab-test-${++channels}`;
  tabs = [];
});
afterEach(async () => {
  for (const tab of tabs) tab.close();
  await server.close();
});

type Tab = ReturnType<typeof openTab>;

/** One tab: its own cache instance and store, on the test's channel and clock. */
function openTab(options: { helloTimeout?: number; answerTimeout?: number; features?: RestFeature[]; listResources?: boolean } = {}) {
  const TodoResource = todoResource(server.url);
  const sync: CrossTabFeature = crossTab({
    channel,
    helloTimeout: options.helloTimeout ?? 0,
    answerTimeout: options.answerTimeout,
    createChannel: (name) => new BroadcastChannel(name),
    resources: options.listResources === true ? [TodoResource] : undefined,
  });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [...(options.features ?? []), sync] });
  const store = makeStore(cache);
  const tab = {
    cache,
    store,
    controller: cache.controller(store),
    TodoResource,
    state: (): RestCacheState => slice(cache, store),
    title: (id: number) => cache.selectEntity(store.getState(), Todo, id)?.title,
    close: () => sync.close(store),
  };
  tabs.push(tab);
  return tab;
}

/** Every message on the channel, as a listener tab sees it. */
function listen() {
  const messages: { from: string; kind: string; action?: { type: string } }[] = [];
  const listener = new BroadcastChannel(channel);
  listener.onmessage = (event: MessageEvent) => messages.push(JSON.parse(event.data as string) as (typeof messages)[number]);
  tabs.push({ close: () => listener.close() });
  return messages;
}

/** The confirmed data every tab must agree on (pending requests and their ids are each tab's own). */
function confirmed(state: RestCacheState) {
  const { entities, entitiesMeta, endpoints, meta, lastReset } = state;
  return JSON.parse(JSON.stringify({ entities, entitiesMeta, endpoints, meta, lastReset })) as unknown;
}

const gets = () => server.count('GET');

/** Waits until a message of `kind` is on the channel (a listener sees it; every tab has been sent it by then). */
async function sent(messages: { kind: string }[], kind: string): Promise<void> {
  await until(() => messages.some((message) => message.kind === kind), `a \`${kind}\` message`);
}

it('an answer in one tab shows in the other with no request', async () => {
  const a = openTab();
  const b = openTab();
  const todo = await a.controller.fetch(a.TodoResource.get, { id: 1 });
  expect(todo.title).toBe('one');
  await until(() => b.title(1) === 'one', 'the relayed answer');
  expect(b.controller.getResponse(b.TodoResource.get, { id: 1 }, b.store.getState()).data?.title).toBe('one');
  expect(confirmed(b.state())).toEqual(confirmed(a.state()));
  expect(gets()).toBe(1);
});

it("the other results a response's `update` changed (updaters()) reach the other tab with it", async () => {
  const a = openTab({ features: [updaters()] });
  const b = openTab({ features: [updaters()] });
  const { list, create } = updaterEndpoints(server.url);
  await a.controller.fetch(list);
  await until(() => b.state().endpoints[list.key()] !== undefined, 'the relayed list');
  const created = await a.controller.fetch(create, { title: 'three' });
  await until(() => (b.state().endpoints[list.key()] as string[]).length === 3, 'the relayed update');
  expect(b.controller.getResponse(list, b.store.getState()).data?.map((todo) => todo.title)).toEqual(['one', 'two', 'three']);
  expect(b.state().endpoints[list.key()]).toEqual(['1', '2', String(created.id)]);
  expect(confirmed(b.state())).toEqual(confirmed(a.state()));
  expect(server.count()).toBe(2);
});

it('a tab that needs a result another tab is fetching waits for its answer instead of sending a request', async () => {
  const messages = listen();
  const a = openTab();
  const b = openTab();
  server.hold();
  const first = a.controller.fetch(a.TodoResource.get, { id: 2 });
  await server.waitForHeld(1);
  // B hears that A is fetching the key before it needs it.
  await sent(messages, 'fetching');
  const second = b.controller.fetch(b.TodoResource.get, { id: 2 });
  await server.releaseAll();
  expect((await first).title).toBe('two');
  expect((await second).title).toBe('two');
  expect(gets()).toBe(1);
  expect(b.state().inflight).toEqual({});
  expect(confirmed(b.state())).toEqual(confirmed(a.state()));
});

it('a tab waiting for another tab that never answers fetches itself after `answerTimeout`', async () => {
  const messages = listen();
  const a = openTab();
  const b = openTab({ answerTimeout: 300 });
  server.hold();
  void a.controller.fetch(a.TodoResource.get, { id: 2 }).catch(() => undefined);
  await server.waitForHeld(1);
  await sent(messages, 'fetching');
  const second = b.controller.fetch(b.TodoResource.get, { id: 2 });
  // A goes away without answering.
  a.close();
  await until(() => server.held.length === 2, 'B sends its own request once A is gone');
  server.hold(false);
  await server.releaseAll();
  expect((await second).title).toBe('two');
  expect(gets()).toBe(2);
});

it('the wait ends at `answerTimeout` by the cache clock', async () => {
  const messages = listen();
  const a = openTab();
  const b = openTab({ answerTimeout: 300 });
  server.hold((request) => request.path === '/todos/2');
  void a.controller.fetch(a.TodoResource.get, { id: 2 }).catch(() => undefined);
  await server.waitForHeld(1);
  await sent(messages, 'fetching');
  const second = b.controller.fetch(b.TodoResource.get, { id: 2 });
  // Any request B had sent would have reached the server before this one's answer.
  await roundTrip(server);
  expect(server.count('GET', '/todos/2')).toBe(1);
  clock.advance(300);
  await server.waitForHeld(2);
  server.hold(false);
  await server.releaseAll();
  expect((await second).title).toBe('two');
  expect(server.count('GET', '/todos/2')).toBe(2);
});

it('an optimistic edit shows in both tabs, and its rollback too', async () => {
  const a = openTab();
  const b = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  // B knows the endpoint (it edited before): it recomputes A's pending update over its own data.
  server.route('PATCH', '/todos/:id', (request) => ({ json: { ...server.todos.get(Number(request.params.id)), ...request.body } }));
  await b.controller.fetch(b.TodoResource.partialUpdate, { id: 1 }, { title: 'one' });
  server.hold();
  clock.advance(5);
  const edit = a.controller.fetch(a.TodoResource.partialUpdate, { id: 1 }, { title: 'edited' });
  expect(a.title(1)).toBe('edited');
  await until(() => b.title(1) === 'edited', 'the relayed optimistic update');
  expect(b.state().optimistic).toEqual([expect.objectContaining({ endpoint: 'Todo.partialUpdate', args: [{ id: 1 }, { title: 'edited' }] })]);
  await server.waitForHeld(1);
  await server.held[0].releaseWith({ status: 500, json: { message: 'db down' } });
  await expect(edit).rejects.toThrow('500');
  expect(a.title(1)).toBe('one');
  await until(() => b.state().optimistic.length === 0, 'the relayed rollback');
  expect(b.title(1)).toBe('one');
  expect(confirmed(b.state())).toEqual(confirmed(a.state()));
});

it('a relayed optimistic update of an endpoint this tab never used is skipped without a warning; the answer still shows', async () => {
  const a = openTab();
  const b = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  await until(() => b.title(1) === 'one', 'the first answer');
  const messages = listen();
  server.hold();
  clock.advance(5);
  const edit = a.controller.fetch(a.TodoResource.partialUpdate, { id: 1 }, { title: 'edited' });
  await server.waitForHeld(1);
  await sent(messages, 'action');
  // One more relayed change B applies: the optimistic update, sent before it, has been handled by then.
  await a.controller.invalidate(a.TodoResource.get, { id: 2 });
  await until(() => b.state().meta[`GET ${server.url}/todos/2`]?.invalidated === true, 'the invalidation');
  expect(b.state().optimistic).toEqual([]);
  expect(b.title(1)).toBe('one');
  await server.releaseAll();
  await edit;
  await until(() => b.title(1) === 'edited', 'the relayed answer');
  expect(confirmed(b.state())).toEqual(confirmed(a.state()));
});

it.each([
  ["a tab that only read the todo: a resource's members are known together", { listResources: false, reads: true }],
  ['a tab given the resource in `crossTab({ resources })`, before it used it', { listResources: true, reads: false }],
] as const)("%s shows another tab's pending edit, and its rollback", async (_name, { listResources, reads }) => {
  const a = openTab();
  const b = openTab({ listResources });
  await (reads ? b : a).controller.fetch((reads ? b : a).TodoResource.get, { id: 1 });
  await until(() => a.title(1) === 'one' && b.title(1) === 'one', 'the first answer in both tabs');
  server.hold();
  clock.advance(5);
  const edit = a.controller.fetch(a.TodoResource.partialUpdate, { id: 1 }, { title: 'edited in A' });
  await until(() => b.title(1) === 'edited in A', 'the relayed optimistic update');
  expect(b.state().optimistic).toEqual([expect.objectContaining({ endpoint: 'Todo.partialUpdate', args: [{ id: 1 }, { title: 'edited in A' }] })]);
  await server.waitForHeld(1);
  await server.held[0].releaseWith({ status: 500, json: { message: 'db down' } });
  await expect(edit).rejects.toThrow('500');
  await until(() => b.state().optimistic.length === 0, 'the relayed rollback');
  expect(b.title(1)).toBe('one');
  expect(confirmed(b.state())).toEqual(confirmed(a.state()));
  expect(gets()).toBe(1);
});

/** Two tabs that both read todo 1, then edit it in turn (A renames it, B completes it) with both answers held. */
async function concurrentEdits() {
  const a = openTab();
  const b = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  await until(() => b.title(1) === 'one', 'the first answer');
  server.hold();
  clock.advance(5);
  const fromA = a.controller.fetch(a.TodoResource.partialUpdate, { id: 1 }, { title: 'by A' });
  clock.advance(5);
  const fromB = b.controller.fetch(b.TodoResource.partialUpdate, { id: 1 }, { completed: true });
  await server.waitForHeld(2);
  return { a, b, fromA, fromB };
}

/** The held requests of {@link concurrentEdits}: A's, then B's. */
const heldByTab = () => (server.held[0].request.body.title === 'by A' ? [server.held[0], server.held[1]] : [server.held[1], server.held[0]]);

it('two concurrent edits in two tabs end equal in both', async () => {
  const { a, b, fromA, fromB } = await concurrentEdits();
  // The server applies A's edit, then B's: B's answer holds both.
  const [heldA, heldB] = heldByTab();
  await heldA.release();
  await fromA;
  await heldB.release();
  await fromB;
  await until(() => b.title(1) === 'by A' && a.state().optimistic.length === 0 && b.state().optimistic.length === 0, 'both answers in both tabs');
  expect(cacheRow(a)).toEqual({ id: 1, title: 'by A', completed: true, userId: 7, updatedAt: 0 });
  expect(cacheRow(b)).toEqual(cacheRow(a));
  expect(confirmed(a.state())).toEqual(confirmed(b.state()));
});

it('two concurrent edits answered in the other order: the later edit wins in both tabs, as in one tab', async () => {
  const { a, b, fromA, fromB } = await concurrentEdits();
  const [heldA, heldB] = heldByTab();
  await heldB.release();
  await fromB;
  await heldA.release();
  await fromA;
  await until(() => a.state().optimistic.length === 0 && b.state().optimistic.length === 0 && a.title(1) === b.title(1), 'both answers in both tabs');
  // B's edit was triggered later, so A's older answer does not replace it (races rule 5), in either tab.
  expect(cacheRow(a)).toEqual({ id: 1, title: 'one', completed: true, userId: 7, updatedAt: 0 });
  expect(cacheRow(b)).toEqual(cacheRow(a));
  expect(confirmed(a.state())).toEqual(confirmed(b.state()));
});

function cacheRow(tab: Tab) {
  return tab.state().entities.Todo?.['1' as never];
}

it('an invalidation and a reset propagate', async () => {
  const a = openTab();
  const b = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  await until(() => b.title(1) === 'one', 'the first answer');
  const key = `GET ${server.url}/todos/1`;
  await b.controller.invalidate(b.TodoResource.get, { id: 1 });
  await until(() => a.state().meta[key]?.invalidated === true, 'the relayed invalidation');
  expect(a.state().meta[key]).toEqual(b.state().meta[key]);
  clock.advance(10);
  await a.controller.resetEntireStore();
  await until(() => b.state().lastReset === clock.now(), 'the relayed reset');
  expect(b.state()).toEqual(a.state());
  expect(b.state().endpoints).toEqual({});
});

it('no echo: each change is one message, from the tab that made it', async () => {
  const messages = listen();
  const a = openTab();
  const b = openTab();
  // A answers B's hello with its (empty) copy.
  await until(() => messages.length === 3, 'the hellos and the answer');
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  await until(() => b.title(1) === 'one', 'the relayed answer');
  await b.controller.invalidate(b.TodoResource.get, { id: 1 });
  await until(() => a.state().meta[`GET ${server.url}/todos/1`]?.invalidated === true, 'the relayed invalidation');
  // One more round trip on the channel, so any echo would have arrived by now.
  a.close();
  await until(() => messages.some((message) => message.kind === 'bye'), 'the goodbye');
  const kinds = messages.map((message) => [message.kind, message.action?.type ?? '', message.from]);
  const aId = kinds.find(([kind]) => kind === 'fetching')![2];
  const bId = kinds.find(([, type]) => type === 'rest/invalidate')![2];
  expect(aId).not.toBe(bId);
  expect(kinds).toEqual([
    ['hello', '', aId],
    ['hello', '', bId],
    ['state', '', aId],
    ['fetching', '', aId],
    ['action', 'rest/setResponse', aId],
    ['action', 'rest/invalidate', bId],
    ['bye', '', aId],
  ]);
});

it('a late tab catches up from a peer before its first read needs it, with no request', async () => {
  const a = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  const late = openTab({ helloTimeout: 100 });
  // Its first read starts at once: it waits for the peer's copy instead of fetching.
  const todo = await late.controller.fetch(late.TodoResource.get, { id: 1 });
  expect(todo.title).toBe('one');
  expect(gets()).toBe(1);
  expect(confirmed(late.state())).toEqual(confirmed(a.state()));
});

it('a tab alone fetches as usual once `helloTimeout` passes with no answer', async () => {
  const alone = openTab({ helloTimeout: 100 });
  const todo = alone.controller.fetch(alone.TodoResource.get, { id: 1 });
  await roundTrip(server);
  expect(server.count('GET', '/todos/1')).toBe(0);
  clock.advance(100);
  expect((await todo).title).toBe('one');
  expect(server.count('GET', '/todos/1')).toBe(1);
});

it('a tab that closes with a write in flight leaves no optimistic update stuck in the others', async () => {
  const a = openTab();
  const b = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  server.route('PATCH', '/todos/:id', (request) => ({ json: { ...server.todos.get(Number(request.params.id)), ...request.body } }));
  await b.controller.fetch(b.TodoResource.partialUpdate, { id: 1 }, { title: 'one' });
  await until(() => a.state().optimistic.length === 0, 'B settled');
  server.hold();
  clock.advance(5);
  void a.controller.fetch(a.TodoResource.partialUpdate, { id: 1 }, { title: 'never confirmed' }).catch(() => undefined);
  await until(() => b.title(1) === 'never confirmed', 'the relayed optimistic update');
  a.close();
  await until(() => b.state().optimistic.length === 0, 'the closed tab dropped');
  expect(b.title(1)).toBe('one');
});

it('a malformed or foreign message is ignored with a development warning', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const a = openTab();
  const b = openTab();
  await a.controller.fetch(a.TodoResource.get, { id: 1 });
  await until(() => b.title(1) === 'one', 'the first answer');
  const before = b.state();
  const intruder = new BroadcastChannel(channel);
  const post = (message: unknown) => intruder.postMessage(JSON.stringify(message));
  post({ v: 1, from: 'x', kind: 'action', action: { type: 'rest/setResponse', payload: { key: 1 } } });
  post({ v: 1, from: 'x', kind: 'action', action: { type: 'other/reset', payload: { date: 0 } } });
  intruder.postMessage('hello');
  intruder.postMessage({ v: 1 });
  post({ v: 1, from: 'x', kind: 'action', action: { type: 'rest/optimistic', payload: { endpoint: 'e', key: 'k', args: [], fetchedAt: 1, requestId: 'rest:1' } } });
  // Each warning once (both tabs ignore each message).
  await until(() => warn.mock.calls.length >= 5, 'the warnings');
  // One more message both tabs apply, so nothing of the intruder's is still on its way.
  await a.controller.invalidate(a.TodoResource.get, { id: 2 });
  await until(() => b.state().meta[`GET ${server.url}/todos/2`]?.invalidated === true, 'the invalidation');
  intruder.close();
  expect(b.state().endpoints).toBe(before.endpoints);
  expect(b.state().entities).toBe(before.entities);
  expect(b.state().optimistic).toBe(before.optimistic);
  expect(warn).toHaveBeenCalledTimes(5);
  const messages = new Set(warn.mock.calls.map((call) => call[0] as string));
  expect([...messages].sort()).toEqual(
    [
      `[rest-slice] \`crossTab()\` on channel \`${channel}\` ignored a message: its rest/setResponse payload: \`endpoint\` is not a string.`,
      `[rest-slice] \`crossTab()\` on channel \`${channel}\` ignored a message: \`other/reset\` is not an action this cache relays.`,
      `[rest-slice] \`crossTab()\` on channel \`${channel}\` ignored a message: it is not JSON.`,
      `[rest-slice] \`crossTab()\` on channel \`${channel}\` ignored a message: it is not a JSON text.`,
      `[rest-slice] \`crossTab()\` on channel \`${channel}\` ignored a message: its rest/optimistic payload: \`requestId\` is not a relayed request id.`,
    ].sort(),
  );
});

it('two caches with different reducerPaths never mix: each has its own channel', async () => {
  const sync = crossTab({ helloTimeout: 0, createChannel: (name) => new BroadcastChannel(name) });
  const other = createRestCache({ reducerPath: 'other', now: clock.now, scheduler: clock, features: [sync] });
  const store = configureStore({ reducer: { other: other.reducer }, middleware: (getDefault) => getDefault().concat(other.middleware) });
  tabs.push({ close: () => sync.close(store) });
  const messages: unknown[] = [];
  const listener = new BroadcastChannel('rest-slice:other');
  listener.onmessage = (event: MessageEvent) => messages.push(JSON.parse(event.data as string));
  tabs.push({ close: () => listener.close() });
  await other.controller(store).fetch(todoResource(server.url).get, { id: 1 });
  await until(() => messages.length === 2, 'the relayed answer on rest-slice:other');
  expect(messages.map((message) => (message as { kind: string }).kind)).toEqual(['fetching', 'action']);
});

it('rejects a bad option, naming it', () => {
  expect(() => crossTab({ channel: '' })).toThrow('[rest-slice] `crossTab({ channel })` takes a non-empty channel name, got "".');
  expect(() => crossTab({ answerTimeout: -1 })).toThrow('[rest-slice] `crossTab({ answerTimeout })` takes a number of milliseconds (0 or more), got -1.');
  expect(() => crossTab({ resources: 'TodoResource' as unknown as object[] })).toThrow(
    '[rest-slice] `crossTab({ resources })` takes an array of resources or endpoints, got a string.',
  );
});

it('on a server (no document) two stores with crossTab() stay apart: stores of one process belong to different users', async () => {
  const messages = listen();
  const stores = [0, 1].map(() => {
    const sync = crossTab({ channel });
    const cache = createRestCache({ now: clock.now, scheduler: clock, features: [sync] });
    const store = makeStore(cache);
    tabs.push({ close: () => sync.close(store) });
    return { cache, store };
  });
  await stores[0].cache.controller(stores[0].store).fetch(todoResource(server.url).get, { id: 1 });
  // The server's own answer has had its turn by then; nothing was posted.
  await roundTrip(server);
  expect(messages).toEqual([]);
  expect(slice(stores[1].cache, stores[1].store).endpoints).toEqual({});
});
