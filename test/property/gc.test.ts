// Random programs of list and detail fetches, uses taken and released, rows written by `controller.set`, the
// server's data moving on, the clock moving and sweeps, against the real local server. Garbage collection may
// remove only what nothing uses: after every sweep, every result in use reads exactly as it did before the
// sweep, and a result in use is never removed. (Which rows a sweep may take is pinned by test/store/gc*.test.ts.)
//
// Runs: PROPERTY_RUNS (a factor of the default 60 programs); replay with PROPERTY_SEED and PROPERTY_PATH.
import fc from 'fast-check';
import { setup, slice, startStoreServer, Todo, todoResource, type StoreServer } from '../store/helpers';
import { propertyParameters, propertyTimeout } from './runs';

const KEEP = 1_000;
const IDS = [1, 2, 3, 4, 5, 6];

type Read = { kind: 'list'; userId: number | undefined } | { kind: 'detail'; id: number };
type Cmd =
  | { op: 'fetch'; read: Read }
  | { op: 'use'; read: Read }
  | { op: 'release'; index: number }
  | { op: 'set'; id: number; title: string }
  | { op: 'server'; id: number; change: 'remove' | 'move' | 'rename' }
  | { op: 'advance'; ms: number }
  | { op: 'gc' };

const read: fc.Arbitrary<Read> = fc.oneof(
  fc.record({ kind: fc.constant('list' as const), userId: fc.constantFrom(undefined, 1, 2) }),
  fc.record({ kind: fc.constant('detail' as const), id: fc.constantFrom(...IDS) }),
);
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('fetch' as const), read }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('use' as const), read }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('release' as const), index: fc.nat({ max: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('set' as const), id: fc.constantFrom(...IDS, 7), title: fc.constantFrom('a', 'b') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('server' as const), id: fc.constantFrom(...IDS), change: fc.constantFrom('remove' as const, 'move' as const, 'rename' as const) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(1, KEEP / 2, KEEP, 3 * KEEP) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('gc' as const) }) },
);

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
});
afterEach(() => server.close());

async function runProgram(commands: Cmd[]): Promise<void> {
  server.todos.clear();
  server.seedTodos(IDS.map((id) => ({ id, title: `todo ${id}`, userId: (id % 2) + 1 })));
  const { clock, cache, store, controller } = setup({ keepUnusedDataFor: KEEP, gcInterval: Infinity });
  const TodoResource = todoResource(server.url);
  const target = (r: Read) =>
    r.kind === 'list' ? ([TodoResource.getList, r.userId === undefined ? {} : { userId: r.userId }] as const) : ([TodoResource.get, { id: r.id }] as const);
  const held: { read: Read; release: () => void }[] = [];
  const shown = (r: Read) => {
    const [endpoint, args] = target(r);
    return JSON.stringify(controller.getResponse(endpoint as typeof TodoResource.getList, args as object, store.getState()).data ?? null);
  };
  const steps: string[] = [];
  for (const cmd of commands) {
    steps.push(JSON.stringify(cmd));
    switch (cmd.op) {
      case 'fetch': {
        const [endpoint, args] = target(cmd.read);
        await controller.fetch(endpoint as typeof TodoResource.getList, args as object).catch(() => undefined);
        break;
      }
      case 'use': {
        const [endpoint, args] = target(cmd.read);
        held.push({ read: cmd.read, release: controller.retain(endpoint as typeof TodoResource.getList, args as object) });
        break;
      }
      case 'release':
        if (held.length > 0) held.splice(cmd.index % held.length, 1)[0].release();
        break;
      case 'set':
        await controller.set(Todo, { id: cmd.id }, { id: cmd.id, title: cmd.title, userId: 1 });
        break;
      case 'server': {
        const row = server.todos.get(cmd.id);
        if (cmd.change === 'remove') server.todos.delete(cmd.id);
        else if (row !== undefined) server.todos.set(cmd.id, cmd.change === 'move' ? { ...row, userId: row.userId === 1 ? 2 : 1 } : { ...row, title: `${row.title}!` });
        break;
      }
      case 'advance':
        clock.advance(cmd.ms);
        break;
      case 'gc': {
        const before = held.map((use) => shown(use.read));
        const keysBefore = new Set(Object.keys(slice(cache, store).meta));
        await controller.gc();
        const state = slice(cache, store);
        held.forEach((use, index) => {
          const [endpoint, args] = target(use.read);
          const key = endpoint.key(args as never);
          if (keysBefore.has(key) && !(key in state.meta)) throw new Error(`a result in use (${key}) was removed\n  after: ${steps.join(' ; ')}`);
          const now = shown(use.read);
          if (now !== before[index]) throw new Error(`${key} read ${before[index]} before the sweep and ${now} after\n  after: ${steps.join(' ; ')}`);
        });
        break;
      }
    }
  }
  for (const use of held) use.release();
}

it(
  'a sweep never changes what a result in use reads',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), (commands) => runProgram(commands)),
      propertyParameters(60),
    );
  },
  propertyTimeout(120_000),
);
