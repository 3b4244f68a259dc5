// Fuzzing crossTab()'s checks: a tab records what it really relays (answers, a `set`, an optimistic edit and
// its answer, an invalidation, a reset, its copy for a new tab's `hello`), then another tab is fed that
// conversation with one value somewhere in one message replaced by random JSON or deleted, as a tab of
// another version of the app, or a corrupt post, would send it. Whatever arrives:
//
// - taking a message in never throws;
// - the tab's cache stays plain JSON, and reading any todo or the list either works or throws an error
//   that names rest-slice;
// - the tab still fetches and shows a todo afterwards.
//
// Runs: PROPERTY_RUNS (default 300 mutations); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { createRestCache, crossTab, type CrossTabChannel } from 'rest-slice';
import { makeClock, makeStore, slice, startStoreServer, Todo, todoResource, until, type StoreServer } from '../store/helpers';
import { mutated, pathsOf } from './helpers';
import { propertyParameters, propertyTimeout } from './runs';

let server: StoreServer;
/** The messages the recording tab sent to the other tab, in order (JSON texts). */
let conversation: string[] = [];

/** Two tabs on one channel, each message delivered by hand. */
function pair() {
  const inboxes: string[][] = [[], []];
  const channels: CrossTabChannel[] = [0, 1].map((id) => {
    const channel: CrossTabChannel = {
      onmessage: null,
      postMessage(message) {
        inboxes[1 - id].push(message as string);
      },
      close() {
        channel.onmessage = null;
      },
    };
    return channel;
  });
  const deliverAll = () => {
    for (let moved = true; moved; ) {
      moved = false;
      for (const id of [0, 1]) {
        const message = inboxes[id].shift();
        if (message === undefined) continue;
        channels[id].onmessage?.({ data: message });
        moved = true;
      }
    }
  };
  return { channels, inboxes, deliverAll };
}

function openTab(channel: CrossTabChannel, clock = makeClock()) {
  const cache = createRestCache({
    now: clock.now,
    scheduler: clock,
    gcInterval: Infinity,
    features: [crossTab({ helloTimeout: 0, answerTimeout: 0, createChannel: () => channel })],
  });
  const store = makeStore(cache);
  return { cache, store, clock, controller: cache.controller(store), TodoResource: todoResource(server.url) };
}

beforeAll(async () => {
  server = await startStoreServer();
  server.seedTodos([
    { id: 1, title: 'one', userId: 7 },
    { id: 2, title: 'two', userId: 7 },
    { id: 3, title: 'three', userId: 8 },
  ]);
  // The recording tab (1) talks to a listener tab (0) that only answers its `hello`.
  const { channels, inboxes, deliverAll } = pair();
  const listener = openTab(channels[0]);
  const recorder = openTab(channels[1]);
  await listener.controller.fetch(listener.TodoResource.get, { id: 3 });
  // The recorder's `hello` reaches the listener, whose copy (with todo 3) comes back.
  deliverAll();
  const { TodoResource } = recorder;
  await recorder.controller.fetch(TodoResource.getList);
  await recorder.controller.fetch(TodoResource.get, { id: 1 });
  recorder.clock.advance(5);
  server.hold();
  const edit = recorder.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'edited' });
  await server.waitForHeld(1);
  await server.releaseAll();
  await edit;
  server.hold(false);
  await recorder.controller.set(Todo, { id: 1 }, { id: 1, title: 'set here', completed: false, userId: 7, updatedAt: 0 });
  await recorder.controller.invalidate(TodoResource.get, { id: 1 });
  recorder.clock.advance(5);
  await recorder.controller.fetch(TodoResource.get, { id: 1 });
  // A `hello` is answered with the recorder's copy (addressed to each fuzzed tab as it runs).
  channels[1].onmessage?.({ data: JSON.stringify({ v: 1, from: 'new tab', kind: 'hello' }) });
  conversation = [...inboxes[0]];
  inboxes[0].length = 0;
  await recorder.controller.resetEntireStore();
  conversation.push(...inboxes[0]);
});
afterAll(() => server.close());

it('the recorded conversation, as it was sent, brings another tab the same data', () => {
  const { channels, inboxes } = pair();
  const tab = openTab(channels[0]);
  const id = (JSON.parse(inboxes[1][0]) as { from: string }).from;
  const texts = conversation.map((text) => text.replace('"to":"new tab"', `"to":${JSON.stringify(id)}`));
  // All but the reset at the end.
  for (const text of texts.slice(0, -1)) channels[0].onmessage?.({ data: text });
  const title = (todo: number) => tab.cache.selectEntity(tab.store.getState(), Todo, todo)?.title;
  expect([title(1), title(2), title(3)]).toEqual(['one', 'edited', 'three']);
  expect(tab.controller.getResponse(tab.TodoResource.getList, tab.store.getState()).data).toHaveLength(3);
  channels[0].onmessage?.({ data: texts[texts.length - 1] });
  expect(title(2)).toBeUndefined();
});

it('a relayed conversation with one value corrupted never throws, leaves the cache plain JSON and readable, and the tab still fetches', async () => {
  expect(conversation.length).toBeGreaterThan(5);
  const kinds = new Set(conversation.map((text) => (JSON.parse(text) as { kind: string; action?: { type: string } }).action?.type ?? (JSON.parse(text) as { kind: string }).kind));
  expect([...kinds]).toEqual(expect.arrayContaining(['state', 'rest/setResponse', 'rest/optimistic', 'rest/set', 'rest/invalidate', 'rest/reset']));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.nat(),
        fc.option(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('__proto__', 'rest/reset', 'tab#x#rest:1', 1e308, -1, Date.now() + 1e9)), { nil: undefined }),
        async (which, where, replacement) => {
          const { channels, inboxes } = pair();
          const tab = openTab(channels[0]);
          // The copy answers this tab's own `hello`.
          const id = (JSON.parse(inboxes[1][0]) as { from: string }).from;
          const texts = conversation.map((text) => text.replace('"to":"new tab"', `"to":${JSON.stringify(id)}`));
          const index = which % texts.length;
          const message = JSON.parse(texts[index]) as unknown;
          const paths = pathsOf(message);
          texts[index] = JSON.stringify(mutated(message, paths[where % paths.length], replacement)) ?? 'undefined';
          const reads = [
            () => tab.controller.getResponse(tab.TodoResource.getList, tab.store.getState()),
            ...[1, 2, 3].map((id) => () => tab.controller.getResponse(tab.TodoResource.get, { id }, tab.store.getState())),
          ];
          for (const text of texts) {
            expect(() => channels[0].onmessage?.({ data: text })).not.toThrow();
            const state = slice(tab.cache, tab.store);
            expect(JSON.parse(JSON.stringify(state))).toEqual(state);
            for (const read of reads) {
              try {
                read();
              } catch (error) {
                expect(String((error as Error).message)).toMatch(/^\[rest-slice\]/);
              }
            }
          }
          tab.clock.advance(60_000);
          const fetched = await tab.controller.fetch(tab.TodoResource.get, { id: 2 });
          expect(fetched).toMatchObject({ id: 2, title: server.todos.get(2)!.title });
          await until(() => tab.controller.getResponse(tab.TodoResource.get, { id: 2 }, tab.store.getState()).data?.title === server.todos.get(2)!.title, 'todo 2 shown');
        },
      ),
      propertyParameters(300),
    );
  } finally {
    warn.mockRestore();
  }
}, propertyTimeout(120_000));
