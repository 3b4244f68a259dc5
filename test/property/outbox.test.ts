// Random programs of offline writes with persist() and outbox(): edits of two todos made online and
// offline, the page going offline and online, reloads (a new page from the saved cache, as a browser
// restores it), the server refusing the next write with a 4xx or a 5xx, and the clock moving on. The
// server honours `Idempotency-Key` as the outbox asks of servers (a key it answered gets the same answer,
// and nothing is applied again). Once the page is online and the outbox has sent what it can:
//
// - no write is lost: each edit was applied by the server exactly once, or refused (its caller rejected,
//   or its entry left `failed` in the outbox); none was applied twice;
// - the server applied each todo's edits in the order they were made;
// - the outbox holds only failed writes, no optimistic update is left, and the page shows what the server
//   holds.
//
// Runs: PROPERTY_RUNS (default 100 programs); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { createRestCache, discardOutboxEntry, memoryStorage, outbox, persist, retryOutboxEntry, selectOutbox, type PersistStorage } from 'rest-slice';
import { Todo } from '../fixtures/Todo';
import { makeClock } from '../helpers/clock';
import { makeStore, slice, startStoreServer, type StoreServer } from '../store/helpers';
import { THROTTLE, todoResources, watch } from '../features/outboxHelpers';
import { attemptsCounter, pageStorage, reload } from './helpers';
import { propertyParameters, propertyTimeout } from './runs';

const IDS = [1, 2];

type Cmd =
  | { op: 'edit'; id: number }
  | { op: 'offline' }
  | { op: 'online' }
  | { op: 'reload' }
  | { op: 'refuseNext'; status: 422 | 503 }
  | { op: 'discard' }
  | { op: 'retry' }
  | { op: 'advance'; ms: number };

const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('edit' as const), id: fc.constantFrom(...IDS) }) },
  { weight: 2, arbitrary: fc.constant({ op: 'offline' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'online' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'reload' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refuseNext' as const), status: fc.constantFrom(422 as const, 503 as const) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'discard' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'retry' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(500, 1_000, 5_000, 40_000) }) },
);

let server: StoreServer;

/** One program's server side: its own todos and what it did with their PATCHes. */
interface RunLog {
  readonly todos: Map<number, { id: number; title: string; completed: boolean; userId: number; updatedAt: number }>;
  readonly applied: { id: number; title: string }[];
  withoutKey: number;
  refuseNext: number | undefined;
}
// Each program's todos live under /runs/<n>/todos: pages of an earlier program that are still sending cannot
// reach the current one.
const logs = new Map<string, RunLog>();

beforeAll(async () => {
  server = await startStoreServer();
  let version = 0;
  const answered = new Map<string, { json: unknown }>();
  server.route('GET', '/runs/:run/todos/:id', (request) => ({ json: logs.get(request.params.run)!.todos.get(Number(request.params.id)) }));
  server.route('PATCH', '/runs/:run/todos/:id', (request) => {
    const log = logs.get(request.params.run)!;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') log.withoutKey++;
    else if (answered.has(key)) return answered.get(key)!;
    if (log.refuseNext !== undefined) {
      const status = log.refuseNext;
      log.refuseNext = undefined;
      return { status, json: { message: `refused with ${status}` } };
    }
    const id = Number(request.params.id);
    const body = request.body as { title: string };
    const next = { ...log.todos.get(id)!, title: body.title, updatedAt: ++version };
    log.todos.set(id, next);
    log.applied.push({ id, title: body.title });
    const reply = { json: next };
    if (typeof key === 'string') answered.set(key, reply);
    return reply;
  });
});
afterAll(() => server.close());

let runs = 0;

async function run(program: readonly Cmd[]) {
  const run = String(++runs);
  const log: RunLog = {
    todos: new Map(IDS.map((id) => [id, { id, title: 'seeded', completed: false, userId: 1, updatedAt: 0 }])),
    applied: [],
    withoutKey: 0,
    refuseNext: undefined,
  };
  logs.set(run, log);
  const storage: PersistStorage = memoryStorage();
  const name = `outbox-property-${run}`;
  const { TodoResource } = todoResources(`${server.url}/runs/${run}`);
  const attempts = attemptsCounter();
  let offline = false;

  const load = (start?: number) => {
    const clock = makeClock(start);
    // A page writes the storage while it lives; a reload's old page is gone and writes nothing more.
    const own = pageStorage(storage);
    const persisted = persist({ storage: own.storage, throttle: THROTTLE });
    const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [persisted, outbox({ resources: [TodoResource], name }), attempts.feature] });
    const store = makeStore(cache);
    // The device is still offline after a reload: said before the restored outbox could start a replay.
    if (offline) store.dispatch(cache.actions.offline());
    return { clock, persisted, cache, store, controller: cache.controller(store), close: own.close };
  };
  /** Until no request of any page of this program is on its way (and what its answer set off has run). */
  const settle = attempts.settle;

  let page = load();
  await page.persisted.ready(page.store);
  for (const id of IDS) await page.controller.fetch(TodoResource.get, { id });
  const edits: { id: number; title: string; call: ReturnType<typeof watch> }[] = [];
  const discarded = new Set<string>();
  const retried = new Set<string>();

  for (const cmd of program) {
    page.clock.advance(1);
    switch (cmd.op) {
      case 'edit': {
        const title = `edit ${edits.length}`;
        edits.push({ id: cmd.id, title, call: watch(page.controller.fetch(TodoResource.partialUpdate, { id: cmd.id }, { title })) });
        break;
      }
      case 'offline':
        offline = true;
        page.store.dispatch(page.cache.actions.offline());
        break;
      case 'online':
        offline = false;
        page.store.dispatch(page.cache.actions.online());
        break;
      case 'refuseNext':
        log.refuseNext = cmd.status;
        break;
      case 'advance':
        page.clock.advance(cmd.ms);
        break;
      case 'discard': {
        // The oldest entry, failed or still waiting.
        const [entry] = selectOutbox(page.cache, page.store.getState());
        if (entry !== undefined) {
          discarded.add((entry.args[1] as { title: string }).title);
          page.store.dispatch(discardOutboxEntry(page.cache, entry.id));
        }
        break;
      }
      case 'retry': {
        const entry = selectOutbox(page.cache, page.store.getState()).find((candidate) => candidate.status === 'failed');
        if (entry !== undefined) {
          retried.add((entry.args[1] as { title: string }).title);
          page.store.dispatch(retryOutboxEntry(page.cache, entry.id));
        }
        break;
      }
      case 'reload':
        page = await reload(page, load, settle, THROTTLE);
        break;
    }
    await settle();
  }

  // Back online: the outbox sends what it holds, waiting out the backoff of a refused attempt.
  log.refuseNext = undefined;
  page.store.dispatch(page.cache.actions.online());
  for (let i = 0; i < 10 && selectOutbox(page.cache, page.store.getState()).some((entry) => entry.status !== 'failed'); i++) {
    await page.controller.flushOutbox();
    await settle();
    page.clock.advance(30_000);
    await settle();
  }
  return { page, edits, log, discarded, retried };
}

it('offline writes over reloads and refusals: none lost, none applied twice, each todo in order, and the page shows the server', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (program) => {
      const { page, edits, log, discarded, retried } = await run(program);
      const state = slice(page.cache, page.store);
      const entries = selectOutbox(page.cache, page.store.getState());
      expect(entries.filter((entry) => entry.status !== 'failed')).toEqual([]);
      expect(state.optimistic).toEqual([]);
      expect(log.withoutKey).toBe(0);
      const failedTitles = new Set(entries.map((entry) => (entry.args[1] as { title: string }).title));
      for (const edit of edits) {
        const applied = log.applied.filter((write) => write.title === edit.title).length;
        // Refused for good: left failed, or discarded; a caller rejected at a 4xx may have retried it since.
        const dropped = failedTitles.has(edit.title) || discarded.has(edit.title);
        const refused = dropped || (edit.call.state === 'rejected' && !retried.has(edit.title));
        const expected = refused ? 0 : edit.call.state === 'rejected' ? applied : 1;
        expect({ title: edit.title, applied }).toEqual({ title: edit.title, applied: Math.min(expected, 1) });
      }
      for (const id of IDS) {
        expect(page.cache.selectEntity(page.store.getState(), Todo, id)?.title).toBe(log.todos.get(id)!.title);
        // A retried write is sent when it is retried, after the writes made since.
        const order = log.applied.filter((write) => write.id === id && !retried.has(write.title)).map((write) => Number(write.title.split(' ')[1]));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }
    }),
    propertyParameters(100),
  );
}, propertyTimeout(120_000));
