// Random programs of concurrent reads, writes, creates, deletes, increments,
// invalidations and resets against a real local server whose answers are
// held and released in random order, some of them failing, while someone else
// changes the server's data and streams rows into the cache (`controller.set`,
// `setResponse`). After every step the view a user reads (entities,
// `getResponse` of the item and of the list) must equal the reference model's
// (raceModel.ts, written from API.md's race rules), and every result the model
// says a write's success revalidated must be stale.
//
// Runs: PROPERTY_RUNS (default 120 programs here); a failure prints its seed, the
// path and the shrunk program. Replay one with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { AbortOptimistic, Entity, RestEndpoint, createResource } from 'rest-slice';
import { FAULTS, startFaultServer, type Answer, type Fault, type FaultServer, type HeldItemRequest } from '../helpers/faultServer';
import { setup, slice } from '../store/helpers';
import { LIST_KEY, RaceModel, getKey, type Row } from './raceModel';
import { propertyParameters, propertyTimeout } from './runs';

class Item extends Entity {
  id: number | string | undefined = undefined;
  title = '';
  count = 0;
  pk() {
    return this.id?.toString();
  }
  static override key = 'Item';
}

const SEED_ROWS = [
  { id: 1, title: 'one', count: 0 },
  { id: 2, title: 'two', count: 5 },
  { id: 3, title: 'three', count: 0 },
];
const IDS = [1, 2, 3, 1000];

// --- the program -----------------------------------------------------------------------

type Cmd =
  | { op: 'read'; id: number; sameMs: boolean }
  | { op: 'list'; sameMs: boolean }
  | { op: 'patch'; id: number; title: string; optimistic: boolean; sameMs: boolean }
  | { op: 'put'; id: number; title: string; count: number; sameMs: boolean }
  | { op: 'create'; title: string; sameMs: boolean }
  | { op: 'delete'; id: number; sameMs: boolean }
  | { op: 'increment'; id: number; sameMs: boolean }
  | { op: 'invalidate'; id: number }
  | { op: 'invalidateAll' }
  | { op: 'event'; id: number }
  | { op: 'response'; id: number }
  | { op: 'reset' }
  | { op: 'external'; change: 'title' | 'remove' | 'create'; id: number; title: string }
  | { op: 'commit'; index: number }
  | { op: 'release'; index: number; fault: Fault };

function show(cmd: Cmd): string {
  const { op, ...rest } = cmd;
  const args = Object.entries(rest)
    .filter(([name, value]) => !(name === 'sameMs' && value === false))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`);
  return `${op}(${args.join(' ')})`;
}

const id = fc.constantFrom(...IDS);
const title = fc.constantFrom('a', 'b', 'c', 'd');
// Mostly a new millisecond per fetch; sometimes the same one (two fetches share a clock reading).
const sameMs = fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
const fault = fc.oneof({ weight: 5, arbitrary: fc.constant<Fault>('ok') }, { weight: 3, arbitrary: fc.constantFrom(...FAULTS) });
const index = fc.nat({ max: 7 });

const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('read' as const), id, sameMs }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('list' as const), sameMs }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('patch' as const), id, title, optimistic: fc.boolean(), sameMs }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('put' as const), id, title, count: fc.nat({ max: 9 }), sameMs }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), title, sameMs }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), id, sameMs }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('increment' as const), id, sameMs }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('invalidate' as const), id }) },
  { weight: 1, arbitrary: fc.constant({ op: 'invalidateAll' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('event' as const), id }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('response' as const), id }) },
  { weight: 1, arbitrary: fc.constant({ op: 'reset' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('external' as const), change: fc.constantFrom('title' as const, 'remove' as const, 'create' as const), id, title }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('commit' as const), index }) },
  { weight: 9, arbitrary: fc.record({ op: fc.constant('release' as const), index, fault }) },
);

/** A program prints as its list of commands. */
const program = fc.array(command, { minLength: 1, maxLength: 30 }).map((cmds) =>
  Object.assign(cmds, { [fc.toStringMethod]: () => `[\n  ${cmds.map(show).join(',\n  ')}\n]` }),
);

// --- running a program -------------------------------------------------------------------

interface Op {
  readonly n: number;
  readonly cmd: Cmd;
  readonly fetchedAt: number;
  readonly key: string;
  /** The server request it sent (undefined when it shared another read's request). */
  readonly held: HeldItemRequest | undefined;
  /** The read whose request it shares. */
  readonly leader?: Op;
  /** Rejected by a reset: its answer must never reach the store. */
  aborted: boolean;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());

async function until(check: () => boolean, what: string, timeout = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const fields = (row: { title?: string; count?: number } | undefined | null) =>
  row === undefined || row === null ? undefined : { title: row.title ?? '', count: row.count ?? 0 };

async function runProgram(cmds: readonly Cmd[]): Promise<void> {
  await server.reset(SEED_ROWS);
  const arrivedBefore = server.arrived;
  let sent = 0;
  const { cache, store, controller, clock } = setup();
  const url = server.url;
  const Resource = createResource({ urlPrefix: url, path: '/items/:id', schema: Item, optimistic: true });
  const plainPatch = new RestEndpoint({ urlPrefix: url, path: '/items/:id', method: 'PATCH', schema: Item, name: 'Item.plainPatch' });
  const increment = new RestEndpoint({
    urlPrefix: url,
    path: '/items/:id/increment',
    method: 'POST',
    body: undefined,
    schema: Item,
    name: 'Item.increment',
    getOptimisticResponse(snap: any, params: { id: number }) {
      const { data } = snap.getResponse(Resource.get, params);
      if (!data) throw new AbortOptimistic();
      return { id: params.id, count: data.count + 1 };
    },
  });

  const model = new RaceModel();
  const detailPrefix = Resource.get.key({ id: 1 }).slice(0, -1);
  const ops: Op[] = [];
  const readsInFlight = new Map<string, Op>();
  let tempIds = 0;
  const step: string[] = [];
  const fail = (message: string): never => {
    throw new Error(`${message}\n  after: ${step.join(' ; ')}`);
  };

  function compare(): void {
    const state = store.getState();
    const view = model.view();
    const pks = new Set([...model.pks(), ...IDS.map(String), ...[...server.items.keys()].map(String)]);
    for (const pk of pks) {
      const actual = fields(cache.selectEntity(state, Item, pk));
      const expected = fields(view.rows.get(pk)?.row);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        fail(`entity ${pk}: the store shows ${JSON.stringify(actual)}, the model ${JSON.stringify(expected)}`);
      }
    }
    for (const itemId of IDS) {
      const actual = fields(controller.getResponse(Resource.get, { id: itemId }, state).data);
      const expected = fields(model.getData(view, itemId));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        fail(`getResponse(get, { id: ${itemId} }).data is ${JSON.stringify(actual)}, the model says ${JSON.stringify(expected)}`);
      }
    }
    const list = controller.getResponse(Resource.getList, state).data as Item[] | undefined;
    const actualList = list?.map((item) => String(item.id));
    const expectedList = model.listData(view);
    if (JSON.stringify(actualList) !== JSON.stringify(expectedList)) {
      fail(`getList shows ${JSON.stringify(actualList)}, the model ${JSON.stringify(expectedList)}`);
    }
    // 5b: what a write's success revalidated (nothing is in use, so marked stale) stays stale until read again.
    const metas = slice(cache, store).meta;
    for (const key of model.mustBeStale) {
      const storeKey = key === LIST_KEY ? Resource.getList.key() : Resource.get.key({ id: Number(key.slice('get:'.length)) });
      const meta = metas[storeKey];
      if (meta === undefined || meta.expiresAt > clock.now()) {
        fail(`${key} should be stale after a write revalidated it; its meta is ${JSON.stringify(meta)}`);
      }
    }
  }

  async function issue(cmd: Cmd & { sameMs: boolean }, key: string, run: () => Promise<unknown>, isRead: boolean): Promise<Op> {
    clock.advance(cmd.sameMs ? 0 : 1);
    // Rule 5: of two fetches, the one triggered later counts as later, also at one clock reading (the store
    // stamps it a fraction of a millisecond later): the model breaks such a tie by the order triggered.
    const fetchedAt = clock.now() + ops.length / 4096;
    const leader = isRead ? readsInFlight.get(key) : undefined;
    const promise = run();
    let held: HeldItemRequest | undefined;
    if (leader === undefined) {
      // Identical concurrent GETs share one request (rule 1); anything else sends its own.
      sent++;
      await server.waitForArrived(arrivedBefore + sent);
      held = server.held[server.held.length - 1];
    }
    const op: Op = { n: ops.length, cmd, fetchedAt: leader?.fetchedAt ?? fetchedAt, key, held, leader, aborted: false };
    promise.then(
      (value) => (op.outcome = { ok: true, value }),
      (error: unknown) => (op.outcome = { ok: false, error }),
    );
    ops.push(op);
    if (isRead && leader === undefined) readsInFlight.set(key, op);
    return op;
  }

  /** Applies the outcome of a released request to the model, after checking the caller saw that outcome. */
  async function settle(op: Op, fault: Fault, answer: Answer | undefined): Promise<void> {
    const followers = ops.filter((other) => other.leader === op && !other.aborted);
    await until(() => op.outcome !== undefined && followers.every((f) => f.outcome !== undefined), `op #${op.n} to settle`);
    if (readsInFlight.get(op.key) === op) readsInFlight.delete(op.key);
    const ok = fault === 'ok' && answer !== undefined && answer.status >= 200 && answer.status < 300;
    for (const each of [op, ...followers]) {
      if (each.outcome!.ok !== ok) {
        const got = each.outcome!.ok ? 'resolved' : `rejected: ${String((each.outcome as { error: unknown }).error)}`;
        fail(`op #${each.n} ${show(each.cmd)} ${got}; expected it to ${ok ? 'resolve' : 'reject'} (fault ${fault}, status ${answer?.status})`);
      }
      if (!each.outcome!.ok && !((each.outcome as { error: unknown }).error instanceof Error)) {
        fail(`op #${each.n} rejected with a non-Error: ${String((each.outcome as { error: unknown }).error)}`);
      }
    }
    const cmd = op.cmd;
    const F = op.fetchedAt;
    model.removeLayer(op.n);
    const isRead = cmd.op === 'read' || cmd.op === 'list';
    if (isRead) model.readSettled(op.key);
    if (!ok) {
      if (isRead) model.readFailed(op.key, F);
      else model.writeFailed(op.n);
      return;
    }
    const json = answer!.json;
    switch (cmd.op) {
      case 'read':
        model.readItem(cmd.id, json as Row, F);
        return;
      case 'list':
        model.readList(json as Row[], F);
        return;
      case 'patch':
      case 'put':
      case 'increment':
        model.writeSucceeded(op.n, String((json as Row).id), model.wrote(json as Row, F));
        return;
      case 'delete':
        model.writeSucceeded(op.n, String(cmd.id), model.deleted(cmd.id, F));
        return;
      case 'create':
        model.writeSucceeded(op.n, String((json as Row).id), model.created(json as Row, F));
        return;
      default:
        fail(`op #${op.n} ${show(cmd)} sent no request`);
    }
  }

  async function release(held: HeldItemRequest, fault: Fault): Promise<void> {
    const op = ops.find((candidate) => candidate.held === held);
    const answer = await held.release(fault);
    if (op === undefined || op.aborted) return;
    await settle(op, fault, answer);
  }

  for (const cmd of cmds) {
    step.push(show(cmd));
    switch (cmd.op) {
      case 'read':
        await issue(cmd, getKey(cmd.id), () => controller.fetch(Resource.get, { id: cmd.id }), true);
        break;
      case 'list':
        await issue(cmd, LIST_KEY, () => controller.fetch(Resource.getList), true);
        break;
      case 'patch': {
        const endpoint = cmd.optimistic ? Resource.partialUpdate : plainPatch;
        const op = await issue(cmd, `patch:${ops.length}`, () => controller.fetch(endpoint as typeof plainPatch, { id: cmd.id }, { title: cmd.title }), false);
        model.writeStarted(op.n);
        if (cmd.optimistic) model.addLayer({ kind: 'patch', id: cmd.id, title: cmd.title, fetchedAt: op.fetchedAt, op: op.n });
        break;
      }
      case 'put': {
        const op = await issue(cmd, `put:${ops.length}`, () => controller.fetch(Resource.update, { id: cmd.id }, { title: cmd.title, count: cmd.count }), false);
        model.writeStarted(op.n);
        model.addLayer({ kind: 'put', id: cmd.id, title: cmd.title, count: cmd.count, fetchedAt: op.fetchedAt, op: op.n });
        break;
      }
      case 'create': {
        const tempId = `tmp-${++tempIds}`;
        const op = await issue(cmd, `create:${ops.length}`, () => controller.fetch(Resource.getList.push, { id: tempId, title: cmd.title } as never), false);
        model.writeStarted(op.n);
        model.addLayer({ kind: 'push', tempId, title: cmd.title, fetchedAt: op.fetchedAt, op: op.n });
        break;
      }
      case 'delete': {
        const op = await issue(cmd, `delete:${ops.length}`, () => controller.fetch(Resource.delete, { id: cmd.id }), false);
        model.writeStarted(op.n);
        model.addLayer({ kind: 'delete', id: cmd.id, fetchedAt: op.fetchedAt, op: op.n });
        break;
      }
      case 'increment': {
        const op = await issue(cmd, `increment:${ops.length}`, () => controller.fetch(increment, { id: cmd.id }), false);
        model.writeStarted(op.n);
        model.addLayer({ kind: 'increment', id: cmd.id, fetchedAt: op.fetchedAt, op: op.n });
        break;
      }
      case 'invalidate':
        await controller.invalidate(Resource.get, { id: cmd.id });
        model.invalidate(getKey(cmd.id));
        break;
      case 'invalidateAll':
        // Every detail key: those stored, and those the cache read by inference and that infer a row now.
        await controller.invalidateAll({ testKey: (key) => key.startsWith(detailPrefix) });
        model.invalidateAllDetails(IDS);
        break;
      case 'event': {
        // A server-sent row, written with `controller.set` (what `onSubscribe` streams do).
        const row = server.items.get(cmd.id);
        if (row === undefined) break;
        clock.advance(1);
        await controller.set(Item, { id: cmd.id }, { ...row });
        model.event({ ...row }, clock.now());
        break;
      }
      case 'response': {
        // A server-sent detail, written with `controller.setResponse`: a read's answer without a request.
        const row = server.items.get(cmd.id);
        if (row === undefined) break;
        clock.advance(1);
        await controller.setResponse(Resource.get, { id: cmd.id }, { ...row });
        model.readItem(cmd.id, { ...row }, clock.now());
        model.readSettled(getKey(cmd.id));
        break;
      }
      case 'reset': {
        clock.advance(1);
        const alive = ops.filter((op) => !op.aborted && op.outcome === undefined);
        await controller.resetEntireStore();
        model.reset();
        readsInFlight.clear();
        for (const op of alive) op.aborted = true;
        // A fetch in flight at the reset rejects, and its response never reaches the store.
        await until(() => alive.every((op) => op.outcome !== undefined), 'the fetches in flight to reject at the reset');
        for (const op of alive) {
          if (op.outcome!.ok) fail(`op #${op.n} ${show(op.cmd)} resolved though the store was reset while it was in flight`);
        }
        break;
      }
      case 'external':
        if (cmd.change === 'title') server.external.setTitle(cmd.id, `${cmd.title}!`);
        else if (cmd.change === 'remove') server.external.remove(cmd.id);
        else server.external.create(cmd.title);
        break;
      case 'commit':
        if (server.held.length > 0) server.held[cmd.index % server.held.length].commit();
        break;
      case 'release':
        if (server.held.length > 0) await release(server.held[cmd.index % server.held.length], cmd.fault);
        break;
    }
    compare();
  }

  // --- the drain: every answer released, in arrival order -------------------------------
  step.push('drain');
  while (server.held.length > 0) {
    await release(server.held[0], 'ok');
    compare();
  }
  const unsettled = ops.filter((op) => op.outcome === undefined);
  if (unsettled.length > 0) fail(`unsettled after the drain: ${unsettled.map((op) => `#${op.n} ${show(op.cmd)}`).join(', ')}`);
  const state = slice(cache, store);
  expect(state.optimistic).toEqual([]);
  expect(state.inflight).toEqual({});
  const list = controller.getResponse(Resource.getList, store.getState()).data as Item[] | undefined;
  for (const item of list ?? []) {
    // No temporary id and no invalidated entity lingers in a list (rules 6 and 7).
    expect(typeof item.id).toBe('number');
    expect(cache.selectEntity(store.getState(), Item, item.id as number)).toBeDefined();
  }

  // A fresh read converges on the server, whatever happened before. (Checked by a read rather than
  // "where the last request succeeded": API.md lets a late older answer lose to newer data, so which
  // request's data the cache shows is the model's business above; here the cache must agree with the
  // server once a read fetched after everything has succeeded.)
  clock.advance(1);
  const listPromise = controller.fetch(Resource.getList);
  await server.waitForArrived(arrivedBefore + sent + 1);
  await server.held[0].release('ok');
  await listPromise;
  const final = (controller.getResponse(Resource.getList, store.getState()).data as Item[]).map((item) => ({
    id: item.id,
    title: item.title,
    count: item.count,
  }));
  expect(final).toEqual([...server.items.values()]);
}

it('random programs of concurrent operations keep the view equal to the model', async () => {
  await fc.assert(
    fc.asyncProperty(program, async (cmds) => {
      await runProgram(cmds);
    }),
    propertyParameters(120),
  );
}, propertyTimeout(600_000));
