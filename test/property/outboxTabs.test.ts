// Random programs of two tabs (each a page with persist() and outbox() on one shared storage, as two tabs of
// one browser): edits in either tab online and offline, either tab going offline and online, reloading (a new
// page of that tab from the storage, the old one closed), the server refusing the next write with a 4xx or a
// 5xx, and either tab's clock moving on. The server here does not honour `Idempotency-Key`, so a write two
// tabs both sent would be applied twice. Once both tabs are online and have sent what they can:
//
// - no write is lost and none is sent twice in all: each edit was applied exactly once, or refused (its
//   caller rejected, or its entry left `failed` in a tab's outbox), or discarded in one of the tabs (then no
//   tab sent it);
// - the outboxes hold only failed writes;
// - with crossTab() too (its messages delivered when a step has settled), both tabs hold the same data.
//
// Runs: PROPERTY_RUNS (default 60 programs); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { createRestCache, crossTab, discardOutboxEntry, memoryStorage, outbox, persist, selectOutbox, type CrossTabChannel, type PersistStorage, type RestCacheState } from 'rest-slice';
import { makeClock } from '../helpers/clock';
import { makeStore, slice, startStoreServer, until, type StoreServer } from '../store/helpers';
import { THROTTLE, todoResources, watch } from '../features/outboxHelpers';
import { attemptsCounter } from './helpers';
import { propertyParameters, propertyTimeout } from './runs';

const IDS = [1, 2];
const TABS = 2;

type Cmd =
  | { op: 'edit'; tab: number; id: number }
  | { op: 'offline'; tab: number }
  | { op: 'online'; tab: number }
  | { op: 'reload'; tab: number }
  | { op: 'refuseNext'; status: 422 | 503 }
  | { op: 'discard'; tab: number }
  | { op: 'advance'; tab: number; ms: number };

const tab = fc.nat(TABS - 1);
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('edit' as const), tab, id: fc.constantFrom(...IDS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('offline' as const), tab }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('online' as const), tab }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reload' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refuseNext' as const), status: fc.constantFrom(422 as const, 503 as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('discard' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('advance' as const), tab, ms: fc.constantFrom(100, 1_000, 40_000) }) },
);

let server: StoreServer;

interface RunLog {
  readonly todos: Map<number, { id: number; title: string; completed: boolean; userId: number; updatedAt: number }>;
  readonly applied: string[];
  refuseNext: number | undefined;
}
// Each program's todos live under /runs/<n>/todos, so pages of an earlier program cannot reach the current one.
const logs = new Map<string, RunLog>();

beforeAll(async () => {
  server = await startStoreServer();
  let version = 0;
  server.route('GET', '/runs/:run/todos/:id', (request) => ({ json: logs.get(request.params.run)!.todos.get(Number(request.params.id)) }));
  server.route('PATCH', '/runs/:run/todos/:id', (request) => {
    const log = logs.get(request.params.run)!;
    if (log.refuseNext !== undefined) {
      const status = log.refuseNext;
      log.refuseNext = undefined;
      return { status, json: { message: `refused with ${status}` } };
    }
    const id = Number(request.params.id);
    const { title } = request.body as { title: string };
    const next = { ...log.todos.get(id)!, title, updatedAt: ++version };
    log.todos.set(id, next);
    log.applied.push(title);
    return { json: next };
  });
});
afterAll(() => server.close());

/** Channels whose messages wait until `deliver` (each sender's in order); a closed channel gets nothing more. */
function createHub() {
  const members = new Map<number, { channel: CrossTabChannel; inbox: string[] }>();
  let next = 0;
  return {
    open(): CrossTabChannel {
      const id = next++;
      const channel: CrossTabChannel = {
        onmessage: null,
        postMessage(message) {
          for (const [other, member] of members) if (other !== id) member.inbox.push(message as string);
        },
        close() {
          members.delete(id);
        },
      };
      members.set(id, { channel, inbox: [] });
      return channel;
    },
    /** Delivers every message waiting (and those they set off); true when there were any. */
    deliver(): boolean {
      let any = false;
      for (let moved = true; moved; ) {
        moved = false;
        for (const member of [...members.values()]) {
          const message = member.inbox.shift();
          if (message === undefined) continue;
          member.channel.onmessage?.({ data: message });
          moved = any = true;
        }
      }
      return any;
    },
  };
}

/** The data both tabs must agree on (pending requests and their ids are each tab's own). */
function confirmed(state: RestCacheState) {
  const { entities, entitiesMeta, endpoints, meta, optimistic, lastReset } = state;
  return JSON.parse(JSON.stringify({ entities, entitiesMeta, endpoints, meta, optimistic, lastReset })) as unknown;
}

let runs = 0;

async function run(program: readonly Cmd[], withCrossTab: boolean) {
  const run = String(++runs);
  const log: RunLog = { todos: new Map(IDS.map((id) => [id, { id, title: 'seeded', completed: false, userId: 1, updatedAt: 0 }])), applied: [], refuseNext: undefined };
  logs.set(run, log);
  const storage: PersistStorage = memoryStorage();
  const name = `outbox-tabs-property-${run}`;
  const { TodoResource } = todoResources(`${server.url}/runs/${run}`);
  const attempts = attemptsCounter();
  const offline = Array.from({ length: TABS }, () => false);
  const hub = createHub();
  const settle = async () => {
    do {
      for (let i = 0; i < 30; i++) await Promise.resolve();
      await until(attempts.idle, 'every request answered');
      for (let i = 0; i < 30; i++) await Promise.resolve();
    } while (hub.deliver() || !attempts.idle());
  };
  const load = (index: number, start?: number) => {
    const clock = makeClock(start);
    const persisted = persist({ storage, throttle: THROTTLE });
    const sync = withCrossTab ? [crossTab({ helloTimeout: 0, answerTimeout: 0, createChannel: () => hub.open() })] : [];
    const features = [persisted, outbox({ resources: [TodoResource], name }), ...sync, attempts.feature];
    const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features });
    const store = makeStore(cache);
    if (offline[index]) store.dispatch(cache.actions.offline());
    return { clock, persisted, cache, store, features, controller: cache.controller(store) };
  };
  type Page = ReturnType<typeof load>;
  const pages: Page[] = [];
  for (let index = 0; index < TABS; index++) {
    pages.push(load(index));
    await pages[index].persisted.ready(pages[index].store);
    for (const id of IDS) await pages[index].controller.fetch(TodoResource.get, { id });
  }
  const edits: { title: string; call: ReturnType<typeof watch> }[] = [];
  const discarded = new Set<string>();

  for (const cmd of program) {
    for (const page of pages) page.clock.advance(1);
    if (cmd.op === 'edit') {
      const title = `edit ${edits.length}`;
      edits.push({ title, call: watch(pages[cmd.tab].controller.fetch(TodoResource.partialUpdate, { id: cmd.id }, { title })) });
    } else if (cmd.op === 'offline' || cmd.op === 'online') {
      offline[cmd.tab] = cmd.op === 'offline';
      pages[cmd.tab].store.dispatch(pages[cmd.tab].cache.actions[cmd.op]());
    } else if (cmd.op === 'refuseNext') {
      log.refuseNext = cmd.status;
    } else if (cmd.op === 'discard') {
      // The oldest entry of that tab, failed or still waiting: no tab may send it after this.
      const [entry] = selectOutbox(pages[cmd.tab].cache, pages[cmd.tab].store.getState());
      if (entry !== undefined) {
        discarded.add((entry.args[1] as { title: string }).title);
        pages[cmd.tab].store.dispatch(discardOutboxEntry(pages[cmd.tab].cache, entry.id));
      }
    } else if (cmd.op === 'advance') {
      pages[cmd.tab].clock.advance(cmd.ms);
    } else {
      // The tab reloads: the old page goes (it sends nothing more), a new one restores from the storage.
      await settle();
      const old = pages[cmd.tab];
      old.store.dispatch(old.cache.actions.offline());
      for (const feature of old.features) (feature as { close?: (store: unknown) => void }).close?.(old.store);
      pages[cmd.tab] = load(cmd.tab, old.clock.now());
      await pages[cmd.tab].persisted.ready(pages[cmd.tab].store);
    }
    await settle();
  }

  // Both tabs online: they send what they hold, waiting out the backoff of a refused attempt.
  log.refuseNext = undefined;
  const waiting = () => pages.some((page) => selectOutbox(page.cache, page.store.getState()).some((entry) => entry.status !== 'failed'));
  for (const page of pages) page.store.dispatch(page.cache.actions.online());
  await settle();
  for (let i = 0; i < 10 && waiting(); i++) {
    for (const page of pages) {
      await page.controller.flushOutbox();
      await settle();
      page.clock.advance(30_000);
      await settle();
    }
  }
  return { pages, edits, log, discarded };
}

describe.each([false, true])('crossTab() %s', (withCrossTab) => {
it('two tabs on one storage: no write lost, none sent twice in all, the outboxes left with failed writes only', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (program) => {
      const { pages, edits, log, discarded } = await run(program, withCrossTab);
      if (withCrossTab) expect(confirmed(slice(pages[1].cache, pages[1].store))).toEqual(confirmed(slice(pages[0].cache, pages[0].store)));
      const entries = pages.flatMap((page) => selectOutbox(page.cache, page.store.getState()));
      expect(entries.filter((entry) => entry.status !== 'failed')).toEqual([]);
      const failed = new Set(entries.map((entry) => (entry.args[1] as { title: string }).title));
      for (const edit of edits) {
        const applied = log.applied.filter((title) => title === edit.title).length;
        const refused = failed.has(edit.title) || discarded.has(edit.title) || edit.call.state === 'rejected';
        expect({ title: edit.title, applied }).toEqual({ title: edit.title, applied: refused ? 0 : 1 });
      }
    }),
    propertyParameters(60),
  );
}, propertyTimeout(120_000));
});
