// Random programs of list edits kept offline (outbox() with persist() and collectionEdits()): todos created
// into a user's list under a temporary id, todos moved between users' lists (created ones too, by their
// temporary id), the page going offline and online, reloads from the saved cache, and the server refusing the
// next write with a 4xx or a 5xx. The server honours `Idempotency-Key`. Once the page is online and the outbox
// has sent what it can:
//
// - each create reached the server at most once, and exactly once unless it was refused;
// - every stored list (`getList()`, `getList({ userId: 1 })`, `getList({ userId: 2 })`) holds exactly the
//   todos the server lists for it: no temporary id is left;
// - with every create made, no move was sent to a temporary id (a move of a created todo reached its real id).
//
// Runs: PROPERTY_RUNS (default 60 programs); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { collectionEdits, createRestCache, memoryStorage, outbox, persist, selectOutbox, type PersistStorage } from 'rest-slice';
import { makeClock } from '../helpers/clock';
import { makeStore, startStoreServer, type StoreServer } from '../store/helpers';
import { THROTTLE, todoResources, watch } from '../features/outboxHelpers';
import { attemptsCounter, pageStorage, reload } from './helpers';
import { propertyParameters, propertyTimeout } from './runs';

const LISTS = [undefined, 1, 2] as const;

type Cmd =
  | { op: 'create'; userId: 1 | 2 }
  | { op: 'move'; pick: number; userId: 1 | 2 }
  | { op: 'offline' }
  | { op: 'online' }
  | { op: 'reload' }
  | { op: 'refuseNext'; status: 422 | 503 };

const user = fc.constantFrom(1 as const, 2 as const);
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('create' as const), userId: user }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('move' as const), pick: fc.nat(30), userId: user }) },
  { weight: 2, arbitrary: fc.constant({ op: 'offline' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'online' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'reload' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refuseNext' as const), status: fc.constantFrom(422 as const, 503 as const) }) },
);

interface Row {
  id: number;
  title: string;
  completed: boolean;
  userId: number;
  updatedAt: number;
}
interface RunLog {
  readonly todos: Map<number, Row>;
  readonly created: string[];
  /** PATCHes of an id the server never had (a temporary id sent as it was). */
  notFound: number;
  refuseNext: number | undefined;
}
// Each program's todos live under /runs/<n>/todos, so pages of an earlier program cannot reach the current one.
const logs = new Map<string, RunLog>();
let server: StoreServer;

beforeAll(async () => {
  server = await startStoreServer();
  let nextId = 1000;
  const answered = new Map<string, { status?: number; json: unknown }>();
  /** The answer to a write: refused when the program said so, the same again for a key already answered. */
  const write = (request: { headers: Record<string, unknown>; params: Record<string, string> }, apply: (log: RunLog) => { status?: number; json: unknown }) => {
    const log = logs.get(request.params.run)!;
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && answered.has(key)) return answered.get(key)!;
    if (log.refuseNext !== undefined) {
      const status = log.refuseNext;
      log.refuseNext = undefined;
      return { status, json: { message: `refused with ${status}` } };
    }
    const reply = apply(log);
    if (typeof key === 'string') answered.set(key, reply);
    return reply;
  };
  server.route('GET', '/runs/:run/todos', (request) => {
    const userId = request.query.get('userId');
    const rows = [...logs.get(request.params.run)!.todos.values()];
    return { json: userId === null ? rows : rows.filter((row) => String(row.userId) === userId) };
  });
  server.route('POST', '/runs/:run/todos', (request) =>
    write(request, (log) => {
      const { id: _temporary, ...fields } = request.body as Partial<Row>;
      const row: Row = { title: '', userId: 0, completed: false, updatedAt: 0, ...fields, id: ++nextId };
      log.todos.set(row.id, row);
      log.created.push(row.title);
      return { status: 201, json: row };
    }),
  );
  server.route('PATCH', '/runs/:run/todos/:id', (request) =>
    write(request, (log) => {
      const id = Number(request.params.id);
      const stored = log.todos.get(id);
      if (stored === undefined) {
        log.notFound++;
        return { status: 404, json: { message: `no todo ${id}` } };
      }
      const next = { ...stored, ...(request.body as Partial<Row>), id };
      log.todos.set(id, next);
      return { json: next };
    }),
  );
});
afterAll(() => server.close());

let runs = 0;

async function run(program: readonly Cmd[]) {
  const run = String(++runs);
  const seeded: Row[] = [1, 2, 3, 4].map((id) => ({ id, title: `todo ${id}`, completed: false, userId: id <= 2 ? 1 : 2, updatedAt: 0 }));
  const log: RunLog = { todos: new Map(seeded.map((row) => [row.id, row])), created: [], notFound: 0, refuseNext: undefined };
  logs.set(run, log);
  const storage: PersistStorage = memoryStorage();
  const name = `outbox-lists-property-${run}`;
  const { TodoResource, createTodo } = todoResources(`${server.url}/runs/${run}`);
  const attempts = attemptsCounter();
  let offline = false;
  const args = (userId: (typeof LISTS)[number]) => (userId === undefined ? [] : [{ userId }]);

  const load = (start?: number) => {
    const clock = makeClock(start);
    // A page writes the storage while it lives; a reload's old page is gone and writes nothing more.
    const own = pageStorage(storage);
    const persisted = persist({ storage: own.storage, throttle: THROTTLE });
    const features = [persisted, outbox({ resources: [TodoResource, createTodo], name }), collectionEdits(), attempts.feature];
    const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features });
    const store = makeStore(cache);
    if (offline) store.dispatch(cache.actions.offline());
    return { clock, persisted, cache, store, controller: cache.controller(store), close: own.close };
  };
  /** Until no request of any page of this program is on its way (and what its answer set off has run). */
  const settle = attempts.settle;
  const list = (page: ReturnType<typeof load>, userId: (typeof LISTS)[number]) =>
    ((page.controller.getResponse as unknown as (...a: unknown[]) => { data?: { id: number; title: string }[] })(TodoResource.getList, ...args(userId), page.store.getState()).data ?? []);

  let page = load();
  await page.persisted.ready(page.store);
  for (const userId of LISTS) await (page.controller.fetch as (...a: unknown[]) => Promise<unknown>)(TodoResource.getList, ...args(userId));
  const creates: { title: string; call: ReturnType<typeof watch> }[] = [];

  for (const cmd of program) {
    page.clock.advance(1);
    if (cmd.op === 'create') {
      const title = `created ${creates.length}`;
      creates.push({ title, call: watch(page.controller.fetch(createTodo, { title, userId: cmd.userId })) });
    } else if (cmd.op === 'move') {
      // Any todo the page lists, a created one under its temporary id included.
      const ids = list(page, undefined).map((todo) => todo.id);
      if (ids.length === 0) continue;
      void page.controller.fetch(TodoResource.getList.move, { id: ids[cmd.pick % ids.length] }, { userId: cmd.userId }).catch(() => undefined);
    } else if (cmd.op === 'offline' || cmd.op === 'online') {
      offline = cmd.op === 'offline';
      page.store.dispatch(page.cache.actions[cmd.op]());
    } else if (cmd.op === 'refuseNext') {
      log.refuseNext = cmd.status;
    } else {
      page = await reload(page, load, settle, THROTTLE);
    }
    await settle();
  }

  log.refuseNext = undefined;
  page.store.dispatch(page.cache.actions.online());
  await settle();
  for (let i = 0; i < 10 && selectOutbox(page.cache, page.store.getState()).some((entry) => entry.status !== 'failed'); i++) {
    await page.controller.flushOutbox();
    await settle();
    page.clock.advance(30_000);
    await settle();
  }
  return { page, creates, log, list };
}

it('creates and moves kept offline over reloads and refusals: each create sent once, every list as the server lists it', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 18 }), async (program) => {
      const { page, creates, log, list } = await run(program);
      const failed = new Set(selectOutbox(page.cache, page.store.getState()).map((entry) => JSON.stringify(entry.args)));
      let anyRefused = false;
      for (const create of creates) {
        const sent = log.created.filter((title) => title === create.title).length;
        const refused = create.call.state === 'rejected' || [...failed].some((args) => args.includes(`"${create.title}"`));
        anyRefused ||= refused;
        expect({ title: create.title, sent }).toEqual({ title: create.title, sent: refused ? 0 : 1 });
      }
      // With every create made, a move of a created todo went to its real id (a refused create's moves may not).
      if (!anyRefused) expect(log.notFound).toBe(0);
      for (const userId of LISTS) {
        const stored = list(page, userId).map((todo) => todo.id).sort((a, b) => a - b);
        const onServer = [...log.todos.values()].filter((row) => userId === undefined || row.userId === userId).map((row) => row.id).sort((a, b) => a - b);
        expect({ list: userId ?? 'all', ids: stored }).toEqual({ list: userId ?? 'all', ids: onServer });
      }
    }),
    propertyParameters(60),
  );
}, propertyTimeout(120_000));
